import { BULK_LISTS, bulkActionsFor, hrefFor, ROLE } from '@app/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, launch, login, MOBILE, newPage, PASSWORD, shot } from './browser';
import { fullClientBody } from './client-body';

/**
 * Bulk actions in Chromium on the real server: ticks kept across pages, every row
 * matching a search, the zone chief's own actions, and the refused rows of a mixed selection. The
 * clients are made by this file (codes BLK<run>-n; a control client BLQ<run> the search must not
 * reach), so the counts asserted are this run's alone.
 */
let browser: Browser;
let token = '';
const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const PREFIX = `BLK${RUN}`;
/** Six clients: the first four are chef@demo.tn's. */
const CODES = [1, 2, 3, 4, 5, 6].map((i) => `${PREFIX}-${i}`);
const CONTROL = `BLQ${RUN}-1`;
const ids: Record<string, number> = {};
const LIST = hrefFor('clients');

async function call<T>(method: string, url: string, body?: unknown, as = token): Promise<{ status: number; data: T }> {
  const res = await fetch(`${baseUrl()}/api/${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), authorization: `Bearer ${as}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T };
  return { status: res.status, data: json.data };
}

interface ClientRow {
  id: number;
  CODE_CLIENT: string;
  IS_ACTIVE: number;
  STATUS: number;
}
const client = async (code: string) => (await call<ClientRow>('GET', `clients/${ids[code]}`)).data;

beforeAll(async () => {
  browser = await launch();
  token = (await call<{ token: string }>('POST', 'loginBO', { email: 'admin@demo.tn', password: PASSWORD, from: 'BO' }, '')).data.token;
  const type = (await call<{ id: number }[]>('GET', 'typeclients')).data[0];
  const activities = (await call<{ id: number; CIRCUIT: number }[]>('GET', 'clients_activities')).data;
  const chef = (await call<{ id: number; EMAIL: string }[]>('GET', 'chef-zone')).data.find((c) => c.EMAIL === 'chef@demo.tn')!;
  const refs = { type: type.id, circuit: activities[0].CIRCUIT, activity: activities[0].id };
  for (const [i, code] of [...CODES, CONTROL].entries()) {
    const r = await call<{ id: number }>('POST', 'clients', fullClientBody(code, `Vrac ${RUN} ${i + 1}`, { ...refs, chef: i < 4 ? chef.id : null }));
    expect(r.status).toBe(201);
    ids[code] = r.data.id;
  }
});
afterAll(async () => {
  await browser?.close();
});

const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const rows = (page: Page) => page.locator('.dt-resource tbody tr');
const rowBox = (page: Page, code: string) => page.getByRole('checkbox', { name: new RegExp(`^Sélectionner la ligne ${code}\\b`) });
const pageBox = (page: Page) => page.getByRole('checkbox', { name: 'Sélectionner cette page' });
const bar = (page: Page) => page.getByRole('toolbar', { name: 'Actions sur la sélection' });
const line = (page: Page) => page.locator('.dt-bulk-line');
const confirmBox = (page: Page) => page.locator('.p-confirm-dialog');
const toast = (page: Page) => page.locator('.p-toast-message').last();
const bulkCall = (page: Page, path: string) => page.waitForResponse((r) => new URL(r.url()).pathname === `/api/${path}` && r.request().method() === 'POST');

async function openClients(page: Page, query: string, first: string) {
  await page.goto(`${LIST}?${query}`);
  await until(() => rows(page).first().textContent()).toContain(first);
}

