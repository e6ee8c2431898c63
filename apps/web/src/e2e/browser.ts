import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { LAYOUT_PATH } from '@app/domain';
import type axe from 'axe-core';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { expect, inject, onTestFailed } from 'vitest';

/** Browser helpers for the e2e tests: Debian's Chromium, two viewports, sign-in, screenshots, accessibility checks. */
export const DESKTOP = { width: 1366, height: 900 };
export const MOBILE = { width: 390, height: 844 };
export const PASSWORD = 'Demo1234!';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../../test-results/screenshots');
const FAILURES = path.resolve(import.meta.dirname, '../../test-results/failures');
let failureShots = 0;

/**
 * This worker's server: the global setup starts one per worker, so the files running side by side never
 * share a server, its demo accounts or its mail folder.
 */
function ownServer(): { baseUrl: string; dataDir: string } {
  const servers = inject('servers');
  return servers[(Number(process.env.VITEST_POOL_ID ?? '1') - 1) % servers.length];
}

export function baseUrl(): string {
  return ownServer().baseUrl;
}

/** The server's data directory: its outbox (mails sent), its ERP sync folder, the kept sessions. */
export function dataDir(): string {
  return ownServer().dataDir;
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh context (own storage and cookies). By default the cookie choice is already made, so the
 * banner does not cover the screens under test; the cookie test asks for `consent: false`.
 */
export async function newPage(browser: Browser, opts: { viewport?: typeof DESKTOP; consent?: boolean } = {}): Promise<Page> {
  const context: BrowserContext = await browser.newContext({ baseURL: baseUrl(), viewport: opts.viewport ?? DESKTOP, locale: 'fr-FR' });
  if (opts.consent !== false) {
    await context.addCookies([{ name: 'myShinyCookie', value: 'true', url: baseUrl() }]);
  }
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  // A failing test leaves a picture of where it stopped: test-results/failures/<test>-<n>.png.
  // (Pages opened in a beforeAll serve several tests: no single test to attach the picture to.)
  try {
    onTestFailed(async ({ task }) => {
      if (page.isClosed()) return;
      mkdirSync(FAILURES, { recursive: true });
      const name = task.name.replace(/[^\w-]+/g, '_').slice(0, 80);
      await page.screenshot({ path: path.join(FAILURES, `${name}-${++failureShots}.png`), fullPage: true }).catch(() => {});
    });
  } catch {}
  return page;
}

/** Signs in through the form, always: for a test that needs the sign-in itself (its log, its landing). */
export async function signInWithForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/');
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(new RegExp(`${LAYOUT_PATH}/`));
}

/**
 * Sessions opened through the sign-in form in this run, by account and password (a file beside the
 * server's data, so every test file of the run shares it). A later login() of the same account puts that
 * session back into the new page's storage and opens /layout, instead of typing the form and paying a
 * password hash again: the suite signs in well over a hundred times, which cost it minutes. The form itself stays tested:
 * each account's first login() of a run goes through it, and the tests of sign-in, sign-out and
 * passwords drive it themselves. A session the server no longer accepts (signed out, password changed,
 * account switched off) or whose profile changed since is dropped, and the form used again.
 */
interface KeptSession {
  storage: Record<string, string>;
  profile: string;
}
const SESSION_KEYS = ['version', 'connected', 'token', 'user-info'];
const sessionsFile = () => path.join(dataDir(), 'e2e-sessions.json');

function keptSessions(): Record<string, KeptSession> {
  try {
    return JSON.parse(readFileSync(sessionsFile(), 'utf8')) as Record<string, KeptSession>;
  } catch {
    return {};
  }
}

/** The account's profile as the server gives it for this token, or null when it refuses the token. */
async function profileFor(token: string): Promise<string | null> {
  const res = await fetch(`${baseUrl()}/api/me`, { headers: { authorization: `Bearer ${token}` } });
  return res.ok ? JSON.stringify((await res.json()).data) : null;
}

