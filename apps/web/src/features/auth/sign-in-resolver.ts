import { loginBody } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';

/** The sign-in form's rules, in a chunk of their own so zod is not part of the sign-in page's first load. */
export const signInResolver = zodResolver(loginBody.pick({ email: true, password: true }));