describe('bulk actions', () => {
  it('ticks rows on two pages, deactivates them after a confirmation naming the count, and the rows change', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openClients(page, `search=${PREFIX}&perPage=3&sort=CODE_CLIENT`, CODES[0]);
    await until(() => bar(page).count()).toBe(0);

    await rowBox(page, CODES[0]).check();
    await until(() => line(page).textContent()).toContain('1 ligne sélectionnée.');
    await page.getByRole('button', { name: 'Page 2' }).click();
    await until(() => rows(page).first().textContent()).toContain(CODES[3]);
    await rowBox(page, CODES[4]).check();
    // Kept across pages, and said so.
    await until(() => line(page).textContent()).toContain('2 lignes sélectionnées, dont 1 sur cette page.');
    await shot(page, 'bulk-clients-bar');
    // At phone width the bar's buttons wrap, the page does not scroll sideways.
    await page.setViewportSize(MOBILE);
    await shot(page, 'bulk-clients-bar');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Page 1' }).click();
    await until(() => rows(page).first().textContent()).toContain(CODES[0]);
    await until(() => rowBox(page, CODES[0]).isChecked()).toBe(true);
    expect(await rows(page).filter({ hasText: CODES[0] }).getAttribute('class')).toContain('dt-row-selected');
    expect(await rowBox(page, CODES[1]).isChecked()).toBe(false);

    const post = bulkCall(page, 'clients/bulk/deactivate');
    await bar(page).getByRole('button', { name: 'Désactiver' }).click();
    await until(() => confirmBox(page).textContent()).toContain('Désactiver 2 clients ?');
    await shot(page, 'bulk-clients-confirm');
    await confirmBox(page).getByRole('button', { name: 'Oui' }).click();
    const res = await post;
    expect(res.status()).toBe(200);
    expect(JSON.parse(res.request().postData() ?? '{}')).toEqual({ ids: [ids[CODES[0]], ids[CODES[4]]] });
    await until(() => toast(page).textContent()).toContain('2 lignes modifiées.');
    // The list refreshed (the switch of the row on this page) and the selection is gone.
    await until(() => rows(page).filter({ hasText: CODES[0] }).getByRole('switch', { name: 'Actif' }).isChecked()).toBe(false);
    await until(() => bar(page).count()).toBe(0);
    expect((await client(CODES[0])).IS_ACTIVE).toBe(0);
    expect((await client(CODES[4])).IS_ACTIVE).toBe(0);
    expect((await client(CODES[3])).IS_ACTIVE).toBe(1);
    await page.context().close();
  });

  it('selects every row matching a search, sets a status through the params form, and only those rows change', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openClients(page, `search=${PREFIX}&perPage=3&sort=CODE_CLIENT`, CODES[0]);
    const control = (await client(CONTROL)).STATUS;

    await pageBox(page).check();
    await until(() => line(page).textContent()).toContain('Les 3 lignes de cette page sont sélectionnées.');
    for (const code of CODES.slice(0, 3)) expect(await rowBox(page, code).isChecked()).toBe(true);
    const all = page.getByRole('button', { name: 'Sélectionner les 6 lignes correspondant au filtre' });
    await all.click();
    await until(() => line(page).textContent()).toContain('Les 6 lignes correspondant au filtre sont sélectionnées.');

    await bar(page).getByRole('button', { name: 'Changer le statut' }).click();
    const form = page.getByRole('dialog', { name: 'Changer le statut' });
    await until(() => form.isVisible()).toBe(true);
    // Nothing chosen: the domain schema's message, nothing sent.
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => form.locator('.fld-error').count()).toBeGreaterThan(0);
    await form.locator('[data-field="field-STATUS"] .p-dropdown').click();
    await page.locator('.p-dropdown-panel li[role="option"]', { hasText: 'Validé' }).click();
    await shot(page, 'bulk-clients-params');
    const post = bulkCall(page, 'clients/bulk/status');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => confirmBox(page).textContent()).toContain('Changer le statut de 6 clients ?');
    await confirmBox(page).getByRole('button', { name: 'Oui' }).click();
    const res = await post;
    expect(res.status()).toBe(200);
    // The list's query, not ids: the server resolves it as the list does.
    expect(JSON.parse(res.request().postData() ?? '{}')).toEqual({ filter: { search: PREFIX }, STATUS: 1 });
    await until(() => toast(page).textContent()).toContain('6 lignes modifiées.');
    for (const code of CODES) expect((await client(code)).STATUS).toBe(1);
    expect((await client(CONTROL)).STATUS).toBe(control);

    // A new search empties the selection.
    await pageBox(page).check();
    await until(() => bar(page).count()).toBe(1);
    await page.getByRole('searchbox', { name: /Rechercher/ }).fill(`${PREFIX}-1`);
    await until(() => rows(page).count()).toBe(1);
    await until(() => bar(page).count()).toBe(0);
    await page.context().close();
  });

  it('shows a zone chief only the actions his role may run, on his own clients (phone width)', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'chef@demo.tn');
    await openClients(page, `search=${PREFIX}&perPage=3&sort=CODE_CLIENT`, CODES[0]);
    await pageBox(page).check();
    // His four clients match, not the two that are nobody's.
    await until(() => page.getByRole('button', { name: 'Sélectionner les 4 lignes correspondant au filtre' }).count()).toBe(1);
    const expected = bulkActionsFor(BULK_LISTS.clients, ROLE.chefZone).map((a) => a.label);
    const labels = (await bar(page).getByRole('button').allTextContents()).map((t) => t.trim()).filter((t) => t !== 'Effacer la sélection');
    expect(labels).toEqual(expected);
    expect(labels).not.toContain('Affecter un chef de zone');
    expect(labels).not.toContain('Offrir des points');
    // The bar wraps within the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, 'bulk-clients-chef');
    await page.context().close();
  });

  it('lists the refused rows of a mixed selection of orders, with the reason', { timeout: 180_000 }, async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    // By status: new orders on the first page, finished ones (no move allowed) on the last.
    await page.goto(hrefFor('orders', {}, { sort: 'STATUS', order: 'asc' }));
    await until(() => rows(page).first().textContent()).toMatch(/CMD-\d{4}-\d{5}/);
    const numOf = async () => ((await rows(page).first().locator('td:not(.dt-select)').first().textContent()) ?? '').trim();
    const fresh = await numOf();
    await rows(page).first().locator('.dt-select input').check();
    await page.getByRole('button', { name: 'Dernière page' }).click();
    await until(numOf).not.toBe(fresh);
    const done = await numOf();
    await rows(page).first().locator('.dt-select input').check();
    await until(() => line(page).textContent()).toContain('2 lignes sélectionnées');

    await bar(page).getByRole('button', { name: 'Changer le statut' }).click();
    const form = page.getByRole('dialog', { name: 'Changer le statut' });
    await form.locator('[data-field="field-STATUS"] .p-dropdown').click();
    await page.locator('.p-dropdown-panel li[role="option"]', { hasText: 'Traitement en cours' }).click();
    const post = bulkCall(page, 'orders/bulk/status');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => confirmBox(page).textContent()).toContain('Changer le statut de 2 commandes ?');
    await confirmBox(page).getByRole('button', { name: 'Oui' }).click();
    expect((await post).status()).toBe(200);
    await until(() => toast(page).textContent()).toContain('1 ligne modifiée, 1 refusée.');
    const refused = page.getByRole('dialog', { name: /Lignes refusées/ });
    await until(() => refused.isVisible()).toBe(true);
    const cells = (await refused.locator('tbody tr').first().locator('td').allTextContents()).map((t) => t.trim());
    expect(cells[0]).toContain(done);
    expect(cells[1]).toMatch(/statut/i);
    await shot(page, 'bulk-orders-refused');
    await page.setViewportSize(MOBILE);
    await shot(page, 'bulk-orders-refused');
    await refused.locator('.p-dialog-footer').getByRole('button', { name: 'Fermer' }).click();
    await until(() => refused.count()).toBe(0);
    await page.context().close();
  });
});
