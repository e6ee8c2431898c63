export { type InviteRecipient, inviteRequest, sentDetail } from './invite';
export { InviteDialog, type InviteDialogProps } from './InviteDialog';
