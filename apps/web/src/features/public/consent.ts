/** The cookie consent choice: cookie myShinyCookie, "true" or "false", kept a year. */
export const CONSENT_COOKIE = 'myShinyCookie';

export function readConsent(): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${CONSENT_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(CONSENT_COOKIE.length + 1)) : null;
}

export function writeConsent(accepted: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party cookie; the Cookie Store API is not in every browser we support.
  document.cookie = `${CONSENT_COOKIE}=${accepted}; path=/; max-age=${365 * 24 * 3600}; SameSite=Lax`;
}
