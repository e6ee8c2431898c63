import { readFileSync } from 'node:fs';
import { CLIENT_MESSAGES, CLIENT_STATUS, hrefFor, MSG } from '@app/domain';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, expectPath, launch, login, MOBILE, newPage, PASSWORD, pathOf, shot } from './browser';
import { fullClientBody } from './client-body';

/**
 * The clients screens (the listing, the detail page, the form) on the real server.
 * Three clients of this run are made through the API (two for chef@demo.tn, one for nobody), so the
 * tag search, the status and the chief's view are checked on rows that belong to this test alone.
 */
let browser: Browser;
let token = '';
const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const PREFIX = `CLI${RUN}`;
const CODES = [1, 2, 3].map((i) => `${PREFIX}-${i}`);
const NAMES = [`Alpha Tagtest ${RUN}`, `Beta Tagtest ${RUN}`, `Gamma Autre ${RUN}`];
const ids: Record<string, number> = {};
const refs = { type: 0, circuit: '', otherCircuit: '', activity: '', category: '', chef: 0 };
const LIST = hrefFor('clients');
const DETAIL = hrefFor('client-detail');
const YEAR = new Date().getFullYear();

async function call<T>(method: string, url: string, body?: unknown): Promise<{ status: number; data: T }> {
  const res = await fetch(`${baseUrl()}/api/${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T };
  return { status: res.status, data: json.data };
}

interface Named {
  id: number;
  NAME: string;
}

beforeAll(async () => {
  browser = await launch();
  token = (await call<{ token: string }>('POST', 'loginBO', { email: 'admin@demo.tn', password: PASSWORD, from: 'BO' })).data.token;
  const type = (await call<Named[]>('GET', 'typeclients')).data[0];
  const circuits = (await call<Named[]>('GET', 'clients_circuits')).data;
  const activities = (await call<(Named & { CIRCUIT: number })[]>('GET', 'clients_activities')).data;
  const categories = (await call<(Named & { ACTIVITE: number })[]>('GET', 'clients_categories')).data;
  // A category, its activity and that activity's circuit; and another circuit for the chained selects.
  const category = categories[0];
  const activity = activities.find((a) => a.id === category.ACTIVITE)!;
  const circuit = circuits.find((c) => c.id === activity.CIRCUIT)!;
  const otherCircuit = circuits.find((c) => c.id !== circuit.id && activities.some((a) => a.CIRCUIT === c.id))!;
  const chiefs = (await call<{ id: number; EMAIL: string }[]>('GET', 'chef-zone')).data;
  const chef = chiefs.find((c) => c.EMAIL === 'chef@demo.tn')!;
  Object.assign(refs, {
    type: type.id,
    circuit: circuit.NAME,
    otherCircuit: otherCircuit.NAME,
    activity: activity.NAME,
    category: category.NAME,
    chef: chef.id,
  });
  for (const i of [0, 1, 2]) {
    const body = fullClientBody(CODES[i], NAMES[i], {
      type: type.id,
      circuit: circuit.id,
      activity: activity.id,
      category: category.id,
      chef: i < 2 ? chef.id : null,
    });
    const r = await call<{ id: number }>('POST', 'clients', body);
    expect(r.status).toBe(201);
    ids[CODES[i]] = r.data.id;
  }
});
afterAll(async () => {
  await browser?.close();
});

const rows = (page: Page) => page.locator('.dt-resource tbody tr');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const response = (page: Page, path: string, method: string) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === `/api/${path}` && r.request().method() === method);
const listCall = (page: Page) => page.waitForResponse((r) => new URL(r.url()).pathname === '/api/clients' && r.request().method() === 'GET');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: /Rechercher/ });
const fieldError = (scope: Locator, name: string) => scope.locator(`[data-field="field-${name}"] .fld-error`);
// The first cell past the bulk selection's checkbox.
const codes = (page: Page) => rows(page).evaluateAll((trs) => trs.map((tr) => tr.querySelector('td:not(.dt-select)')?.textContent?.trim() ?? ''));

async function openList(page: Page) {
  await page.goto(LIST);
  await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
  await expect.poll(() => page.locator('.dt-total').textContent()).toMatch(/\d+ élément/);
}

/** Enter in the search box pins the text as a tag; waits for the narrowed list. */
async function addTag(page: Page, tag: string, expectedRows: number) {
  await searchBox(page).fill(tag);
  await searchBox(page).press('Enter');
  await expect.poll(() => page.locator('.dt-tag', { hasText: tag }).count()).toBe(1);
  await expect.poll(() => rows(page).count()).toBe(expectedRows);
}

/** Picks an option of a form select (PrimeReact Dropdown, panel in the body). */
async function choose(page: Page, scope: Locator, name: string, option: string) {
  await scope.locator(`[data-field="field-${name}"] .p-dropdown`).click();
  await page.locator('.p-dropdown-panel li[role="option"]', { hasText: option }).first().click();
  await expect.poll(() => scope.locator(`[data-field="field-${name}"] .p-dropdown-label`).textContent()).toBe(option);
}

async function panelOptions(page: Page, scope: Locator, name: string): Promise<string[]> {
  await scope.locator(`[data-field="field-${name}"] .p-dropdown`).click();
  const panel = page.locator('.p-dropdown-panel');
  await expect.poll(() => panel.isVisible()).toBe(true);
  const texts = (await panel.locator('li[role="option"]').allTextContents()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  await expect.poll(() => panel.count()).toBe(0);
  return texts;
}

const statusTag = (page: Page, code: string) => row(page, code).locator('.client-status').first();

describe('clients list', () => {
  it('tags narrow, sort, page size, status with its colour, active switch, CSV export of the filtered list', { timeout: 180_000 }, async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.getByRole('link', { name: 'Clients', exact: true }).click();
    await expectPath(page, LIST);
    await expect.poll(() => page.locator('.title-bar h1').textContent()).toBe('Contacts / Clients');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);

    // 100 rows by default; the headers carry the years. The rows counted above may be the
    // table's loading or empty row: the total shows once the page is in.
    await expect.poll(() => page.locator('.dt-total').textContent(), { timeout: 30_000 }).toMatch(/ élément/);
    const total = Number(((await page.locator('.dt-total').textContent()) ?? '').replace(/\D/g, ''));
    // Past 50 rows the rest are drawn a moment after the first 50.
    await expect.poll(() => rows(page).count()).toBe(Math.min(100, total));
    const headers = (await page.locator('.dt-resource thead th:not(.dt-select)').allTextContents()).map((t) => t.trim());
    expect(headers.slice(0, 4)).toEqual(['Code client', 'Client', 'GSM', 'GSM système']);
    expect(headers).toEqual(
      expect.arrayContaining([
        `Points ${YEAR}`,
        `Remise ${YEAR}`,
        `Remise ${YEAR - 1}`,
        `CA ${YEAR - 1}`,
        `Ristourne ${YEAR - 1}`,
        'Dernière utilisation',
        'Actif',
        'Statut',
        'Actions',
      ]),
    );
    await shot(page, 'clients-list');

    // Page size 50 (choices 50, 100, 150, 200, 500), kept in the URL.
    await page.locator('.p-paginator .p-dropdown').click();
    const sizes = (await page.locator('.p-dropdown-panel li[role="option"]').allTextContents()).map((t) => t.trim());
    expect(sizes).toEqual(['50', '100', '150', '200', '500']);
    const fifty = listCall(page);
    await page.locator('.p-dropdown-panel li[role="option"]', { hasText: /^50$/ }).click();
    expect(new URL((await fifty).url()).searchParams.get('perPage')).toBe('50');
    await expect.poll(() => rows(page).count()).toBe(Math.min(50, total));
    expect(new URL(page.url()).searchParams.get('perPage')).toBe('50');

    // Two tags: each narrows (code prefix, then a word of the name); both travel as repeated parameters.
    await addTag(page, PREFIX, 3);
    const narrowed = listCall(page);
    await addTag(page, 'Tagtest', 2);
    expect(new URL((await narrowed).url()).searchParams.getAll('tags')).toEqual([PREFIX, 'Tagtest']);
    expect(await codes(page)).toEqual([CODES[0], CODES[1]]);
    expect(new URL(page.url()).searchParams.getAll('tags')).toEqual([PREFIX, 'Tagtest']);
    await shot(page, 'clients-list-tags');
    await page.getByRole('button', { name: 'Retirer le filtre « Tagtest »' }).click();
    await expect.poll(() => rows(page).count()).toBe(3);

    // Sort on the server: code descending, then by name.
    const sorted = listCall(page);
    await page.locator('.dt-resource thead th', { hasText: 'Code client' }).click();
    const sortUrl = new URL((await sorted).url());
    expect([sortUrl.searchParams.get('sort'), sortUrl.searchParams.get('order')]).toEqual(['CODE_CLIENT', 'desc']);
    await expect.poll(() => codes(page)).toEqual([CODES[2], CODES[1], CODES[0]]);
    await page.locator('.dt-resource thead th', { hasText: /^Client$/ }).click();
    await expect.poll(() => codes(page)).toEqual([CODES[0], CODES[1], CODES[2]]);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('NAME');

    // Status: En cours (orange) → Validé (green), saved at once; the list reloads.
    const hex = (code: number) => CLIENT_STATUS.of(code)!.color;
    const rgb = (h: string) => `rgb(${[1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)).join(', ')})`;
    await expect.poll(() => statusTag(page, CODES[0]).textContent()).toBe('En cours');
    expect(await statusTag(page, CODES[0]).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb(hex(0)));
    await row(page, CODES[0]).locator('.client-status-select').click();
    const status = response(page, `clients/status/${ids[CODES[0]]}`, 'PUT');
    const reloaded = listCall(page);
    await page.locator('.p-dropdown-panel li[role="option"]', { hasText: 'Validé' }).click();
    const statusRes = await status;
    expect(statusRes.status()).toBe(200);
    expect(JSON.parse(statusRes.request().postData() ?? '{}')).toEqual({ STATUS: 1 });
    await reloaded;
    await expect.poll(() => statusTag(page, CODES[0]).textContent()).toBe('Validé');
    expect(await statusTag(page, CODES[0]).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb(hex(1)));
    await shot(page, 'clients-list-status');

    // A refused change puts the old status back.
    await page.route(`**/api/clients/status/${ids[CODES[0]]}`, (route) =>
      route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Refusé par le test' }) }),
    );
    await row(page, CODES[0]).locator('.client-status-select').click();
    const refused = response(page, `clients/status/${ids[CODES[0]]}`, 'PUT');
    await page.locator('.p-dropdown-panel li[role="option"]', { hasText: 'Refusé' }).click();
    expect((await refused).status()).toBe(422);
    await expect.poll(() => statusTag(page, CODES[0]).textContent()).toBe('Validé');
    expect(await statusTag(page, CODES[0]).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb(hex(1)));
    await page.unroute(`**/api/clients/status/${ids[CODES[0]]}`);
    expect((await call<{ STATUS: number }>('GET', `clients/${ids[CODES[0]]}`)).data.STATUS).toBe(1);

    // Active switch: saved at once with PUT clients/active/{id}, kept after a reload.
    const sw = () => row(page, CODES[1]).getByRole('switch', { name: 'Actif' });
    expect(await sw().isChecked()).toBe(true);
    const active = response(page, `clients/active/${ids[CODES[1]]}`, 'PUT');
    await sw().click({ force: true });
    const activeRes = await active;
    expect(activeRes.status()).toBe(200);
    expect(JSON.parse(activeRes.request().postData() ?? '{}')).toEqual({ IS_ACTIVE: 0 });
    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(3);
    await expect.poll(() => sw().isChecked()).toBe(false);

    // CSV export: the whole filtered list (header line, then the three rows), with the tags.
    const exportCall = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/export/csv');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter en CSV' }).click();
    expect(new URL((await exportCall).url()).searchParams.getAll('tags')).toEqual([PREFIX]);
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter(Boolean);
    expect(lines[0]).toMatch(/^"?Code client"?[;,]"?Client"?/);
    expect(lines).toHaveLength(4);
    for (const code of CODES) expect(lines.some((l) => l.includes(code))).toBe(true);

    // Excel and PDF leave from their own paths.
    const excel = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/export/excel');
    const excelDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter en Excel' }).click();
    expect((await excel).status()).toBe(200);
    expect((await excelDownload).suggestedFilename()).toBe('clients.xlsx');
    const pdf = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/clients/export/pdf');
    await page.getByRole('button', { name: 'Exporter en PDF' }).click();
    expect((await pdf).status()).toBe(200);

    // Delete asks, naming the kind of item.
    await row(page, CODES[2]).getByRole('button', { name: 'Supprimer' }).click();
    const confirm = page.locator('.p-confirm-dialog');
    await expect.poll(() => confirm.textContent()).toContain('Voulez-vous vraiment supprimer ce client ?');
    await confirm.getByRole('button', { name: 'Non' }).click();
    await page.context().close();
  });

  it('adds a client in three steps: a step with errors refuses to go on, a used code comes back on its field', { timeout: 180_000 }, async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    // This run's rows only: a short list keeps the accessibility checks of the dialog quick.
    await page.goto(`${LIST}?tags=${PREFIX}`);
    await expect.poll(() => rows(page).count()).toBe(3);
    await page.getByRole('button', { name: 'Ajouter un client' }).click();
    const add = dialog(page, 'Ajouter un client');
    await expect.poll(() => add.isVisible()).toBe(true);

    // Step 1 empty: Suivant stays on step 1 and names each missing field of that step only.
    await add.getByRole('button', { name: 'Suivant' }).click();
    await expect.poll(() => fieldError(add, 'CODE_CLIENT').textContent()).toBe(MSG.required);
    for (const f of ['NAME', 'TVA', 'ADDRESS', 'TYPE_CLIENT_ID', 'GSM']) expect(await fieldError(add, f).textContent()).toBe(MSG.required);
    expect(await fieldError(add, 'RNE').count()).toBe(0);
    expect(await add.locator('section[aria-label="Identité"]').isVisible()).toBe(true);
    await shot(page, 'clients-dialog-step1');

    // A used code, to be refused by the server at the end.
    await add.locator('#field-CODE_CLIENT').fill(CODES[0]);
    await add.locator('#field-NAME').fill(`Delta Ajout ${RUN}`);
    await add.locator('#field-TVA').fill('7654321B');
    await add.locator('#field-GSM').fill('2212345');
    await add.locator('#field-ADDRESS').fill('Avenue Habib Bourguiba, Sfax');
    await choose(page, add, 'TYPE_CLIENT_ID', (await call<Named[]>('GET', 'typeclients')).data[0].NAME);

    // Chained selects: activities of the chosen circuit; another circuit clears the children.
    expect(await add.locator('[data-field="field-ACTIVITE"] .p-dropdown-label').textContent()).toBe('Choisissez d’abord un circuit');
    await choose(page, add, 'CIRCUIT', refs.otherCircuit);
    await choose(page, add, 'ACTIVITE', (await panelOptions(page, add, 'ACTIVITE'))[0]);
    await choose(page, add, 'CIRCUIT', refs.circuit);
    await expect.poll(() => add.locator('[data-field="field-ACTIVITE"] .p-dropdown-label').textContent()).not.toBe(refs.activity);
    const activities = (await call<(Named & { CIRCUIT: number; CIRCUIT_NAME: string })[]>('GET', 'clients_activities')).data;
    expect((await panelOptions(page, add, 'ACTIVITE')).sort()).toEqual(
      activities
        .filter((a) => a.CIRCUIT_NAME === refs.circuit)
        .map((a) => a.NAME)
        .sort(),
    );
    await choose(page, add, 'ACTIVITE', refs.activity);
    await choose(page, add, 'CATEGORY', refs.category);

    // GSM is exactly 8 characters.
    await add.getByRole('button', { name: 'Suivant' }).click();
    await expect.poll(() => fieldError(add, 'GSM').textContent()).toBe(MSG.phone8);
    await add.locator('#field-GSM').fill('22123456');
    await add.getByRole('button', { name: 'Suivant' }).click();

    // Step 2: commercial terms.
    const step2 = add.locator('section[aria-label="Conditions commerciales"]');
    await expect.poll(() => step2.isVisible()).toBe(true);
    await add.getByRole('button', { name: 'Suivant' }).click();
    await expect.poll(() => fieldError(add, 'NUM_SIRET').textContent()).toBe(MSG.required);
    await shot(page, 'clients-dialog-step2');
    for (const [f, v] of [
      ['NUM_SIRET', 'S-9'],
      ['C_PAYEUR', 'P-9'],
      ['C_RISQUE', 'Faible'],
      ['PERCENTAGE', '3.25'],
      ['PAIEMENT', 'Virement'],
      ['DELAI_RECUPERATION', '15'],
      ['CODE_COMPTABLE', '411009'],
      ['SECTION', 'B'],
      ['REPRESENTANT_1', 'Amine'],
      ['REPRESENTANT_2', 'Rim'],
      ['OBSERVATIONS', 'Client ajouté par le test navigateur.'],
    ])
      await add.locator(`#field-${f}`).fill(v);
    await add.getByRole('button', { name: 'Suivant' }).click();

    // Step 3: delivery, then one save with the merged data.
    const step3 = add.locator('section[aria-label="Livraison"]');
    await expect.poll(() => step3.isVisible()).toBe(true);
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => fieldError(add, 'GOUVERNORAT').textContent()).toBe(MSG.required);
    await choose(page, add, 'GOUVERNORAT', 'Sfax');
    await add.locator('#field-CITY').fill('Sfax');
    await add.locator('#field-FAX').fill('74123456');
    await add.locator('#field-DELAI_LIVRAISON').fill('3');
    await add.locator('#field-SITE').fill('Sfax Centre');
    await expect.poll(() => add.locator('[data-field="field-STATUS"] .p-dropdown-label').textContent()).toBe('En cours');
    await shot(page, 'clients-dialog-step3');

    const refused = response(page, 'clients', 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await refused).status()).toBe(422);
    await expect.poll(() => fieldError(add, 'CODE_CLIENT').textContent()).toBe(CLIENT_MESSAGES.codeExists);
    expect(await add.locator('section[aria-label="Identité"]').isVisible()).toBe(true);

    await add.locator('#field-CODE_CLIENT').fill(`${PREFIX}-4`);
    await add.getByRole('button', { name: 'Suivant' }).click();
    await add.getByRole('button', { name: 'Suivant' }).click();
    const created = response(page, 'clients', 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    const body = JSON.parse(res.request().postData() ?? '{}');
    expect(body).toMatchObject({
      CODE_CLIENT: `${PREFIX}-4`,
      GSM: '22123456',
      PERCENTAGE: '3.25',
      GOUVERNORAT: 'Sfax',
      STATUS: 0,
      IS_ACTIVE: 1,
      SITE: 'Sfax Centre',
    });
    expect(body).not.toHaveProperty('file');
    await expect.poll(() => page.locator('.p-toast-summary', { hasText: CLIENT_MESSAGES.added }).isVisible()).toBe(true);
    await expect.poll(() => add.isVisible()).toBe(false);
    ids[`${PREFIX}-4`] = (await res.json()).data.id;

    // Edit uses the light rules: the dialog opens on the saved data.
    await expect.poll(() => rows(page).count()).toBe(4);
    await addTag(page, `${PREFIX}-4`, 1);
    await row(page, `${PREFIX}-4`).getByRole('button', { name: 'Modifier' }).click();
    const edit = dialog(page, 'Modifier le client');
    await expect.poll(() => edit.locator('#field-NAME').inputValue()).toBe(`Delta Ajout ${RUN}`);
    expect(await edit.locator('[data-field="field-CATEGORY"] .p-dropdown-label').textContent()).toBe(refs.category);
    await edit.locator('#field-NAME').fill(`Delta Modifié ${RUN}`);
    await edit.getByRole('button', { name: 'Suivant' }).click();
    await edit.getByRole('button', { name: 'Suivant' }).click();
    const updated = response(page, `clients/${ids[`${PREFIX}-4`]}`, 'PUT');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await updated).status()).toBe(200);
    await expect.poll(() => row(page, `Delta Modifié ${RUN}`).count()).toBe(1);
    await page.context().close();
  });

  it('detail page: rebate cards, information form with GSM_FID, points history, no voucher yet, unknown id', async () => {
    const credited = await call('POST', `clients/${ids[CODES[0]]}/points`, { POINTS: 150, REASON: `Bonus e2e ${RUN}` });
    expect(credited.status).toBe(200);
    expect((await call('POST', `clients/${ids[CODES[0]]}/points`, { POINTS: -40 })).status).toBe(200);

    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openList(page);
    await addTag(page, CODES[0], 1);
    await row(page, CODES[0]).getByRole('button', { name: 'Voir' }).click();
    await expectPath(page, `${DETAIL}?id=${ids[CODES[0]]}`);
    await expect.poll(() => page.locator('.title-bar h1').textContent()).toBe('Contacts / Détail client');
    await expect.poll(() => page.locator('.client-detail-head h2').textContent()).toBe(NAMES[0]);

    const cards = (await page.locator('.client-card').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(cards).toEqual(['Reste ristourne0,000 DT', 'Total ristourne0,000 DT', 'Ristourne consommée0,000 DT']);

    // Points: balance and ledger, newest first, signed amounts.
    await expect.poll(() => page.getByTestId('points-balance').textContent()).toBe('110 points');
    const history = page.locator('.client-points-table tbody tr');
    await expect.poll(() => history.count()).toBe(2);
    const first = (await history.nth(0).locator('td').allTextContents()).map((t) => t.trim());
    const second = (await history.nth(1).locator('td').allTextContents()).map((t) => t.trim());
    expect(first[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/);
    expect(first.slice(1, 5)).toEqual(['Correction', 'Correction du solde', '\u221240', '110']);
    expect(second.slice(1, 5)).toEqual(['Correction', `Bonus e2e ${RUN}`, '+150', '150']);
    // The author is the signed-in admin who made the call.
    expect(first[5]).not.toMatch(/^(—|)$/);
    await shot(page, 'clients-detail');
    await page.locator('#client-points-title').scrollIntoViewIfNeeded();
    await shot(page, 'clients-detail-points');

    // The loyalty phone: exactly 8 digits or +, saved with the light rules.
    const form = page.getByRole('form', { name: 'Informations du client' });
    await form.locator('#field-GSM_FID').fill('12345');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => fieldError(form, 'GSM_FID').textContent()).toBe(MSG.phone8);
    await form.locator('#field-GSM_FID').fill('+2165555');
    const saved = response(page, `clients/${ids[CODES[0]]}`, 'PUT');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    const savedRes = await saved;
    expect(savedRes.status()).toBe(200);
    expect(JSON.parse(savedRes.request().postData() ?? '{}')).toMatchObject({ GSM_FID: '+2165555', NAME: NAMES[0] });
    expect((await call<{ GSM_FID: string }>('GET', `clients/${ids[CODES[0]]}`)).data.GSM_FID).toBe('+2165555');

    // Vouchers: the count and a real empty state.
    await page.getByRole('tab', { name: 'Vouchers (0)' }).click();
    await expect.poll(() => page.getByText('Aucun voucher pour ce client.').isVisible()).toBe(true);
    await shot(page, 'clients-detail-vouchers');

    // Unknown id: a clear message and the way back.
    await page.goto(`${DETAIL}?id=999999`);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: CLIENT_MESSAGES.notFound }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Retour à la liste des clients' }).click();
    await expectPath(page, LIST);
    await page.context().close();
  });

  it('a zone chief lands on the clients, sees only his own, without the chief select', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'chef@demo.tn');
    await expectPath(page, LIST);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    await addTag(page, PREFIX, 2);
    expect((await codes(page)).sort()).toEqual([CODES[0], CODES[1]]);
    // No invitation right: no invite button.
    expect(await row(page, CODES[0]).getByRole('button', { name: 'Inviter' }).count()).toBe(0);
    await shot(page, 'clients-list-chef');

    await page.getByRole('button', { name: 'Ajouter un client' }).click();
    const add = dialog(page, 'Ajouter un client');
    await expect.poll(() => add.isVisible()).toBe(true);
    expect(await add.locator('[data-field="field-CHEF_ZONE_ID"]').count()).toBe(0);
    // A badge credits points: read-only for him, with why (the server refuses a change anyway).
    const badge = add.locator('[data-field="field-BADGES_ID"]');
    await expect.poll(() => badge.locator('.p-dropdown').getAttribute('class')).toContain('p-disabled');
    expect(await badge.locator('.fld-hint').textContent()).toBe('Un badge crédite des points : seul un administrateur le change.');
    await shot(page, 'clients-dialog-chef');
    await add.locator('.fd-footer').getByRole('button', { name: 'Annuler' }).click();

    // Another chief's (or nobody's) client is not found.
    await page.goto(`${DETAIL}?id=${ids[CODES[2]]}`);
    await expect.poll(() => page.getByText(CLIENT_MESSAGES.notFound).isVisible()).toBe(true);
    expect(pathOf(page)).toBe(`${DETAIL}?id=${ids[CODES[2]]}`);
    await page.context().close();
  });

  it('invites the users of a client (admin)', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openList(page);
    await addTag(page, CODES[1], 1);
    const users = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/clients/users');
    await row(page, CODES[1]).getByRole('button', { name: 'Inviter' }).click();
    expect(new URL((await users).url()).searchParams.get('client')).toBe(String(ids[CODES[1]]));
    const invite = dialog(page, `Inviter les utilisateurs de ${NAMES[1]}`);
    await expect.poll(() => invite.isVisible()).toBe(true);
    // The dialog itself (components/invite-dialog) is checked by its own tests.
    await expect.poll(() => invite.getByRole('button', { name: 'Envoyer' }).isVisible()).toBe(true);
    await invite.getByRole('button', { name: 'Annuler' }).click();
    await expect.poll(() => invite.isVisible()).toBe(false);
    await page.context().close();
  });
});

