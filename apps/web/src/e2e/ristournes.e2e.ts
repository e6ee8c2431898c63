import { COUPON_MSG, formatInteger, formatMoney, hrefFor, MSG, overlapMessage, type SegmentationFigures, type SegmentationSummary } from '@app/domain';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, login, MOBILE, newPage, pickDate, shot } from './browser';

/** Rebate tiers, segmentation and coupons on the real server. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PALIERS = hrefFor('paliers');
const SEGMENTATION = hrefFor('segmentation');
const COUPONS = hrefFor('coupons');
const WAIT = { timeout: 10_000 };
/** Reruns on the same database must not meet their own earlier rows: a year and codes of their own. */
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const YEAR = 5000 + Math.floor(Math.random() * 4000);

const rows = (page: Page) => page.locator('.dt-resource tbody tr');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const fieldError = (scope: ReturnType<typeof dialog>, name: string) => scope.locator(`[data-field="field-${name}"] .fld-error`);
const toast = (page: Page, text: string) => page.locator('.p-toast-message', { hasText: text });
const response = (page: Page, test: (url: string) => boolean, method: string) => page.waitForResponse((r) => test(r.url()) && r.request().method() === method);

async function bearer(page: Page) {
  return { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` };
}

/** Calendar day in Tunis, `days` from today, as [year, monthIndex, day]. */
function tunisDay(days: number): [number, number, number] {
  const [y, m, d] = new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Africa/Tunis' }).split('-').map(Number);
  return [y, m - 1, d];
}
const ddmmyyyy = ([y, m, d]: [number, number, number]) => `${String(d).padStart(2, '0')}/${String(m + 1).padStart(2, '0')}/${y}`;

/** Every write call the page makes to a path, to show that a refused form sent nothing. */
function writesTo(page: Page, path: string) {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/api/${path}`) && r.method() !== 'GET') seen.push(r);
  });
  return seen;
}

