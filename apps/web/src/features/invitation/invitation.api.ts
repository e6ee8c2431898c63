import type { AcceptInvitationBody, InvitationAccepted, InvitationInfo } from '@app/domain';
import { api } from '../../lib/api';

/** The public invitation page's two calls; the page shows its own messages. */
export const readInvitation = (token: string) => api.get<InvitationInfo>(`invitations/${encodeURIComponent(token)}`, undefined, { silent: true });

export const acceptInvitation = (body: AcceptInvitationBody) => api.post<InvitationAccepted>('invitations/accept', body, { silent: true });
