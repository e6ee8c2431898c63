import { RISTOURNE_MSG } from '@app/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, login, MOBILE, newPage, shot } from './browser';

/** « Générer les vouchers » on the demo data (issue 8 §4): past years are generated, this one is not. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });
const year = new Date().getFullYear();

describe('rebate voucher generation', () => {
  it('refuses an invalid year inline, generates this year with its progress, then says it is done', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto('/layout/generer_vouchers');
    const input = page.locator('#generation-year');
    await until(() => input.inputValue()).toBe(String(year));
    await until(() => page.locator('.generation tbody tr').count()).toBe(year - 2021);

    await input.fill('1999');
    await page.getByRole('button', { name: 'LANCER' }).click();
    await until(() => page.getByText(RISTOURNE_MSG.generationYear).isVisible()).toBe(true);
    await shot(page, 'generation-invalid-year');

    await input.fill(String(year));
    await page.getByRole('button', { name: 'LANCER' }).click();
    await until(() => page.locator('.p-toast-message', { hasText: RISTOURNE_MSG.generated }).isVisible()).toBe(true);
    await until(() => page.locator('.generation-progress').textContent()).toContain('voucher(s)');
    await until(() => page.locator('.generation tbody tr').first().textContent()).toContain(String(year));
    await shot(page, 'generation-done');

    await page.getByRole('button', { name: 'LANCER' }).click();
    await until(() => page.locator('.p-toast-message', { hasText: RISTOURNE_MSG.alreadyGenerated(year) }).isVisible()).toBe(true);

    await page.context().close();
  });

  it('fits a phone', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    await page.goto('/layout/generer_vouchers');
    await until(() => page.locator('.generation tbody tr').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await shot(page, 'generation');
    await page.context().close();
  });
});