describe('rebate tiers', () => {
  it('warns about and blocks min > max, refuses an overlapping active tier with its message, then adds a tier', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    const headers = await bearer(page);
    // The tier the form will run into: same year, no activity, active.
    const base = await page.request.post('/api/ristournes', {
      headers,
      data: { NUM_RISTOURNE: 1, NAME: `Bronze ${RUN}`, YEAR, VAL_MIN: '0', VAL_MAX: '4999.999', PERCENTAGE: '1', REMISE: '0', ACTIVITE: null, IS_ACTIVE: 1 },
    });
    expect(base.status()).toBe(201);

    await page.goto(PALIERS);
    await expect.poll(() => page.locator('.title-bar h1').textContent(), WAIT).toBe('Ristournes / Paliers');
    await expect.poll(() => rows(page).count(), WAIT).toBeGreaterThan(0);
    const writes = writesTo(page, 'ristournes');

    await page.getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Ajouter un palier');
    await expect.poll(() => add.isVisible(), WAIT).toBe(true);
    await add.locator('#field-NUM_RISTOURNE').fill('2');
    await add.locator('#field-NAME').fill(`Argent ${RUN}`);
    await add.locator('#field-YEAR').fill(String(YEAR));
    await add.locator('#field-PERCENTAGE').fill('2.5');
    await add.locator('#field-REMISE').fill('1');

    // Min above max: a warning as soon as it is typed, and the form does not send it.
    await add.locator('#field-VAL_MIN').fill('9000');
    await add.locator('#field-VAL_MAX').fill('8000');
    await expect.poll(() => add.locator('.fld-warning').textContent(), WAIT).toContain(MSG.minGreaterThanMax);
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => fieldError(add, 'VAL_MAX').textContent(), WAIT).toBe(MSG.minGreaterThanMax);
    expect(writes).toHaveLength(0);
    await shot(page, 'ristournes-min-max');

    // Overlapping the active tier of the same year and activity: the server refuses it, naming the tier.
    await add.locator('#field-VAL_MIN').fill('4000');
    await add.locator('#field-VAL_MAX').fill('8000');
    await expect.poll(() => add.locator('.fld-warning').count(), WAIT).toBe(0);
    const refused = response(page, (u) => u.endsWith('/api/ristournes'), 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await refused).status()).toBe(422);
    const overlap = overlapMessage({ name: `Bronze ${RUN}`, valMin: '0', valMax: '4999.999' });
    await expect.poll(() => fieldError(add, 'VAL_MIN').textContent(), WAIT).toBe(overlap);
    await expect.poll(() => toast(page, overlap).count(), WAIT).toBeGreaterThan(0);
    await shot(page, 'ristournes-overlap');

    // Adjacent to it: saved, and listed with dinars and percentages.
    await add.locator('#field-VAL_MIN').fill('5000');
    const created = response(page, (u) => u.endsWith('/api/ristournes'), 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    const tier = (await res.json()).data;
    expect(tier).toMatchObject({ NAME: `Argent ${RUN}`, YEAR, VAL_MIN: '5000.000', VAL_MAX: '8000.000', PERCENTAGE: '2.500', IS_ACTIVE: 1, ACTIVITE: null });
    await expect.poll(() => add.isVisible(), WAIT).toBe(false);

    await page.goto(`${PALIERS}?search=${encodeURIComponent(RUN)}`);
    await expect.poll(() => rows(page).count(), WAIT).toBe(2);
    const mine = row(page, `Argent ${RUN}`);
    await expect.poll(() => mine.textContent(), WAIT).toContain('5\u00a0000,000 DT');
    expect(await mine.textContent()).toContain('8\u00a0000,000 DT');
    expect(await mine.textContent()).toContain('2,5\u00a0%');
    expect(await mine.textContent()).toContain('Sans activité');
    await shot(page, 'ristournes-list');

    for (const id of [tier.id, (await base.json()).data.id]) expect((await page.request.delete(`/api/ristournes/${id}`, { headers })).status()).toBe(200);
    await page.context().close();
  });

  it('segmentation: « Modifier » shows the count by activity and the clients of the range', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(SEGMENTATION);
    await expect.poll(() => page.locator('.title-bar h1').textContent(), WAIT).toBe('Ristournes / Segmentation');
    await expect.poll(() => page.locator('.seg-range').textContent(), WAIT).toBe('3\u00a0000,000 DT – 6\u00a0000,000 DT');
    expect(await page.locator('.seg-total').count()).toBe(0);

    // The lower bound down to 0 with the keyboard (PageDown: 1,000 DT a press): the demo's clients have no CA N-1 yet.
    const low = page.getByRole('slider', { name: 'CA N-1 minimum' });
    await low.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('PageDown');
    await expect.poll(() => page.locator('.seg-range').textContent(), WAIT).toBe('0,000 DT – 6\u00a0000,000 DT');
    // Live, before « Modifier »: the clients and turnover of the range by the generation's turnover (last year's orders).
    const figures: SegmentationFigures = (
      await (await page.request.get('/api/ristournes/segmentation/figures?min=0&max=6000', { headers: await bearer(page) })).json()
    ).data;
    expect(figures.CLIENTS).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('seg-live-clients').textContent(), WAIT).toBe(`${figures.CLIENTS} client${figures.CLIENTS > 1 ? 's' : ''}`);
    expect(await page.getByTestId('seg-live-turnover').textContent()).toBe(formatMoney(figures.TURNOVER));
    expect(await page.locator('.seg-live').textContent()).toContain(`de ${new Date().getFullYear() - 1})`);
    await shot(page, 'ristournes-segmentation-live');

    const counted = response(page, (u) => /\/api\/ristournes\/segmentation\?/.test(u), 'GET');
    await page.getByRole('button', { name: 'Modifier' }).click();
    expect((await counted).status()).toBe(200);
    const expected: SegmentationSummary = (
      await (await page.request.get('/api/ristournes/segmentation?min=0&max=6000', { headers: await bearer(page) })).json()
    ).data;
    expect(expected.total).toBeGreaterThan(0);
    await expect.poll(() => page.locator('.seg-total strong').getAttribute('data-total'), WAIT).toBe(String(expected.total));
    expect(await page.locator('.seg-total').textContent()).toContain('entre 0,000 DT – 6\u00a0000,000 DT');
    await expect.poll(() => page.locator('.seg-activities tbody tr').count(), WAIT).toBe(expected.byActivity.length);
    const first = expected.byActivity[0];
    expect(await page.locator('.seg-activities tbody tr').first().textContent()).toBe(`${first.ACTIVITE_NAME ?? 'Sans activité'}${first.COUNT}`);
    // The clients, paged by the server: the same total, 50 rows at most.
    await expect.poll(() => page.locator('.dt-total').textContent(), WAIT).toBe(`${formatInteger(expected.total)} élément${expected.total > 1 ? 's' : ''}`);
    expect(await rows(page).count()).toBe(Math.min(50, expected.total));
    expect(new URL(page.url()).search).toBe('?min=0&max=6000');
    await shot(page, 'ristournes-segmentation');
    await page.context().close();
  });

  it('segmentation: the slider with the keyboard only, any key on either thumb, keeps two numbers in order', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/segmentation/figures')) asked.push(new URL(r.url()).search);
    });
    await login(page, 'admin@demo.tn');
    await page.goto(SEGMENTATION);
    const range = () => page.locator('.seg-range').textContent();
    await expect.poll(range, WAIT).toBe('3\u00a0000,000 DT – 6\u00a0000,000 DT');
    const low = page.getByRole('slider', { name: 'CA N-1 minimum' });
    await low.focus();
    await page.keyboard.press('Home');
    await expect.poll(range, WAIT).toBe('0,000 DT – 6\u00a0000,000 DT');
    // End takes the lower bound up to the upper one, not past it.
    await page.keyboard.press('End');
    await expect.poll(range, WAIT).toBe('6\u00a0000,000 DT – 6\u00a0000,000 DT');
    for (const key of ['PageDown', 'ArrowLeft', 'ArrowDown']) await page.keyboard.press(key);
    await expect.poll(range, WAIT).toBe('4\u00a0800,000 DT – 6\u00a0000,000 DT');
    const high = page.getByRole('slider', { name: 'CA N-1 maximum' });
    await high.focus();
    await page.keyboard.press('End');
    await expect.poll(range, WAIT).toBe('4\u00a0800,000 DT – 10\u00a0000,000 DT');
    await page.keyboard.press('PageUp');
    await page.keyboard.press('Home');
    await expect.poll(range, WAIT).toBe('4\u00a0800,000 DT – 4\u00a0800,000 DT');
    await page.keyboard.press('PageUp');
    await page.keyboard.press('ArrowUp');
    await expect.poll(range, WAIT).toBe('4\u00a0800,000 DT – 5\u00a0900,000 DT');
    // The live figures were asked with numbers only, and shown.
    await expect.poll(() => asked.some((q) => q === '?min=4800&max=5900'), WAIT).toBe(true);
    expect(asked.filter((q) => !/^\?min=\d+&max=\d+$/.test(q))).toEqual([]);
    await expect.poll(() => page.getByTestId('seg-live-clients').count(), WAIT).toBe(1);
    expect(await page.getByText('Chiffres indisponibles.').count()).toBe(0);
    await page.context().close();
  });
});

