import { hrefFor, POINTS_MESSAGES } from '@app/domain';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, launch, login, MOBILE, newPage, PASSWORD, shot } from './browser';
import { fullClientBody } from './client-body';

/**
 * The points screens (points per client, offered points, the points edit) on the real
 * server: three clients and an activity of their own are made through the API, so the figures
 * checked here belong to this test alone.
 */
let browser: Browser;
let token = '';
const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const CODES = [1, 2, 3].map((i) => `PTS${RUN}-${i}`);
const ACTIVITY = `Points e2e ${RUN}`;
const ids: Record<string, number> = {};

async function call<T>(method: string, url: string, body?: unknown): Promise<{ status: number; data: T }> {
  const res = await fetch(`${baseUrl()}/api/${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T };
  return { status: res.status, data: json.data };
}

const firstId = async (path: string) => (await call<{ id: number }[]>('GET', path)).data[0].id;

beforeAll(async () => {
  browser = await launch();
  token = (await call<{ token: string }>('POST', 'loginBO', { email: 'admin@demo.tn', password: PASSWORD, from: 'BO' })).data.token;
  const type = await firstId('typeclients');
  const circuit = await firstId('clients_circuits');
  const chef = await firstId('chef-zone');
  const created = await call<{ id: number }>('POST', 'clients_activities', { NAME: ACTIVITY, CODE: `PE${RUN}`, CIRCUIT: circuit });
  expect(created.status).toBe(201);
  const other = (await call<{ id: number; NAME: string }[]>('GET', 'clients_activities')).data.find((a) => a.NAME !== ACTIVITY)!.id;
  const names = ['Épicerie Points Un', 'Superette Points Deux', 'Café Points Trois'];
  for (const [i, code] of CODES.entries()) {
    const activity = i < 2 ? created.data.id : other;
    const r = await call<{ id: number }>('POST', 'clients', fullClientBody(code, `${names[i]} ${RUN}`, { type, circuit, activity, chef }, 1));
    expect(r.status).toBe(201);
    ids[code] = r.data.id;
  }
});
afterAll(async () => {
  await browser?.close();
});

const balanceOf = async (code: string) =>
  (await call<{ CODE_CLIENT: string; POINTS_FID: number }[]>('GET', `clients/points?page=1&perPage=10&search=${code}`)).data.find((r) => r.CODE_CLIENT === code)
    ?.POINTS_FID;
const offeredOf = async (code: string) =>
  (await call<{ CODE_CLIENT: string; POINTS_OFFERED: number }[]>('GET', `offered-points?page=1&perPage=10&search=${code}`)).data.find(
    (r) => r.CODE_CLIENT === code,
  )?.POINTS_OFFERED ?? 0;

const rows = (page: Page) => page.locator('.dt-resource tbody tr');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const confirmBox = (page: Page) => page.locator('.p-confirm-dialog');
const response = (page: Page, path: string, method: string) => page.waitForResponse((r) => r.url().includes(`/api/${path}`) && r.request().method() === method);
const toast = (page: Page) => page.locator('.p-toast-message').last();
/**
 * Before clicking an option: no call runs long enough to show the loading overlay (it would take
 * the click), and the panel's opening transition is over (a click during it misses the option).
 */
async function idle(page: Page) {
  await expect.poll(() => page.locator('.loading-overlay').count()).toBe(0);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
}

/** Types in the list's search box and waits until every row shown matches. */
async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill(text);
  await expect
    .poll(async () => {
      const texts = await rows(page).allTextContents();
      return texts.length > 0 && texts.every((t) => t.includes(text));
    })
    .toBe(true);
}

describe('points per client (Référentiel > Points)', () => {
  it('edits a balance: 0 is refused without a call, 25 asks the spec’s question, then the row updates', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('points'));
    // The menu's entry (Référentiel > Points) is the current page.
    await expect.poll(() => page.getByRole('link', { name: 'Points', exact: true }).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => page.locator('.title-bar h1').textContent()).toBe('Référentiel / Points');
    await expect.poll(() => page.getByRole('tab', { name: 'Points clients' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Points clients', 'Points produits']);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(3);
    await shot(page, 'points-list');

    await search(page, `PTS${RUN}`);
    await expect.poll(() => rows(page).count()).toBe(3);
    const mine = () => row(page, CODES[0]);
    await expect.poll(() => mine().locator('td').nth(2).textContent()).toBe('0');

    const posts: Request[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes(`/api/clients/${ids[CODES[0]]}/points`)) posts.push(r);
    });
    await mine().getByRole('button', { name: 'Modifier' }).click();
    const edit = dialog(page, 'Modifier les points');
    await expect.poll(() => edit.isVisible()).toBe(true);
    await expect.poll(() => edit.locator('.pts-summary').textContent()).toContain(`${CODES[0]} Épicerie Points Un`);
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => edit.locator('[data-field="field-POINTS"] .fld-error').textContent()).toBe(POINTS_MESSAGES.notTaken);
    await edit.locator('#field-POINTS').fill('0');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => edit.locator('[data-field="field-POINTS"] .fld-error').textContent()).toBe(POINTS_MESSAGES.notTaken);
    expect(await confirmBox(page).count()).toBe(0);
    await shot(page, 'points-edit');

    // Letters never reach the field; a minus only in front.
    await edit.locator('#field-POINTS').fill('');
    await edit.locator('#field-POINTS').pressSequentially('2a5');
    await expect.poll(() => edit.locator('#field-POINTS').inputValue()).toBe('25');
    await edit.locator('#field-REASON').fill('Geste commercial (test)');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => confirmBox(page).textContent()).toContain('Voulez vous vraiment ajouter 25 au solde de: 0 points');
    await shot(page, 'points-confirm');
    // « Non »: nothing sent, the dialog keeps its values.
    await confirmBox(page).getByRole('button', { name: 'Non' }).click();
    await expect.poll(() => confirmBox(page).isVisible()).toBe(false);
    expect(posts).toHaveLength(0);
    expect(await edit.locator('#field-POINTS').inputValue()).toBe('25');

    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    const saved = response(page, `clients/${ids[CODES[0]]}/points`, 'POST');
    await confirmBox(page).getByRole('button', { name: 'Oui' }).click();
    const res = await saved;
    expect(res.status()).toBe(200);
    expect(JSON.parse(res.request().postData() ?? '{}')).toEqual({ POINTS: 25, REASON: 'Geste commercial (test)' });
    await expect.poll(() => edit.isVisible()).toBe(false);
    await expect.poll(() => mine().locator('td').nth(2).textContent()).toBe('25');
    await expect.poll(() => toast(page).textContent()).toContain(POINTS_MESSAGES.added);
    expect(posts).toHaveLength(1);

    // A balance changed meanwhile: the browser allows -10 on the 25 it shows, the server refuses.
    await mine().getByRole('button', { name: 'Modifier' }).click();
    await expect.poll(() => edit.isVisible()).toBe(true);
    expect((await call('POST', `clients/${ids[CODES[0]]}/points`, { POINTS: -25, REASON: 'Correction (test)' })).status).toBe(200);
    await edit.locator('#field-POINTS').fill('-10');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => confirmBox(page).textContent()).toContain('Voulez vous vraiment ajouter -10 au solde de: 25 points');
    const refused = response(page, `clients/${ids[CODES[0]]}/points`, 'POST');
    await confirmBox(page).getByRole('button', { name: 'Oui' }).click();
    expect((await refused).status()).toBe(422);
    await expect.poll(() => edit.locator('[data-field="field-POINTS"] .fld-error').textContent()).toBe(POINTS_MESSAGES.insufficient);
    await edit.locator('.fd-footer').getByRole('button', { name: 'Annuler' }).click();
    await expect.poll(() => mine().locator('td').nth(2).textContent()).toBe('0');
    expect(await balanceOf(CODES[0])).toBe(0);
    await page.context().close();
  });
});

describe('offered points (Cadeaux > Points offerts)', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('offered-points'));
  });
  afterAll(async () => {
    await page?.context().close();
  });

  const openAdd = async (tab: string) => {
    await page.locator('.dt-toolbar').getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Offrir des points');
    await expect.poll(() => add.isVisible()).toBe(true);
    await add.getByRole('tab', { name: tab, exact: true }).click();
    await expect.poll(() => add.getByRole('tab', { name: tab, exact: true }).getAttribute('aria-selected')).toBe('true');
    return add;
  };
  // Only the open tab is rendered.
  const panel = (add: ReturnType<typeof dialog>) => add.getByRole('tabpanel');

  it('Clients tab: a multi-select searched on the server (page 1, 10 rows), then one call', async () => {
    await expect.poll(() => page.locator('.title-bar h1').textContent()).toBe('Cadeaux / Points offerts');
    await expect.poll(() => page.getByRole('link', { name: 'Points offerts' }).getAttribute('aria-current')).toBe('page');
    await shot(page, 'offered-list');
    const add = await openAdd('Clients');
    const tab = panel(add);
    await add.getByRole('button', { name: 'Offrir les points' }).click();
    await expect.poll(() => tab.locator('.fld-error').count()).toBe(2);

    await tab.locator('#field-POINTS_OFFERED').fill('10');
    const input = tab.locator('#field-CLIENTS');
    const overlay = page.locator('.p-autocomplete-panel');
    const searched = page.waitForRequest((r) => r.url().includes('/api/clients/codes') && r.url().includes(`search=PTS${RUN}`));
    await input.pressSequentially(`PTS${RUN}`);
    const url = new URL((await searched).url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ page: '1', perPage: '10', search: `PTS${RUN}` });
    await expect.poll(() => overlay.getByRole('option').count()).toBe(3);
    await shot(page, 'offered-add-clients-search');
    await idle(page);
    await overlay.getByRole('option', { name: new RegExp(CODES[0]) }).click();
    // A chosen client is not offered again.
    await input.pressSequentially(`PTS${RUN}`);
    await expect
      .poll(() => overlay.getByRole('option').allTextContents())
      .toEqual([`${CODES[1]} Superette Points Deux ${RUN}`, `${CODES[2]} Café Points Trois ${RUN}`]);
    await idle(page);
    await overlay.getByRole('option', { name: new RegExp(CODES[2]) }).click();
    await expect.poll(() => overlay.isVisible()).toBe(false);
    await expect
      .poll(() => tab.locator('.p-autocomplete-token-label').allTextContents())
      .toEqual([`${CODES[0]} Épicerie Points Un ${RUN}`, `${CODES[2]} Café Points Trois ${RUN}`]);
    await shot(page, 'offered-add-clients');

    const sent = response(page, 'users/offerPoints/clients', 'POST');
    await add.getByRole('button', { name: 'Offrir les points' }).click();
    const res = await sent;
    expect(res.status()).toBe(200);
    expect(JSON.parse(res.request().postData() ?? '{}')).toEqual({ POINTS_OFFERED: 10, CLIENTS: [ids[CODES[0]], ids[CODES[2]]] });
    await expect.poll(() => add.isVisible()).toBe(false);
    await expect.poll(() => toast(page).textContent()).toContain('10 points offerts à 2 client(s).');
    await search(page, `PTS${RUN}`);
    await expect.poll(() => rows(page).count()).toBe(2);
    await expect.poll(() => row(page, CODES[2]).locator('td').first().textContent()).toBe('10');
  });

  it('Activités tab: every client of the chosen activity', async () => {
    const add = await openAdd('Activités');
    const tab = panel(add);
    await tab.locator('#field-POINTS_OFFERED').fill('5');
    await tab.locator('.p-multiselect').click();
    const overlay = page.locator('.p-multiselect-panel');
    await overlay.locator('input.p-multiselect-filter').fill(ACTIVITY);
    // The filter applies after a pause: click once the list holds only the match.
    await expect.poll(() => overlay.getByRole('option').allTextContents()).toEqual([ACTIVITY]);
    await idle(page);
    await overlay.getByRole('option', { name: ACTIVITY }).click();
    await expect.poll(() => tab.locator('.p-multiselect-token-label').allTextContents()).toEqual([ACTIVITY]);
    await add.locator('.p-dialog-title').click();
    await expect.poll(() => overlay.isVisible()).toBe(false);
    await shot(page, 'offered-add-activities');
    const sent = response(page, 'users/offerPoints/activities', 'POST');
    await add.getByRole('button', { name: 'Offrir les points' }).click();
    const res = await sent;
    expect(res.status()).toBe(200);
    expect(JSON.parse(res.request().postData() ?? '{}')).toMatchObject({ POINTS_OFFERED: 5, ACTIVITIES: [expect.any(Number)] });
    await expect.poll(() => add.isVisible()).toBe(false);
    await expect.poll(() => rows(page).count()).toBe(3);
    await expect.poll(() => row(page, CODES[0]).locator('td').first().textContent()).toBe('15');
    await expect.poll(() => row(page, CODES[1]).locator('td').first().textContent()).toBe('5');
    await expect.poll(() => row(page, CODES[2]).locator('td').first().textContent()).toBe('10');
  });

  it('Liste Code Clients tab: a file with an unknown code is refused line by line and applies nothing; a good one applies', async () => {
    const add = await openAdd('Liste Code Clients');
    const tab = panel(add);
    const file = tab.locator('input[type="file"]');
    await tab.locator('#field-POINTS_OFFERED').fill('7');

    // Not a CSV: refused in the browser.
    await file.setInputFiles({ name: 'codes.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from('PK') });
    await expect
      .poll(() => tab.locator('[data-field="field-CLIENTS_FILE"] .fld-error').textContent())
      .toBe('Type de fichier non autorisé (extension invalide).');

    await file.setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(`CODE_CLIENT;NOM\n${CODES[1]};x\nINCONNU-${RUN}\n`) });
    await expect.poll(() => tab.locator('.fld-file-name').textContent()).toBe('codes.csv');
    const refused = response(page, 'users/offerPoints/clients_file', 'POST');
    await add.getByRole('button', { name: 'Offrir les points' }).click();
    const bad = await refused;
    expect(bad.status()).toBe(422);
    expect(bad.request().headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const problems = tab.locator('.pts-file-problems');
    await expect.poll(() => problems.locator('li').allTextContents()).toEqual([`Ligne 3 : INCONNU-${RUN} : Code client introuvable.`]);
    await expect.poll(() => problems.locator('p').textContent()).toContain('aucun point n’a été offert');
    await shot(page, 'offered-add-file');
    expect(await offeredOf(CODES[1])).toBe(5);

    await file.setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(`${CODES[1]}\n${CODES[2]};Café\n`) });
    expect(await problems.count()).toBe(0);
    const sent = response(page, 'users/offerPoints/clients_file', 'POST');
    await add.getByRole('button', { name: 'Offrir les points' }).click();
    expect((await sent).status()).toBe(200);
    await expect.poll(() => add.isVisible()).toBe(false);
    await expect.poll(() => toast(page).textContent()).toContain('7 points offerts à 2 client(s).');
    await expect.poll(() => row(page, CODES[1]).locator('td').first().textContent()).toBe('12');
    await expect.poll(() => row(page, CODES[2]).locator('td').first().textContent()).toBe('17');
    expect(await offeredOf(CODES[0])).toBe(15);
  });

  it('edits an offered row: only code, name and points', async () => {
    await row(page, CODES[2]).getByRole('button', { name: 'Modifier' }).click();
    const edit = dialog(page, 'Modifier les points offerts');
    await expect.poll(() => edit.locator('#field-POINTS_OFFERED').inputValue()).toBe('17');
    expect(await edit.locator('#field-CODE_CLIENT').inputValue()).toBe(CODES[2]);
    expect(await edit.locator('#field-CODE_CLIENT').isDisabled()).toBe(true);
    expect(await edit.locator('#field-NAME').inputValue()).toBe(`Café Points Trois ${RUN}`);
    expect(await edit.locator('input:not([type="hidden"])').count()).toBe(3);
    await edit.locator('#field-POINTS_OFFERED').fill('20');
    await shot(page, 'offered-edit');
    const sent = response(page, `users/offerPoints/${CODES[2]}`, 'PUT');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    const res = await sent;
    expect(res.status()).toBe(200);
    expect(JSON.parse(res.request().postData() ?? '{}')).toEqual({ POINTS_OFFERED: 20 });
    await expect.poll(() => edit.isVisible()).toBe(false);
    await expect.poll(() => row(page, CODES[2]).locator('td').first().textContent()).toBe('20');
    // The difference went through the ledger: the balance follows.
    expect(await balanceOf(CODES[2])).toBe(20);
  });
});

describe('mobile', () => {
  it('both screens and every dialog and tab fit 390 px', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

    await page.goto(hrefFor('points'));
    await expect.poll(() => rows(page).count()).toBeGreaterThan(3);
    await fits();
    await shot(page, 'points-list');
    await search(page, CODES[0]);
    await row(page, CODES[0]).getByRole('button', { name: 'Modifier' }).click();
    const edit = dialog(page, 'Modifier les points');
    await expect.poll(() => edit.isVisible()).toBe(true);
    expect((await edit.boundingBox())!.width).toBeLessThanOrEqual(MOBILE.width);
    await edit.locator('#field-POINTS').fill('30');
    await shot(page, 'points-edit');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => confirmBox(page).textContent()).toContain('Voulez vous vraiment ajouter 30 au solde de:');
    await shot(page, 'points-confirm');
    await confirmBox(page).getByRole('button', { name: 'Non' }).click();
    await edit.locator('.fd-footer').getByRole('button', { name: 'Annuler' }).click();

    await page.goto(hrefFor('offered-points'));
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    await fits();
    await shot(page, 'offered-list');
    await page.locator('.dt-toolbar').getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Offrir des points');
    await expect.poll(() => add.isVisible()).toBe(true);
    expect((await add.boundingBox())!.width).toBeLessThanOrEqual(MOBILE.width);
    await add.getByRole('button', { name: 'Offrir les points' }).click();
    await expect.poll(() => add.getByRole('tabpanel').locator('.fld-error').count()).toBe(2);
    await shot(page, 'offered-add-clients');
    await add.locator('#field-CLIENTS').pressSequentially(`PTS${RUN}`);
    await expect.poll(() => page.locator('.p-autocomplete-panel').getByRole('option').count()).toBe(3);
    await shot(page, 'offered-add-clients-search');
    await idle(page);
    await page.locator('.p-autocomplete-panel').getByRole('option').first().click();
    for (const [tab, name] of [
      ['Activités', 'offered-add-activities'],
      ['Liste Code Clients', 'offered-add-file'],
    ] as const) {
      await add.getByRole('tab', { name: tab, exact: true }).click();
      await expect.poll(() => add.getByRole('tab', { name: tab, exact: true }).getAttribute('aria-selected')).toBe('true');
      await shot(page, name);
    }
    await add.locator('.fd-footer').getByRole('button', { name: 'Annuler' }).click();
    await search(page, CODES[2]);
    await row(page, CODES[2]).getByRole('button', { name: 'Modifier' }).click();
    const offered = dialog(page, 'Modifier les points offerts');
    await expect.poll(() => offered.locator('#field-POINTS_OFFERED').inputValue()).toBe('20');
    await shot(page, 'offered-edit');
    await page.context().close();
  });
});
