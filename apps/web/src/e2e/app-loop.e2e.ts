import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hrefFor, WEBHOOK_EVENT_TYPES } from '@app/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, launch, login, MOBILE, newPage, PASSWORD, shot } from './browser';
import { type Received, signatureValid, startReceiver } from './support/webhook-receiver';

/**
 * The programme's real path, the app's side as the HTTP calls a phone makes to the
 * running server, the staff's side through the real screens: a shop registers on the app for a demo
 * client, the admin validates the request in Utilisateurs › Demandes; the app signs in and orders two
 * products; the order bell shows it and it is moved to « Traitement en cours » then « Traité et
 * accepté »; the points show on the client's page and in the app; the app asks for a gift, the gift
 * bell shows it and it is accepted on the client's page; the warehouse prepares the unit, the admin
 * ships it and downloads its exit slip, whose QR code the app scans; the conversions screen says
 * « Réceptionné », the app « Livraison complète ». A receiver started here hears every step, signed,
 * each resource's events in order. apps/api/test/app/app-loop.test.ts is the same path through the API.
 */
let browser: Browser;
let rx: Awaited<ReturnType<typeof startReceiver>>;
let staffToken = '';

const APP = '/api/app/v1';
const RUN = Date.now().toString(36).slice(-5);
const EMAIL = `nadia.${RUN}@boutique-e2e.tn`;
const APP_PASSWORD = 'Boutique2026!';
const DEVICE = { deviceId: `e2e-phone-${RUN}`, deviceName: 'Samsung Galaxy A54' };
const HOOK_PATH = '/boucle';

const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });
const rows = (page: Page) => page.locator('.dt-resource tbody tr');
const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });
const digits = (s: string | null) => Number((s ?? '').replace(/\D/g, ''));