describe('coupons', () => {
  it('refuses a past expiry date with the spec’s message, then adds a coupon that the list shows', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(COUPONS);
    await expect.poll(() => page.locator('.title-bar h1').textContent(), WAIT).toBe('Ristournes / Coupons');
    const writes = writesTo(page, 'coupons');
    const code = `E2E-${RUN}`;

    await page.getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Ajouter un coupon');
    await expect.poll(() => add.isVisible(), WAIT).toBe(true);
    await add.locator('#field-CODE').fill(code);
    await add.locator('#field-VALUE').fill('15.5');
    const past = tunisDay(-1);
    await pickDate(page, add, 'EXPIRY_DATE', ...past);
    await expect.poll(() => add.locator('#field-EXPIRY_DATE').inputValue(), WAIT).toBe(ddmmyyyy(past));
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => fieldError(add, 'EXPIRY_DATE').textContent(), WAIT).toBe(COUPON_MSG.expiryPast);
    await expect.poll(() => toast(page, "Le champ Date d'expiration doit être une date postérieure à aujourd'hui.").count(), WAIT).toBe(1);
    expect(writes).toHaveLength(0);
    await shot(page, 'coupons-expiry-refused');

    const future = tunisDay(30);
    await pickDate(page, add, 'EXPIRY_DATE', ...future);
    const created = response(page, (u) => u.endsWith('/api/coupons'), 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    const coupon = (await res.json()).data;
    expect(coupon).toMatchObject({ CODE: code, VALUE: '15.500', TYPE: 'fixed', ACTIF: 1 });
    await expect.poll(() => add.isVisible(), WAIT).toBe(false);

    await page.goto(`${COUPONS}?search=${encodeURIComponent(code)}`);
    const mine = row(page, code);
    await expect.poll(() => mine.count(), WAIT).toBe(1);
    await expect.poll(() => mine.textContent(), WAIT).toContain('15,500 DT');
    expect(await mine.textContent()).toContain('Montant fixe');
    expect(await mine.textContent()).toContain(ddmmyyyy(future));

    // The switch saves ACTIF alone, as 0/1.
    const sw = mine.getByRole('switch', { name: 'Actif' });
    expect(await sw.isChecked()).toBe(true);
    const put = response(page, (u) => u.endsWith(`/api/coupons/${coupon.id}`), 'PUT');
    await sw.click({ force: true });
    const saved = await put;
    expect(saved.status()).toBe(200);
    expect(JSON.parse(saved.request().postData() ?? '{}')).toEqual({ ACTIF: 0 });
    await expect.poll(() => sw.isChecked(), WAIT).toBe(false);
    await shot(page, 'coupons-list');

    // Adding the same code again: the server's message under the field.
    await page.getByRole('button', { name: 'Ajouter' }).click();
    const again = dialog(page, 'Ajouter un coupon');
    await expect.poll(() => again.isVisible(), WAIT).toBe(true);
    await again.locator('#field-CODE').fill(code.toLowerCase());
    await again.locator('#field-VALUE').fill('5');
    await pickDate(page, again, 'EXPIRY_DATE', ...future);
    const duplicate = response(page, (u) => u.endsWith('/api/coupons'), 'POST');
    await again.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await duplicate).status()).toBe(422);
    await expect.poll(() => fieldError(again, 'CODE').textContent(), WAIT).toBe(COUPON_MSG.codeExists);
    await again.locator('.fd-footer').getByRole('button', { name: 'Annuler' }).click();

    expect((await page.request.delete(`/api/coupons/${coupon.id}`, { headers: await bearer(page) })).status()).toBe(200);
    await page.context().close();
  });
});