export async function login(page: Page, email: string, password = PASSWORD): Promise<void> {
  const key = `${email}\n${password}`;
  const kept = keptSessions()[key];
  if (kept && (await profileFor(kept.storage.token)) === kept.profile) {
    // Any page of the origin gives access to its storage; the logo is the lightest.
    await page.goto('/logo.svg');
    await page.evaluate((items) => {
      for (const [name, value] of Object.entries(items)) localStorage.setItem(name, value);
    }, kept.storage);
    await page.goto(LAYOUT_PATH);
    await page.waitForURL(new RegExp(`${LAYOUT_PATH}/`));
    return;
  }
  await signInWithForm(page, email, password);
  const storage = await page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k) ?? ''])), SESSION_KEYS);
  const profile = storage.token ? await profileFor(storage.token) : null;
  if (profile) writeFileSync(sessionsFile(), JSON.stringify({ ...keptSessions(), [key]: { storage, profile } }));
}

export async function logout(page: Page): Promise<void> {
  await page.locator('.user-button').click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

function viewportName(page: Page): 'desktop' | 'mobile' {
  return (page.viewportSize()?.width ?? DESKTOP.width) <= MOBILE.width ? 'mobile' : 'desktop';
}

/**
 * Lets the screen settle: a moment for what a click set off to start (a dialog, a toast, a redraw), two
 * frames drawn, then the running animations ended (at most 3 s; endless ones, spinners, do not count).
 */
async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(200);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), null, {
      timeout: 3_000,
    })
    .catch(() => undefined);
}

/**
 * Saves test-results/screenshots/<name>-<desktop|mobile>.png, after animations settle, then checks
 * the page as it is (screen, open dialog, menu, toast) with axe-core: every screen and dialog a test
 * looks at is checked, so later screens inherit the check by taking their screenshot.
 */
export async function shot(page: Page, name: string): Promise<void> {
  await settle(page);
  await picture(page, name);
  await checkA11y(page, name);
}

