import { hrefFor, menuFor } from '@app/domain';
import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, goInApp, launch, login, networkQuiet, newPage, trackRequests } from './browser';

/**
 * The Content-Security-Policy the server sends (apps/api/src/plugins/headers.ts) breaks no screen:
 * the sign-in page with its captcha solved in its worker, every screen of the admin's
 * menu, a rich-text editor with its emoji picker, a file preview, the dashboard's charts, the
 * OpenAPI UI and the privacy page, each failing on any violation the browser reports (the
 * `securitypolicyviolation` event or a CSP message in the console).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Violations reported in a page since the last call (the list is emptied on each read). */
type Violations = () => string[];

/** Opens a page that records every CSP violation: the DOM event (documents, shadow roots) and the console (workers too). */
async function watchedPage(): Promise<{ page: Page; violations: Violations }> {
  const page = await newPage(browser, { viewport: DESKTOP });
  trackRequests(page);
  const seen: string[] = [];
  await page.exposeBinding('__reportCspViolation', (_source, text: string) => {
    seen.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { __reportCspViolation(t: string): void }).__reportCspViolation;
        void report(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile || e.documentURI}:${e.lineNumber} ${e.sample}`);
      },
      true,
    );
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(m.text())) seen.push(`console ${m.type()}: ${m.text()}`);
  });
  // Chromium reports a worker's violations in the worker's own console.
  page.on('worker', (w) => w.on('console', (m) => /Content Security Policy/i.test(m.text()) && seen.push(`worker console: ${m.text()}`)));
  return { page, violations: () => seen.splice(0) };
}

/** The page has settled: no request for half a second, so late violations (lazy chunks, workers) have been reported. */
async function settled(page: Page) {
  await networkQuiet(page);
  await page.waitForTimeout(300);
}

describe('content security policy', () => {
  it('is on, and a violation is seen by this test (an inline script is refused and reported)', async () => {
    const { page, violations } = await watchedPage();
    const res = await page.goto('/');
    const policy = res?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self';");
    await settled(page);
    expect(violations()).toEqual([]);
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.head.append(s);
    });
    await until(() => violations().join('\n')).toMatch(/script-src/);
    expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
    await page.context().close();
  });

  it('the sign-in page with the captcha on: the widget solves its challenge in its worker', async () => {
    const { page, violations } = await watchedPage();
    // The test server runs with CAPTCHA=off: serve a real challenge, made as the API makes them.
    const challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1_000,
      counter: randomInt(1_000, 3_000),
      deriveKey,
      hmacSignatureSecret: 'e2e-secret',
    });
    await page.route('**/api/captcha', (route) => route.fulfill({ json: { success: true, data: { enabled: true, challenge } } }));
    await page.goto('/');
    await until(() => page.locator('altcha-widget').count()).toBe(1);
    await page.getByText('Je ne suis pas un robot').click();
    await expect.poll(() => page.getByText('Vérifié').isVisible(), { timeout: 30_000 }).toBe(true);
    await settled(page);
    expect(violations()).toEqual([]);
    await page.context().close();
  });

  describe('every screen of the admin menu', () => {
    let page: Page;
    let violations: Violations;
    beforeAll(async () => {
      ({ page, violations } = await watchedPage());
      await login(page, 'admin@demo.tn');
      // Charts drawn at once: the dashboard test below counts them without waiting for an animation.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await settled(page);
      expect(violations(), 'sign-in and landing').toEqual([]);
    });
    afterAll(async () => {
      await page?.context().close();
    });

    // Screen after screen inside the running app, as the menu moves (each screen's own code and data
    // load on the way; the shell loads once).
    for (const group of menuFor('admin')) {
      for (const entry of group.entries) {
        it(`${group.label} / ${entry.label} (${entry.path})`, async () => {
          await goInApp(page, entry.path);
          await until(() => page.locator('.title-bar h1').textContent()).toBe(`${group.label} / ${entry.label}`);
          await until(() => page.locator('#main .page-loading').count()).toBe(0);
          await settled(page);
          expect(await page.locator('#main').innerText()).not.toBe('');
          expect(violations()).toEqual([]);
        });
      }
    }

    it('the dashboard draws its charts', async () => {
      await goInApp(page, hrefFor('dashboard'));
      await until(() => page.locator('.dash-chart canvas').count()).toBeGreaterThanOrEqual(8);
      await settled(page);
      expect(violations()).toEqual([]);
    });

    it("a template's add dialog opens its rich-text editor", async () => {
      await goInApp(page, hrefFor('templates', { type: 'email' }));
      await page.getByRole('button', { name: 'Ajouter' }).click();
      const add = page.getByRole('dialog', { name: 'Ajouter un modèle email' });
      const editor = add.locator('.ql-editor');
      await until(() => editor.isVisible()).toBe(true);
      await editor.click();
      await page.keyboard.type('Bonjour {{PRENOM}}');
      await add.locator('.ql-toolbar button.ql-bold').click();
      await page.keyboard.type(' en gras');
      await until(() => editor.locator('strong').count()).toBe(1);
      await settled(page);
      expect(violations()).toEqual([]);
    });

    it("a notification's editor with its emoji picker, and an image's preview", async () => {
      await goInApp(page, hrefFor('flux'));
      await page.getByRole('button', { name: 'Ajouter' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nouvelle notification' });
      await dialog.getByRole('tab', { name: 'Clients actifs' }).click();
      const tab = dialog.getByRole('tabpanel');
      const editor = tab.locator('.ql-editor');
      await until(() => editor.isVisible()).toBe(true);
      await editor.click();
      await editor.pressSequentially('Promo');
      await tab.getByRole('button', { name: 'Emoji' }).click();
      const emoji = page.locator('em-emoji-picker button[aria-label="🎉"]').first();
      await page.locator('em-emoji-picker input[type="search"]').first().fill('party');
      await until(() => emoji.isVisible()).toBe(true);
      await emoji.click();
      await until(() => editor.textContent()).toBe('Promo🎉');
      // A chosen file is previewed from a blob: URL before it is sent.
      await tab.locator('#field-IMAGE').setInputFiles({ name: 'promo.png', mimeType: 'image/png', buffer: PNG });
      await until(() => tab.locator('img[src^="blob:"]').count()).toBeGreaterThan(0);
      await settled(page);
      expect(violations()).toEqual([]);
    });
  });

  it('the OpenAPI UI and the privacy page', async () => {
    const { page, violations } = await watchedPage();
    await page.goto('/api/docs/');
    await until(() => page.locator('.swagger-ui .opblock').count()).toBeGreaterThan(10);
    await page.locator('.swagger-ui .opblock-summary').first().click();
    await until(() => page.locator('.swagger-ui .opblock-body').count()).toBeGreaterThan(0);
    await settled(page);
    expect(violations(), '/api/docs').toEqual([]);
    await page.goto('/Eskimo_privacy_policy_fr.html');
    await settled(page);
    expect(violations(), 'privacy page').toEqual([]);
    await page.context().close();
  });
});
