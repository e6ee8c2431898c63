/**
 * The request fields that carry a secret: passwords (new, current, old, their confirmation), reset
 * codes, tokens (invitation, refresh, a QR code's), the captcha's proof. Declared once and read by the
 * input hygiene (plugins/sanitize.ts: a secret is checked and compared as typed, never edited, so
 * `Winter2026<?x7Gq` is not stored as `Winter2026`) and by the log redaction (plugins/logging.ts).
 * A field under one of them is a secret too (`password: { old, new }` of the app's PUT me).
 * test/contract/secret-fields.test.ts walks the OpenAPI document: a body or query field whose name looks like
 * a password, a token or a code to type fails the suite until it is listed here.
 */
export const SECRET_FIELDS = [
  'password',
  'PASSWORD',
  'old_password',
  'new_password',
  'confirm_password',
  'current_password',
  'CURRENT_PASSWORD',
  /** The invitation page's password, typed twice. */
  'confirm',
  'reset_code',
  'token',
  'refreshToken',
  'QRCODE',
  'captcha',
] as const;

/** Spelling aside: `refreshToken`, `refresh_token` and `REFRESH_TOKEN` are one name. */
const normal = (name: string) => name.replace(/[_-]/g, '').toLowerCase();
const NORMALISED = new Set(SECRET_FIELDS.map(normal));

export const isSecretField = (name: string): boolean => NORMALISED.has(normal(name));
