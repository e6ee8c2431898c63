/** What the communication module offers the other modules: they import it from here only, never from its files (biome.json). */
export { communicationRoutes } from './communication.routes';
export { seedTemplates } from './communication.seed';
export { assertInvitationTemplate, cannotSignIn, sendInvitations } from './invitations.service';