describe('mobile', () => {
  it('the three screens fit a phone: lists scroll sideways, the slider and its results stay on screen', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');

    await page.goto(PALIERS);
    await expect.poll(() => page.locator('.dt-total').isVisible(), WAIT).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await shot(page, 'ristournes-list');
    await page.getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Ajouter un palier');
    await expect.poll(() => add.isVisible(), WAIT).toBe(true);
    expect((await add.boundingBox())!.width).toBeLessThanOrEqual(MOBILE.width);
    await add.locator('#field-VAL_MIN').fill('9000');
    await add.locator('#field-VAL_MAX').fill('100');
    await expect.poll(() => add.locator('.fld-warning').isVisible(), WAIT).toBe(true);
    await shot(page, 'ristournes-min-max');
    await add.locator('.fd-footer').getByRole('button', { name: 'Annuler' }).click();

    await page.goto(`${SEGMENTATION}?min=0&max=6000`);
    await expect.poll(() => page.locator('.seg-total strong').isVisible(), WAIT).toBe(true);
    await expect.poll(() => page.getByTestId('seg-live-clients').isVisible(), WAIT).toBe(true);
    await expect.poll(() => rows(page).count(), WAIT).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await shot(page, 'ristournes-segmentation');

    await page.goto(COUPONS);
    await expect.poll(() => page.locator('.dt-total').isVisible(), WAIT).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await shot(page, 'coupons-list');
    await page.context().close();
  });
});
