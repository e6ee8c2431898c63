/**
 * A readable device name for the connection logs ("Chrome 120 — Linux"), from the User-Agent.
 * Deliberately small: the logs only need the browser family, its major version and the system;
 * order matters because Edge and Opera also claim to be Chrome, and Chrome claims to be Safari.
 */
const BROWSERS: [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS)\/(\d+)/],
  ['Chromium', /\bChromium\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//],
];

const SYSTEMS: [name: string, pattern: RegExp][] = [
  ['Android', /\bAndroid\b/],
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

export const UNKNOWN_BROWSER = 'Navigateur inconnu';

export function deviceName(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, 1000);
  let browser: string | null = null;
  for (const [name, pattern] of BROWSERS) {
    const match = ua.match(pattern);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const system = SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0];
  if (!browser && !system) return UNKNOWN_BROWSER;
  return [browser ?? UNKNOWN_BROWSER, system].filter(Boolean).join(' — ').slice(0, 200);
}
