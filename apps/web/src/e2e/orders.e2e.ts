import { hrefFor } from '@app/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, login, MOBILE, newPage, shot } from './browser';

/** Orders and the header's order bell, on the real server with the demo orders. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const rows = (page: Page) => page.locator('.dt-resource tbody tr');
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const statusSelect = (page: Page, num: string) => rows(page).filter({ hasText: num }).locator('.status-select');
const bellButton = (page: Page) => page.getByRole('button', { name: /^Commandes en attente : \d[\d\s\u00a0]*$/ });
const bellCount = async (page: Page) =>
  Number(/(\d[\d\s\u00a0]*)$/.exec((await bellButton(page).getAttribute('aria-label')) ?? '')?.[1].replace(/\D/g, '') ?? -1);

async function openOrders(page: Page, query = '') {
  await page.goto(`${hrefFor('orders')}${query}`);
  await until(() => rows(page).first().textContent()).toMatch(/CMD-\d{4}-\d{5}/);
}

describe('orders', () => {
  it('changes the shipping site from the list, and clears another with its cross, each saved at once', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openOrders(page);
    const numOf = async (n: number) => /CMD-\d{4}-\d{5}/.exec((await rows(page).nth(n).textContent()) ?? '')![0];
    const [a, b] = [await numOf(0), await numOf(1)];
    const select = (num: string) => rows(page).filter({ hasText: num }).locator('.order-site-select');
    const site = async (num: string) => ((await select(num).locator('.p-dropdown-label').textContent()) ?? '').trim();
    const saved = () => page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/orders\/\d+$/.test(r.url()));
    const options = page.locator('.p-dropdown-panel li[role="option"]');
    const pick = async (num: string, label: string) => {
      await select(num).click();
      const put = saved();
      await options.filter({ hasText: label }).first().click();
      expect(JSON.parse((await put).request().postData() ?? '{}')).toEqual({ SITE: label });
      await until(() => site(num)).toBe(label);
    };
    const [siteA, siteB] = [await site(a), await site(b)];

    // A: opened with a click, another site chosen.
    await select(a).click();
    await until(() => options.count()).toBeGreaterThan(1);
    const other = ((await options.filter({ hasNotText: siteA }).first().textContent()) ?? '').trim();
    await page.keyboard.press('Escape');
    await pick(a, other);

    // B, not touched yet: its cross clears the site at once, nothing opens.
    const cleared = saved();
    await select(b).locator('.p-dropdown-clear-icon').click();
    expect(JSON.parse((await cleared).request().postData() ?? '{}')).toEqual({ SITE: null });
    await until(() => site(b)).toBe('Choisir…');
    expect(await page.locator('.p-dropdown-panel').count()).toBe(0);

    // Both back as they were, for the other tests.
    await pick(a, siteA);
    await pick(b, siteB);
    await page.context().close();
  });

  it('moves a new order to « Traitement en cours », then « Traité et accepté »: saved at once, the bell counts one less, the selector disabled at the end', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    // By status: the new orders first.
    await openOrders(page, '?sort=STATUS&order=asc');
    // The demo's 2,000 orders, and those the app loop (app-loop.e2e.ts) may have placed before on the shared server.
    await until(() => page.locator('.dt-total').textContent()).toMatch(/^2\s?0\d\d éléments$/);
    await until(() => bellCount(page)).toBeGreaterThan(0);
    const before = await bellCount(page);
    await shot(page, 'orders-list');

    // The newest orders are the new ones: the first row is at Nouveau, its select offers 1 and 3 only
    // (options 0, 2 and 4 hidden, and no longer Nouveau itself).
    const num = (await rows(page).first().locator('td:not(.dt-select)').first().textContent())!.trim();
    const select = () => statusSelect(page, num);
    await until(() => select().textContent()).toContain('Nouveau');
    await select().click();
    const options = page.locator('.p-dropdown-panel li[role="option"]');
    await until(() => options.allTextContents()).toEqual(['Traitement en cours', 'Traité et refusé']);
    // The closed select still shows where the order stands.
    expect(await select().locator('.p-dropdown-label').textContent()).toBe('Nouveau');
    await shot(page, 'orders-status-options');
    const put = page.waitForResponse((r) => /\/api\/orders\/\d+$/.test(new URL(r.url()).pathname) && r.request().method() === 'PUT');
    await options.filter({ hasText: 'Traitement en cours' }).click();
    const res = await put;
    expect(res.status()).toBe(200);
    expect(JSON.parse(res.request().postData() ?? '{}')).toEqual({ STATUS: 1 });
    await until(() => bellCount(page)).toBe(before - 1);

    await page.reload();
    await until(() => rows(page).count()).toBeGreaterThan(0);
    await until(() => select().textContent()).toContain('Traitement en cours');
    // In progress: accepted or refused; accepted, it moves no more.
    await select().click();
    await until(() => options.allTextContents()).toEqual(['Traité et accepté', 'Traité et refusé']);
    const accept = page.waitForResponse((r) => /\/api\/orders\/\d+$/.test(new URL(r.url()).pathname) && r.request().method() === 'PUT');
    await options.filter({ hasText: 'Traité et accepté' }).click();
    const accepted = await accept;
    expect(accepted.status()).toBe(200);
    expect(JSON.parse(accepted.request().postData() ?? '{}')).toEqual({ STATUS: 2 });
    // Shown on its row at once, unless the list, sorted by status, has already reloaded: the accepted
    // order then leaves page 1 for the accepted block (a quiet machine reloads before the first look).
    const row = rows(page).filter({ hasText: num });
    await until(async () => (await row.count()) === 0 || ((await select().textContent()) ?? '').includes('Traité et accepté')).toBe(true);
    // Found by its number, it is accepted and its select offers no move any more.
    await openOrders(page, `?search=${encodeURIComponent(num)}`);
    await until(() => select().textContent()).toContain('Traité et accepté');
    await until(() => select().getAttribute('class')).toContain('p-disabled');
    await page.context().close();
  });

  it('opens an order’s detail with its items, and the client read-only from the list', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openOrders(page);
    const first = rows(page).first();
    const num = (await first.locator('td:not(.dt-select)').first().textContent())!.trim();
    await first.getByRole('button', { name: 'Voir', exact: true }).click();
    const detail = page.getByRole('dialog').filter({ hasText: `Commande ${num}` });
    await until(() => detail.isVisible()).toBe(true);
    await until(() => detail.locator('.ord-items tbody tr').count()).toBeGreaterThan(0);
    await until(() => detail.locator('.key-values').textContent()).toMatch(/Total TTC[\d\s\u00a0]+,\d{3} DT/);
    expect(new URL(page.url()).searchParams.get('commande')).not.toBeNull();
    await shot(page, 'orders-detail');
    await detail.getByRole('button', { name: 'Close' }).or(detail.locator('.p-dialog-header-close')).first().click();
    await until(() => detail.isVisible()).toBe(false);

    const code = (await first.locator('td:not(.dt-select)').nth(1).textContent())!.trim();
    await first.getByRole('button', { name: code, exact: true }).click();
    const client = page.getByRole('dialog').filter({ hasText: `Client ${code}` });
    await until(() => client.isVisible()).toBe(true);
    await until(() => client.locator('.key-values').textContent()).toContain('Points fidélité');
    await shot(page, 'orders-client');
    await page.context().close();
  });

  it('the bell lists the newest new orders; clicking one opens that order', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openOrders(page);
    await bellButton(page).click();
    const items = page.locator('.bell-list li button');
    await until(() => items.count()).toBeGreaterThan(0);
    await until(() => items.first().textContent()).toMatch(/CMD-\d{4}-\d{5} · [\d\s\u00a0]+,\d{3} DT · \d\d\/\d\d\/\d{4}$/);
    await shot(page, 'orders-bell');
    const num = /CMD-\d{4}-\d{5}/.exec((await items.first().textContent()) ?? '')![0];
    await items.first().click();
    await until(() =>
      page
        .getByRole('dialog')
        .filter({ hasText: `Commande ${num}` })
        .isVisible(),
    ).toBe(true);
    await page.context().close();
  });

  it('shows a zone chief his clients’ orders and his own bell; on a phone the list stays usable', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'chef@demo.tn');
    await openOrders(page);
    const total = Number(((await page.locator('.dt-total').textContent()) ?? '').replace(/\D/g, ''));
    expect(total).toBeGreaterThan(100);
    expect(total).toBeLessThan(2000);
    await shot(page, 'orders-list');
    await page.context().close();
  });
});
