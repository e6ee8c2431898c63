import { INVITATION_MSG, type InviteBody, type InviteResult } from '@app/domain';

/** Someone the dialog may invite: the address and how the list names them. */
export interface InviteRecipient {
  email: string;
  label: string;
}

/** The body of POST invite/mail, or the spec's message when the template or every recipient is missing. */
export function inviteRequest(templateId: number | null | undefined, selected: readonly InviteRecipient[]): { body: InviteBody } | { error: string } {
  if (!templateId || selected.length === 0) return { error: INVITATION_MSG.required };
  return { body: { emails: selected.map((r) => r.email), template_key: templateId } };
}

/** Detail of the 'Invitation envoyée' toast: how many left, and who could not be reached. */
export function sentDetail(result: InviteResult): string {
  const sent = result.sent === 1 ? '1 invitation envoyée' : `${result.sent} invitations envoyées`;
  if (!result.failed.length) return `${sent}.`;
  return `${sent} ; échec pour ${result.failed.map((f) => `${f.email} (${f.message})`).join(', ')}`;
}
