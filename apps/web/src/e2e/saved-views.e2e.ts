import { hrefFor } from '@app/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, login, MOBILE, newPage, shot } from './browser';

/**
 * Saved views and the column chooser on the orders list: an administrator narrows the
 * list, hides a column and shares the view; a colleague of the same role opens its link and sees the
 * same rows and columns, then makes it his default; a zone chief gets the message and the plain list.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const rows = (page: Page) => page.locator('.dt-resource tbody tr');
const headers = (page: Page) => page.locator('.dt-resource thead th').allTextContents();
const firstCells = async (page: Page) => (await rows(page).locator('td:first-child').allTextContents()).map((t) => t.trim());
const viewsButton = (page: Page) => page.locator('.dt-views-button');
const NAME = `Commandes du client ${Date.now().toString(36)}`;

async function openOrders(page: Page, url = hrefFor('orders')) {
  await page.goto(url);
  await until(() => rows(page).first().textContent()).toMatch(/CMD-\d{4}-\d{5}/);
}

async function menuItem(page: Page, name: string | RegExp) {
  await viewsButton(page).click();
  await page.getByRole('menuitem', { name }).click();
}

describe('saved views', () => {
  let link = '';
  let shownRows: string[] = [];
  let shownHeaders: string[] = [];

  it('an administrator searches the orders, hides a column and saves the view shared with his role', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openOrders(page);
    // One client's orders: his code, typed in the search box.
    const code = (await rows(page).first().locator('td').nth(1).textContent())!.trim();
    // The list's call for that search, awaited: on a loaded machine it may take a while, and if it fails
    // its status says so here rather than as rows that never change.
    const searched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders' && new URL(r.url()).searchParams.get('search') === code, {
      timeout: 60_000,
    });
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill(code);
    await page.waitForURL((u) => u.searchParams.get('search') === code);
    expect((await searched).status()).toBe(200);
    await until(async () => (await rows(page).locator('td:nth-child(2)').allTextContents()).every((t) => t.trim() === code)).toBe(true);

    // The column chooser: « Destination » hidden, « CDZ » moved up; the first column cannot be hidden.
    await page.getByRole('button', { name: 'Choisir les colonnes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Colonnes de la liste' });
    await expect
      .poll(() =>
        dialog
          .getByRole('checkbox', { name: /N° commande|Référence|NUM/ })
          .first()
          .isDisabled(),
      )
      .toBe(true);
    // A click (the box follows the URL a moment later: no check() that expects it at once).
    await dialog.getByRole('checkbox', { name: 'Destination', exact: true }).click();
    await page.waitForURL((u) => !!u.searchParams.get('cols') && !u.searchParams.get('cols')?.includes('DESTINATION'));
    // Up past the hidden « Destination », then past « Date ».
    await dialog.getByRole('button', { name: 'Monter « CDZ »' }).click();
    await dialog.getByRole('button', { name: 'Monter « CDZ »' }).click();
    await page.waitForURL((u) => u.searchParams.get('cols') === 'CODE_CLIENT,NAME_CLIENT,CDZ,CREATED_AT,SITE,STATUS');
    await shot(page, 'saved-views-columns');
    await dialog.locator('.dt-view-actions').getByRole('button', { name: 'Fermer' }).click();
    await until(() => headers(page)).not.toContain('Destination');

    await menuItem(page, 'Enregistrer la vue…');
    const save = page.getByRole('dialog', { name: 'Enregistrer la vue' });
    await save.getByLabel('Nom de la vue').fill(NAME);
    await save.getByText('Partager avec mon rôle (Administrateur)').click();
    await shot(page, 'saved-views-save');
    await save.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL((u) => /^\d+$/.test(u.searchParams.get('view') ?? ''));
    await until(() => viewsButton(page).textContent()).toBe(`Vue : ${NAME}`);

    link = page.url().replace(/^https?:\/\/[^/]+/, '');
    shownHeaders = await headers(page);
    shownRows = await firstCells(page);
    expect(shownRows.length).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get('cols')).toContain('CDZ');
    await viewsButton(page).click();
    await until(() => page.getByRole('menuitem', { name: `${NAME} (partagée)`, exact: true }).count()).toBe(1);
    await shot(page, 'saved-views-menu');
    await page.keyboard.press('Escape');
    await page.context().close();
  });

  it('a colleague of the same role opens the link: the same rows and columns; he makes it his default', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'yasmine.benamor@demo.tn');
    await openOrders(page, link);
    await until(() => viewsButton(page).textContent()).toBe(`Vue : ${NAME}`);
    await until(() => firstCells(page)).toEqual(shownRows);
    expect(await headers(page)).toEqual(shownHeaders);

    // Shared by a colleague: he may make it his default, not rename or delete it.
    await viewsButton(page).click();
    expect(await page.getByRole('menuitem', { name: /^Supprimer/ }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Ouvrir cette vue par défaut' }).click();
    await until(async () => {
      await viewsButton(page).click();
      const n = await page.getByRole('menuitem', { name: 'Ne plus l’ouvrir par défaut' }).count();
      await page.keyboard.press('Escape');
      return n;
    }).toBe(1);

    // The list opened bare opens on the default view, and the plain list never shows first: every order
    // number drawn in the table, from the first paint on, is one of the view's.
    await page.addInitScript(() => {
      const seen = new Set<string>();
      (window as unknown as { seenOrders: Set<string> }).seenOrders = seen;
      new MutationObserver(() => {
        for (const td of document.querySelectorAll('.dt-resource tbody tr td:first-child'))
          if (/CMD-/.test(td.textContent ?? '')) seen.add(td.textContent!.trim());
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await openOrders(page, hrefFor('orders'));
    await page.waitForURL((u) => u.searchParams.get('view') !== null);
    await until(() => firstCells(page)).toEqual(shownRows);
    const seen = await page.evaluate(() => [...(window as unknown as { seenOrders: Set<string> }).seenOrders]);
    expect(seen.filter((n) => !shownRows.includes(n))).toEqual([]);
    expect(await headers(page)).toEqual(shownHeaders);
    await shot(page, 'saved-views-default');

    // At phone width the bar wraps above the list.
    await page.setViewportSize(MOBILE);
    await shot(page, 'saved-views-default');
    await page.setViewportSize(DESKTOP);

    // Back to no default (the demo's other tests open this list).
    await menuItem(page, 'Ne plus l’ouvrir par défaut');
    await openOrders(page, hrefFor('orders', {}, { sort: 'NUM_ORDER' }));
    await page.context().close();
  });

  it('a user of another role gets a message and the plain list', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'chef@demo.tn');
    await page.goto(link);
    await until(() => page.locator('.p-toast-message').textContent()).toContain('Cette vue n’existe pas ou ne vous est pas partagée');
    await page.waitForURL((u) => !u.searchParams.has('view') && !u.searchParams.has('search') && !u.searchParams.has('cols'));
    await until(() => viewsButton(page).textContent()).toBe('Vues');
    await until(() => headers(page)).toContain('Destination');
    await shot(page, 'saved-views-refused');
    await page.context().close();
  });
});
