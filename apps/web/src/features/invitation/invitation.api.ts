import type { AcceptInvitationBody, InvitationAccepted, InvitationInfo } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The public invitation page's two calls; the page shows its own messages. The token travels in bodies only. */
export const readInvitation = (token: string) => api.post<InvitationInfo>('invitations/lookup', { token }, { silent: true });
export const invitationKey = (token: string) => ['invitation', token] as const;
/** Who is invited: read once per token (a shorter string is no token), never retried (an expired link stays expired). */
export const useInvitation = (token: string) =>
  useQuery({ queryKey: invitationKey(token), queryFn: () => readInvitation(token), enabled: token.length >= 20, retry: false, staleTime: Infinity });

/**
 * The link's token: in the fragment (`/invitation#token=…`), which browsers never send to a server.
 * Links mailed before the fragment came (`?token=…`, valid 7 days) are still read, and moved.
 */
export function invitationTokenOf(location: { hash: string; search: string }): { token: string; legacy: boolean } {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  if (fromHash) return { token: fromHash, legacy: false };
  const fromQuery = new URLSearchParams(location.search).get('token');
  return { token: fromQuery ?? '', legacy: !!fromQuery };
}

export const acceptInvitation = (body: AcceptInvitationBody) => api.post<InvitationAccepted>('invitations/accept', body, { silent: true });
