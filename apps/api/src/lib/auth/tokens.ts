import { createHash, randomBytes } from 'node:crypto';

/** Only a token's SHA-256 is ever stored (sessions, app tokens, invitations, resets). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** 256 random bits, URL-safe: a bearer or link token. */
export const newToken = () => randomBytes(32).toString('base64url');
