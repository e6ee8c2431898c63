import { useSyncExternalStore } from 'react';
import { type SessionUser, session } from './session';

/** The signed-in user, re-rendering when the stored user-info changes. */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(session.subscribe, session.user);
}
