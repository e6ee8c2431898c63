import { api } from '../../lib/api';
import type { SessionUser } from '../../lib/session';

/** The session calls, each a thin typed wrapper; screens show their own messages. */
export interface LoginReply {
  token: string;
  role: string;
  login: string;
  user: Omit<SessionUser, 'role' | 'login'>;
}

export const signIn = (body: { email: string; password: string; captcha?: string }) =>
  api.post<LoginReply>('loginBO', { ...body, from: 'BO' }, { silent: true });

export const sendResetEmail = (body: { email: string; captcha?: string }) => api.post<unknown>('password/send-email', body, { silent: true });

export const validateResetCode = (body: { email: string; reset_code: string }) => api.post<unknown>('password/validate-code', body, { silent: true });

export const resetPassword = (body: { email: string; reset_code: string; password: string }) => api.post<unknown>('password/reset-pwd', body, { silent: true });

export interface ChangePasswordPayload {
  name: string;
  old_password: string;
  new_password: string | null;
  confirm_password: string | null;
}

export const changePassword = (id: number, body: ChangePasswordPayload) => api.put<unknown>(`back-office/changePassword/${id}`, body, { silent: true });

/**
 * Best-effort server logout. Sent with fetch directly: a token the server already refuses must
 * not raise 'Session expirée' while the user is leaving anyway.
 */
export function signOut(token: string | null): Promise<void> {
  if (!token) return Promise.resolve();
  return fetch('/api/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` }, keepalive: true })
    .then(() => undefined)
    .catch(() => undefined);
}