/** The screenshot alone, at once: for a state that does not wait (a toast counting), checked by axe elsewhere. */
export async function picture(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${viewportName(page)}.png`) });
}

const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const A11Y_BLOCKING = new Set(['serious', 'critical']);
/**
 * Rows past a table's fifth are left out of the check: they repeat the first rows' markup with other
 * data, and axe's time grows with the page (a 50-row client list took 35 s, its first five rows 2 s).
 */
export const A11Y_EXCLUDED = 'tbody > tr:nth-child(n+6)';
/** axe-core's script, injected once per document: @axe-core/playwright injected it again and opened a page at every check. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The serious and critical axe-core violations of the page as it is, one readable entry each. */
export async function a11yViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const { violations } = await page.evaluate(
    ([tags, excluded]) =>
      (window as unknown as { axe: typeof axe }).axe.run({ exclude: [[excluded]] }, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    [A11Y_TAGS, A11Y_EXCLUDED] as const,
  );
  return violations
    .filter((v) => A11Y_BLOCKING.has(v.impact ?? ''))
    .map((v) => {
      const nodes = v.nodes
        .map((n) => {
          const summary = (n.failureSummary ?? '')
            .replace(/\s+/g, ' ')
            .replace(/^Fix (any|all) of the following: ?/, '')
            .slice(0, 220);
          return `    ${n.target.join(' ')}: ${summary}`;
        })
        .join('\n');
      return `${v.id} (${v.impact}, ${v.nodes.length}): ${v.help}\n${nodes}`;
    });
}

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules, none disabled) on the whole document but the rows of
 * A11Y_EXCLUDED, and fails the test (softly: the test goes on, so one run lists every screen's
 * problems) when a violation is serious or critical. Called by `shot`; call it directly for a screen
 * or dialog that is not screenshotted.
 */
export async function checkA11y(page: Page, label: string): Promise<void> {
  // Half-faded text (a dialog or toast still coming in) would be measured at its passing opacity.
  await settle(page);
  expect.soft(await a11yViolations(page), `axe-core on "${label}" (${viewportName(page)}, ${pathOf(page)}): serious or critical violations`).toEqual([]);
}

export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

export async function expectPath(page: Page, expected: string): Promise<void> {
  await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe(expected);
}

/**
 * Opens `path` inside the app already running in the page, as a link would: the router follows the
 * new history entry and nothing is reloaded (the caller waits for what the screen shows). A sweep over every screen then loads the shell, the
 * session and the shared code once, as a user moving through the menu does, instead of once per screen.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  // The screen shown is marked, and gone once the router has drawn the next one (the shell keys its
  // screen by path): until then a test would read the previous screen's rows.
  const moved = await page.evaluate((to) => {
    const shown = document.querySelector('#main > *');
    const leaving = !!shown && new URL(to, window.location.href).pathname !== window.location.pathname;
    if (leaving) shown.setAttribute('data-e2e-left', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    return leaving;
  }, path);
  if (moved) await page.waitForFunction(() => !document.querySelector('[data-e2e-left]'), null, { timeout: 15_000 });
}

const inFlight = new WeakMap<Page, Set<object>>();
/**
 * Starts counting the page's requests in flight, for `networkQuiet`. Playwright's 'networkidle' load
 * state is reached once per document: after a move inside the app it is already true.
 */
export function trackRequests(page: Page): void {
  if (inFlight.has(page)) return;
  const open = new Set<object>();
  inFlight.set(page, open);
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/** No request of the page in flight for `quietMs` (what 'networkidle' waits for, after any move). */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const open = inFlight.get(page);
  if (!open) throw new Error('networkQuiet: call trackRequests(page) first');
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (open.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`networkQuiet: still ${open.size} request(s) in flight after ${timeoutMs} ms`);
}

/** Text of a mail file, with base64 and quoted-printable parts decoded. */
function mailText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const [head, ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head))
        return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16)));
      return body;
    })
    .join('\n');
}

/** The 6-digit reset code of the newest mail written to DATA_DIR/outbox for `to`. */
export async function latestResetCode(to: string): Promise<string> {
  const outbox = path.join(dataDir(), 'outbox');
  let code: string | undefined;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
        } catch {
          return undefined;
        }
        const newest = files
          .map((f) => path.join(outbox, f))
          .filter((f) => readFileSync(f, 'utf8').includes(to))
          .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
        if (!newest) return undefined;
        code = /^\s*(\d{6})\s*$/m.exec(mailText(readFileSync(newest, 'utf8')))?.[1];
        return code;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return code!;
}

/** Picks a day in the DateField's calendar: the year (from the decade view), the month, the day, then 'Choisir'. */
/**
 * Types into a search select and picks the suggestion holding `text`, then waits until the field
 * shows it: a late answer to an earlier keystroke may redraw the list under the click, so the pick
 * is tried again until it holds.
 */
export async function pickSuggestion(page: Page, input: Locator, text: string): Promise<void> {
  await input.pressSequentially(text, { delay: 30 });
  // Picked: the field shows the option's whole label ("CAF-0002 — Café moulu…"), not just what was typed.
  const picked = async () => {
    const value = await input.inputValue();
    return value.includes(text) && value.trim() !== text;
  };
  for (let attempt = 1; ; attempt++) {
    await page.locator('.p-autocomplete-panel li', { hasText: text }).first().click();
    try {
      await expect.poll(picked, { timeout: 3_000 }).toBe(true);
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

export async function pickDate(page: Page, scope: Locator, name: string, year: number, monthIndex: number, day: number) {
  await scope.locator(`[data-field="field-${name}"] button[aria-label="Ouvrir le calendrier"]`).click();
  const panel = page.locator('.date-field-panel');
  await expect.poll(() => panel.isVisible(), { timeout: 15_000 }).toBe(true);
  // The year view must be open before its arrows page decades (in the day view they page months).
  await expect
    .poll(
      async () => {
        if (!(await panel.locator('.p-yearpicker').isVisible())) await panel.locator('.p-datepicker-year').click();
        return panel.locator('.p-yearpicker').isVisible();
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  for (let i = 0; i < 20 && !(await panel.locator('.p-yearpicker-year', { hasText: String(year) }).count()); i++) {
    await panel.locator('.p-datepicker-prev').click();
  }
  await panel.locator('.p-yearpicker-year', { hasText: String(year) }).click();
  await panel.locator('.p-monthpicker-month').nth(monthIndex).click();
  await panel.locator('.p-datepicker-calendar td:not(.p-datepicker-other-month) > span', { hasText: new RegExp(`^${day}$`) }).click();
  await panel.getByRole('button', { name: 'Choisir', exact: true }).click();
  await expect.poll(() => panel.isVisible(), { timeout: 15_000 }).toBe(false);
}