describe('clients on a phone', () => {
  it('list, the three dialog steps and the detail page at 390 px', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    await page.goto(`${LIST}?tags=${PREFIX}`);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(1);
    // The wide table scrolls inside its wrapper; the page itself does not.
    const wrapper = page.locator('.dt-resource .p-datatable-wrapper');
    expect(await wrapper.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, 'clients-list');

    await page.getByRole('button', { name: 'Ajouter un client' }).click();
    const add = dialog(page, 'Ajouter un client');
    await expect.poll(() => add.isVisible()).toBe(true);
    await shot(page, 'clients-dialog-step1');
    await add.getByRole('button', { name: 'Suivant' }).click();
    await expect.poll(() => fieldError(add, 'CODE_CLIENT').textContent()).toBe(MSG.required);
    await add.locator('.fd-footer').getByRole('button', { name: 'Annuler' }).click();

    // Edit an existing client to walk its steps (the light rules let it through).
    await row(page, CODES[0]).getByRole('button', { name: 'Modifier' }).click();
    const edit = dialog(page, 'Modifier le client');
    await expect.poll(() => edit.locator('#field-NAME').inputValue()).toBe(NAMES[0]);
    await edit.getByRole('button', { name: 'Suivant' }).click();
    await expect.poll(() => edit.locator('section[aria-label="Conditions commerciales"]').isVisible()).toBe(true);
    await shot(page, 'clients-dialog-step2');
    await edit.getByRole('button', { name: 'Suivant' }).click();
    await expect.poll(() => edit.locator('section[aria-label="Livraison"]').isVisible()).toBe(true);
    await shot(page, 'clients-dialog-step3');
    await edit.locator('.fd-footer').getByRole('button', { name: 'Annuler' }).click();

    await page.goto(`${DETAIL}?id=${ids[CODES[0]]}`);
    await expect.poll(() => page.locator('.client-card').count()).toBe(3);
    await expect.poll(() => page.locator('.client-points-table tbody tr').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, 'clients-detail');
    await page.locator('#client-points-title').scrollIntoViewIfNeeded();
    await shot(page, 'clients-detail-points');
    await page.context().close();
  });
});
