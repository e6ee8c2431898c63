import { formatInteger, hrefFor } from '@app/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectPath, launch, login, MOBILE, newPage, shot } from './browser';

/** The dashboard on the real server and its demo data. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const charts = (page: Page) => page.locator('.dash-chart canvas');

async function openDashboard(page: Page) {
  // Charts drawn at once (no growing bars): the screenshots show the figures, not an animation frame.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expectPath(page, hrefFor('dashboard'));
  await until(() => page.locator('.dash-tile-value').first().textContent()).toMatch(/^\d/);
  await until(() => charts(page).count()).toBeGreaterThanOrEqual(8);
}

describe('dashboard', () => {
  it('is where the admin lands: tiles to the lists, cards, every chart; a year changes a chart’s call', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openDashboard(page);
    await expect(page.locator('.dash-tile-label').allTextContents()).resolves.toEqual(['Utilisateurs', 'Clients', 'Produits', 'Commandes']);
    const orders = page.getByRole('link', { name: /Commandes/ }).filter({ has: page.locator('.dash-tile-value') });
    // The tile says what the orders list counts (other tests add orders through the invoice sync).
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const list = await page.request.get('/api/orders?page=1&perPage=1', { headers: { authorization: `Bearer ${token}` } });
    const total = ((await list.json()) as { meta: { total: number } }).meta.total;
    expect(total).toBeGreaterThanOrEqual(2000);
    await expect(orders.locator('.dash-tile-value').textContent()).resolves.toBe(formatInteger(total));
    await until(() => page.getByRole('list').filter({ hasText: 'Nouveau' }).count()).toBeGreaterThan(0);
    await shot(page, 'dashboard');

    const lastYear = new Date().getFullYear() - 1;
    const call = page.waitForRequest((r) => r.url().includes('/api/orderByMonth') && r.url().includes(`year=${lastYear}`));
    await page.locator('.dash-orders-year').click();
    await page.locator('.p-dropdown-panel li[role="option"]', { hasText: String(lastYear) }).click();
    await call;
    await until(() => page.locator('.dash-orders-year .p-dropdown-label').textContent()).toBe(String(lastYear));
    await shot(page, 'dashboard-year');

    await orders.click();
    await expectPath(page, hrefFor('orders'));
    await page.context().close();
  });

  it('fits a phone at 390 px', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    await openDashboard(page);
    await shot(page, 'dashboard');
    await page.context().close();
  });

  it('sends zone chiefs to their orders and the warehouse to the conversions', async () => {
    for (const [email, target] of [
      ['chef@demo.tn', hrefFor('orders')],
      ['magasin@demo.tn', hrefFor('gift-conversions')],
    ]) {
      const page = await newPage(browser, { viewport: DESKTOP });
      await login(page, email);
      await page.goto(hrefFor('dashboard'));
      await expectPath(page, target);
      await page.context().close();
    }
  });
});
