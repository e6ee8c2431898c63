import { LAYOUT_PATH, redirectFor, SIGN_IN_PATH } from '@app/domain';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { session } from '../lib/session';
import { useSessionUser } from '../lib/useSession';

/**
 * Protected area: a connected flag, a token and the stored user are required, else
 * back to sign-in. Then the role's route rule (redirectFor, shared with the API) may send the
 * user elsewhere. /layout itself is the landing dispatcher and always passes.
 */
export function Guard({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  const { pathname, search } = useLocation();
  if (!user || !session.isActive()) return <Navigate to={SIGN_IN_PATH} replace />;
  if (pathname === LAYOUT_PATH || pathname === `${LAYOUT_PATH}/`) return children;
  const target = redirectFor(user.role, pathname);
  if (target && target !== pathname + search) return <Navigate to={target} replace />;
  return children;
}
