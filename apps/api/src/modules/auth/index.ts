/** What the auth module offers the other modules: they import it from here only, never from its files (biome.json). */
export { EMAIL_EXISTS } from './account.service';
export { registerAuthHousekeeping } from './auth.housekeeping';
export { emailTakenByOther, findAccountById, revokeUserSessions, type Account } from './auth.repository';
export { authRoutes } from './auth.routes';
export { connectionLogs } from './auth.table';
export { giveBackAttempt, recordAttempt } from './login-attempts';
export { acceptSignIn, checkSignIn, type Refusal } from './login.service';