/** One HTTP call as a client of the API makes it; fails the test on another status than `expected`. */
async function call<T = unknown>(
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; expected?: number } = {},
): Promise<T> {
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: {
      ...(opts.body ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  expect(res.status, `${method} ${url}: ${text.slice(0, 500)}`).toBe(opts.expected ?? 200);
  return (text ? JSON.parse(text).data : undefined) as T;
}
const appSignIn = (expected = 200) =>
  call<{ accessToken: string }>('POST', `${APP}/auth/login`, { body: { email: EMAIL, password: APP_PASSWORD, ...DEVICE }, expected });

// What the steps learn, for the next ones.
const s = {
  endpointId: 0,
  /** The signing secret, as the creation showed it (no later reply carries it). */
  secret: '',
  client: { id: 0, CODE_CLIENT: '', NAME: '' },
  appToken: '',
  before: 0,
  order: { ID: 0, NUM_ORDER: '', TOTAL_POINTS: 0 },
  gift: { ID: 0, NAME: '', NBR_OF_POINTS: 0 },
  purchase: { ID: 0, REF: '' },
  unit: { ID: 0, REF: '' },
};

beforeAll(async () => {
  browser = await launch();
  rx = await startReceiver();
  staffToken = (await call<{ token: string }>('POST', '/api/loginBO', { body: { email: 'admin@demo.tn', password: PASSWORD, from: 'BO' } })).token;
  // An integrator listens to every event (the Webhooks screen itself is webhooks.e2e.ts).
  const endpoint = await call<{ ID: number; SECRET: string }>('POST', '/api/webhooks', {
    token: staffToken,
    body: { URL: rx.url(HOOK_PATH), DESCRIPTION: 'ERP de la boucle', EVENTS: WEBHOOK_EVENT_TYPES, ACTIVE: true },
    expected: 201,
  });
  s.endpointId = endpoint.ID;
  s.secret = endpoint.SECRET;
});
afterAll(async () => {
  await browser?.close();
  await rx?.close();
});

describe('the app-to-back-office loop', () => {
  it('1. a shop registers on the app; the admin validates the request in Utilisateurs › Demandes; the app signs in', async () => {
    // A validated demo client: its code is what the shop's manager types in the app.
    const clients = await call<{ id: number; CODE_CLIENT: string; NAME: string; STATUS: number }[]>('GET', '/api/clients?page=1&perPage=50', {
      token: staffToken,
    });
    const client = clients.find((c) => c.STATUS === 1 && c.CODE_CLIENT);
    expect(client).toBeDefined();
    s.client = { id: client!.id, CODE_CLIENT: client!.CODE_CLIENT, NAME: client!.NAME };
    await call('POST', `${APP}/register`, {
      body: { CODE_CLIENT: s.client.CODE_CLIENT, LASTNAME: 'Ben Salah', FIRSTNAME: 'Nadia', EMAIL, GSM: '+21655000111', PASSWORD: APP_PASSWORD },
      expected: 201,
    });
    await appSignIn(403);

    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    // The requests tab keeps its list state under its own prefix.
    await page.goto(hrefFor('users', {}, { tab: 'demandes', 'demandes.search': EMAIL }));
    const request = rowOf(page, EMAIL);
    await until(() => page.locator('.dt-total').textContent()).toBe('1 élément');
    await until(() => request.getByRole('switch', { name: 'Actif' }).isChecked()).toBe(false);
    await shot(page, 'app-loop-registration-request');
    const saved = page.waitForResponse((r) => /^\/api\/users\/\d+$/.test(new URL(r.url()).pathname) && r.request().method() === 'PUT');
    await request.getByRole('switch', { name: 'Actif' }).click({ force: true });
    expect((await saved).status()).toBe(200);
    await until(() => request.count()).toBe(0);
    await page.context().close();

    s.appToken = (await appSignIn()).accessToken;
    s.before = (await call<{ POINTS: number }>('GET', `${APP}/me`, { token: s.appToken })).POINTS;
  });

  it('2. the app orders two products; the order bell shows it; it is moved to « Traitement en cours », then « Traité et accepté »', async () => {
    // The cheapest good on offer: the order is made to earn at least its points.
    const gifts = await call<{ ID: number; NAME: string; TYPE: string; NBR_OF_POINTS: number }[]>('GET', `${APP}/gifts?perPage=100`, { token: s.appToken });
    const gift = gifts.find((g) => g.TYPE === 'bien');
    expect(gift).toBeDefined();
    s.gift = { ID: gift!.ID, NAME: gift!.NAME, NBR_OF_POINTS: gift!.NBR_OF_POINTS };
    const products = await call<{ ID: number; POINTS: number }[]>('GET', `${APP}/products?perPage=100`, { token: s.appToken });
    const [a, b] = products.filter((p) => p.POINTS > 0);
    expect(b).toBeDefined();
    const qteB = Math.max(3, Math.ceil((s.gift.NBR_OF_POINTS - a.POINTS * 2) / b.POINTS));
    const points = a.POINTS * 2 + b.POINTS * qteB;
    const key = randomUUID();
    const body = {
      ITEMS: [
        { PRODUCT_ID: a.ID, QTE: 2 },
        { PRODUCT_ID: b.ID, QTE: qteB },
      ],
    };
    const order = await call<{ ID: number; NUM_ORDER: string; STATUS: number; TOTAL_POINTS: number }>('POST', `${APP}/orders`, {
      token: s.appToken,
      headers: { 'idempotency-key': key },
      body,
      expected: 201,
    });
    expect(order).toMatchObject({ STATUS: 0, TOTAL_POINTS: points });
    // The phone's retry after a lost answer: the same order, not a second one.
    expect((await call<{ ID: number }>('POST', `${APP}/orders`, { token: s.appToken, headers: { 'idempotency-key': key }, body, expected: 201 })).ID).toBe(
      order.ID,
    );
    s.order = { ID: order.ID, NUM_ORDER: order.NUM_ORDER, TOTAL_POINTS: points };

    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.getByRole('button', { name: /^Commandes en attente : \d[\d\s\u00a0]*$/ }).click();
    const item = page.locator('.bell-list li button', { hasText: order.NUM_ORDER });
    await until(() => item.count()).toBe(1);
    await shot(page, 'app-loop-order-bell');
    await item.click();
    await until(() =>
      page
        .getByRole('dialog')
        .filter({ hasText: `Commande ${order.NUM_ORDER}` })
        .isVisible(),
    ).toBe(true);

    await page.goto(hrefFor('orders', {}, { search: order.NUM_ORDER }));
    const select = rowOf(page, order.NUM_ORDER).locator('.status-select');
    await until(() => select.textContent()).toContain('Nouveau');
    const options = page.locator('.p-dropdown-panel li[role="option"]');
    const move = async (from: string[], to: string, status: number) => {
      await select.click();
      await until(() => options.allTextContents()).toEqual(from);
      const put = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/orders/${order.ID}` && r.request().method() === 'PUT');
      await options.filter({ hasText: to }).click();
      const res = await put;
      expect(res.status()).toBe(200);
      expect(JSON.parse(res.request().postData() ?? '{}')).toEqual({ STATUS: status });
      await until(() => select.textContent()).toContain(to);
    };
    await move(['Traitement en cours', 'Traité et refusé'], 'Traitement en cours', 1);
    await move(['Traité et accepté', 'Traité et refusé'], 'Traité et accepté', 2);
    await until(() => select.getAttribute('class')).toContain('p-disabled');
    await shot(page, 'app-loop-order-accepted');
    await page.context().close();
  });

  it('3. the points show on the client’s page and in the app, with the order’s status', async () => {
    const balance = s.before + s.order.TOTAL_POINTS;
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('client-detail', {}, { id: s.client.id }));
    await until(async () => digits(await page.getByTestId('points-balance').textContent())).toBe(balance);
    // The newest ledger line is the order's credit.
    await until(async () => ((await page.locator('.client-points-table tbody tr').first().textContent()) ?? '').replace(/\s/g, '')).toContain(
      `+${s.order.TOTAL_POINTS}`,
    );
    await page.getByTestId('points-balance').scrollIntoViewIfNeeded();
    await shot(page, 'app-loop-client-points');
    await page.context().close();

    expect((await call<{ POINTS: number }>('GET', `${APP}/me`, { token: s.appToken })).POINTS).toBe(balance);
    expect(await call('GET', `${APP}/orders/${s.order.ID}`, { token: s.appToken })).toMatchObject({ STATUS: 2, STATUS_LABEL: 'Traité et accepté' });
  });

  it('4. the app asks for a gift; the gift bell shows it; it is accepted on the client’s page and the points leave', async () => {
    const purchase = await call<{ ID: number; REF: string; STATUS: number }>('POST', `${APP}/gift-purchases`, {
      token: s.appToken,
      headers: { 'idempotency-key': randomUUID() },
      body: { LOYALTY_GIFT_ID: s.gift.ID, QTE: 1 },
      expected: 201,
    });
    s.purchase = { ID: purchase.ID, REF: purchase.REF };

    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.getByRole('button', { name: /^Demandes de cadeaux en attente : \d[\d\s\u00a0]*$/ }).click();
    const item = page.locator('.bell-panel .bell-list li button', { hasText: s.client.NAME }).filter({ hasText: s.gift.NAME });
    await until(() => item.count()).toBeGreaterThan(0);
    await shot(page, 'app-loop-gift-bell');
    await item.first().click();
    await page.waitForURL(new RegExp(`detail-client\\?id=${s.client.id}$`));
    await page.getByRole('tab', { name: /^Cadeaux/ }).click();
    const row = page.locator('.client-gifts tr', { hasText: s.purchase.REF });
    await until(() => row.locator('.status-tag').first().textContent()).toBe('En attente');
    await shot(page, 'app-loop-gift-request');
    await row.getByRole('button', { name: 'Accepter' }).click();
    await until(() => row.locator('.status-tag').first().textContent()).toMatch(/Validée|Livraison/);
    await page.context().close();

    expect((await call<{ POINTS: number }>('GET', `${APP}/me`, { token: s.appToken })).POINTS).toBe(s.before + s.order.TOTAL_POINTS - s.gift.NBR_OF_POINTS);
    const [mine] = await call<{ ID: number; UNITS: { ID: number; REF: string; STATUS_LABEL: string }[] }[]>('GET', `${APP}/gift-purchases`, {
      token: s.appToken,
    });
    expect(mine.ID).toBe(s.purchase.ID);
    expect(mine.UNITS).toHaveLength(1);
    expect(mine.UNITS[0].STATUS_LABEL).toBe('En attente');
    s.unit = { ID: mine.UNITS[0].ID, REF: mine.UNITS[0].REF };
  });

  it('5. the warehouse prepares the unit, the admin ships it, the app scans the exit slip’s QR code: « Réceptionné », « Livraison complète »', async () => {
    const ref = s.unit.REF;
    const statusOf = (page: Page) => rowOf(page, ref).locator('.status-tag').textContent();

    const warehouse = await newPage(browser, { viewport: DESKTOP });
    await login(warehouse, 'magasin@demo.tn');
    await warehouse.goto(hrefFor('starter-gift-conversions', {}, { search: ref }));
    await until(() => statusOf(warehouse)).toBe('En attente');
    await warehouse.getByRole('button', { name: `Préparer ${ref}` }).click();
    await until(() => statusOf(warehouse)).toBe('Préparé');
    await shot(warehouse, 'app-loop-conversion-prepared');
    await warehouse.context().close();

    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('gift-conversions', {}, { search: ref }));
    await until(() => statusOf(page)).toBe('Préparé');
    await page.getByRole('button', { name: `Expédier ${ref}` }).click();
    const confirm = page.locator('.p-confirm-dialog');
    await until(() => confirm.textContent()).toContain(`Voulez-vous vraiment expédier ${ref}`);
    await confirm.getByRole('button', { name: 'Oui' }).click();
    await until(() => statusOf(page)).toBe('Expédié');

    // The exit slip travels with the gift; its QR code (and the same code in print) is what the app scans.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: `Télécharger le bon de sortie ${ref}` }).click();
    const download = await downloading;
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'loop-slip-')), download.suggestedFilename());
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain(ref);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-singlefile',
      file,
      path.resolve(import.meta.dirname, '../../test-results/screenshots/app-loop-exit-slip-desktop'),
    ]);
    const qrcode = /Code à saisir :\s*\n?\s*([A-Za-z0-9_-]{32})/.exec(text)?.[1];
    expect(qrcode).toBeDefined();

    await call('POST', `${APP}/conversions/receive`, { token: s.appToken, body: { QRCODE: qrcode } });
    await call('POST', `${APP}/conversions/receive`, { token: s.appToken, body: { QRCODE: qrcode }, expected: 409 });
    await page.reload();
    await until(() => statusOf(page)).toBe('Réceptionné');
    await shot(page, 'app-loop-conversion-received');
    await page.context().close();

    const [mine] = await call<{ ID: number; STATUS: number; STATUS_LABEL: string; UNITS: { ID: number; STATUS: number; STATUS_LABEL: string }[] }[]>(
      'GET',
      `${APP}/gift-purchases`,
      { token: s.appToken },
    );
    expect(mine).toMatchObject({ ID: s.purchase.ID, STATUS: 2, STATUS_LABEL: 'Livraison complète' });
    expect(mine.UNITS).toEqual([expect.objectContaining({ ID: s.unit.ID, STATUS: 4, STATUS_LABEL: 'Réceptionné' })]);
  });

  it('6. the receiver heard every step, signed, each resource’s events in the order they happened', async () => {
    const expected: Record<string, string[]> = {
      [`order:${s.order.ID}`]: ['order.created', 'order.status_changed:1', 'order.status_changed:2'],
      [`client:${s.client.id}`]: [`points.changed:${s.order.TOTAL_POINTS}`, `points.changed:${-s.gift.NBR_OF_POINTS}`],
      [`gift_purchase:${s.purchase.ID}`]: ['gift_purchase.created', 'gift_purchase.accepted'],
      [`conversion:${s.unit.ID}`]: ['conversion.status_changed:1', 'conversion.status_changed:3', 'conversion.status_changed:4'],
    };
    const heard = () => {
      const by: Record<string, string[]> = {};
      for (const r of rx.at(HOOK_PATH)) {
        const { type, resource, data } = r.body;
        const detail = type === 'points.changed' ? `:${data.DELTA}` : type.endsWith('status_changed') ? `:${data.STATUS}` : '';
        const key = `${resource.type}:${resource.id}`;
        by[key] = [...(by[key] ?? []), `${type}${detail}`];
      }
      return Object.fromEntries(Object.keys(expected).map((k) => [k, by[k] ?? []]));
    };
    await until(heard).toEqual(expected);

    const requests: Received[] = rx.at(HOOK_PATH);
    for (const r of requests) {
      expect(r.headers['webhook-signature']).toMatch(/^v1=[0-9a-f]{64}$/);
      expect(signatureValid(r, s.secret), `signature of ${r.body.type}`).toBe(true);
      expect(r.headers['webhook-id']).toBe(r.body.id);
    }
    // Each event once: a retried delivery keeps its id, and none was needed here.
    expect(new Set(requests.map((r) => r.body.id)).size).toBe(requests.length);
  });

  it('7. on a phone (390 px): the requests, the orders, the client’s points and gifts, the conversions fit the screen', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

    await page.goto(hrefFor('users', {}, { tab: 'demandes' }));
    await until(() => page.locator('.dt-total').textContent()).toMatch(/élément/);
    expect(await fits()).toBe(true);
    await shot(page, 'app-loop-registration-request');

    await page.goto(hrefFor('orders', {}, { search: s.order.NUM_ORDER }));
    await until(() => rowOf(page, s.order.NUM_ORDER).locator('.status-select').textContent()).toContain('Traité et accepté');
    expect(await fits()).toBe(true);
    // The table scrolls inside its region: the picture shows the status column.
    await rowOf(page, s.order.NUM_ORDER).locator('.status-select').scrollIntoViewIfNeeded();
    await shot(page, 'app-loop-order-accepted');

    await page.goto(hrefFor('client-detail', {}, { id: s.client.id }));
    await until(async () => digits(await page.getByTestId('points-balance').textContent())).toBe(s.before + s.order.TOTAL_POINTS - s.gift.NBR_OF_POINTS);
    expect(await fits()).toBe(true);
    await page.getByTestId('points-balance').scrollIntoViewIfNeeded();
    await shot(page, 'app-loop-client-points');
    await page.getByRole('tab', { name: /^Cadeaux/ }).click();
    await until(() => page.locator('.client-gifts tr', { hasText: s.purchase.REF }).count()).toBeGreaterThan(0);
    expect(await fits()).toBe(true);
    await shot(page, 'app-loop-gift-request');

    await page.goto(hrefFor('gift-conversions', {}, { search: s.unit.REF }));
    await until(() => rowOf(page, s.unit.REF).locator('.status-tag').textContent()).toBe('Réceptionné');
    expect(await fits()).toBe(true);
    await rowOf(page, s.unit.REF).locator('.status-tag').scrollIntoViewIfNeeded();
    await shot(page, 'app-loop-conversion-received');
    await page.context().close();
  });
});
