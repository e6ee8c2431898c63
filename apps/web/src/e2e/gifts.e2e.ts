import { GIFT_MSG, hrefFor, MSG, VOUCHER_MSG } from '@app/domain';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from './support/png';
import { checkA11y, DESKTOP, launch, login, MOBILE, newPage, pickDate, shot } from './browser';

/** Gifts, starter gifts and vouchers on offer on the real server. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const rows = (page: Page) => page.locator('.dt-resource tbody tr');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const response = (page: Page, path: string, method: string): Promise<Response> =>
  page.waitForResponse((r) => new URL(r.url()).pathname === `/api/${path}` && r.request().method() === method);
const fieldError = (scope: ReturnType<typeof dialog>, name: string) => scope.locator(`[data-field="field-${name}"] .fld-error`);
const png = (colour: [number, number, number]) => solidPng(64, 64, colour);

async function openList(page: Page, path: string) {
  await page.goto(path);
  await until(() => page.locator('.dt-total').textContent()).toMatch(/\d+ élément/);
}

async function pickOption(page: Page, scope: ReturnType<typeof dialog>, name: string, text?: string): Promise<string> {
  await scope.locator(`[data-field="field-${name}"] .p-dropdown`).click();
  const options = page.locator('.p-dropdown-panel li[role="option"]');
  const option = text ? options.filter({ hasText: text }).first() : options.first();
  await until(() => option.isVisible()).toBe(true);
  const label = (await option.textContent())?.trim() ?? '';
  await option.click();
  return label;
}

async function search(page: Page, term: string) {
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill(term);
}

describe('gifts', () => {
  it('a good with its image (the voucher value hidden) and a voucher gift with its value (the image hidden), listed', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openList(page, hrefFor('gifts'));

    // A good: the image field is there, the voucher value is not.
    await page.getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Ajouter un cadeau');
    await until(() => add.isVisible()).toBe(true);
    await until(() => add.locator('[data-field="field-TYPE"] .p-dropdown-label').textContent()).toBe('Bien');
    expect(await add.locator('[data-field="field-file"] input[type="file"]').count()).toBe(1);
    expect(await add.locator('#field-VOCHER_VALUE').count()).toBe(0);

    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => fieldError(add, 'REF').textContent()).toBe(MSG.required);
    await until(() => fieldError(add, 'QTS').textContent()).toBe(MSG.required);

    await add.locator('#field-REF').fill(`E2E-BIEN-${RUN}`);
    await add.locator('#field-NAME').fill(`Sac isotherme ${RUN}`);
    await add.locator('#field-QTS').fill('25');
    await add.locator('#field-NBR_OF_POINTS').fill('1200');
    await add.locator('#field-DESCRIPTION').fill('Sac de 20 litres, créé par le test navigateur.');
    await add.locator('input[type="file"]').setInputFiles({ name: 'sac.png', mimeType: 'image/png', buffer: png([30, 140, 90]) });
    await until(() => add.locator('.fld-file-preview').isVisible()).toBe(true);
    await shot(page, 'gifts-dialog-bien');

    const postedGood = response(page, 'gifts', 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    const good = await postedGood;
    expect(good.status()).toBe(201);
    expect(good.request().headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const goodGift = (await good.json()).data;
    expect(goodGift).toMatchObject({ TYPE: 'bien', QTS: 25, NBR_OF_POINTS: 1200, VOCHER_VALUE: '0.000', MEDIA: { file_name: 'sac.png' } });
    await until(() => add.isVisible()).toBe(false);

    // A voucher: the value replaces the image field and is required.
    await page.getByRole('button', { name: 'Ajouter' }).click();
    const addVoucher = dialog(page, 'Ajouter un cadeau');
    await until(() => addVoucher.isVisible()).toBe(true);
    await pickOption(page, addVoucher, 'TYPE', 'Voucher');
    await until(() => addVoucher.locator('#field-VOCHER_VALUE').count()).toBe(1);
    expect(await addVoucher.locator('input[type="file"]').count()).toBe(0);
    await addVoucher.locator('#field-REF').fill(`E2E-VOUCHER-${RUN}`);
    await addVoucher.locator('#field-NAME').fill(`Bon de 30 DT ${RUN}`);
    await addVoucher.locator('#field-QTS').fill('100');
    await addVoucher.locator('#field-NBR_OF_POINTS').fill('3000');
    await addVoucher.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => fieldError(addVoucher, 'VOCHER_VALUE').textContent()).toBe(GIFT_MSG.voucherValueRequired);
    await addVoucher.locator('#field-VOCHER_VALUE').fill('30.5');
    const year = new Date().getFullYear();
    await pickDate(page, addVoucher, 'START_DAY', year, 0, 1);
    await pickDate(page, addVoucher, 'END_DATE', year, 11, 31);
    await shot(page, 'gifts-dialog-voucher');

    const postedVoucher = response(page, 'gifts', 'POST');
    await addVoucher.getByRole('button', { name: 'Enregistrer' }).click();
    const voucher = await postedVoucher;
    expect(voucher.status()).toBe(201);
    expect(voucher.request().postDataBuffer()?.toString('latin1')).not.toContain('filename=');
    expect((await voucher.json()).data).toMatchObject({
      TYPE: 'voucher',
      VOCHER_VALUE: '30.500',
      START_DAY: `${year}-01-01`,
      END_DATE: `${year}-12-31`,
      MEDIA: null,
    });
    await until(() => addVoucher.isVisible()).toBe(false);

    // Both listed: the good with its image, the voucher with the default voucher picture and its value.
    await search(page, RUN);
    await until(() => rows(page).count()).toBe(2);
    const goodRow = row(page, `E2E-BIEN-${RUN}`);
    await until(() => goodRow.locator('img.dt-thumb').getAttribute('src')).toBe(goodGift.MEDIA.original_url);
    await until(() => goodRow.textContent()).toContain('1\u00a0200');
    const voucherRow = row(page, `E2E-VOUCHER-${RUN}`);
    await until(() => voucherRow.locator('[role="img"][aria-label="Voucher"]').count()).toBe(1);
    await until(() => voucherRow.textContent()).toContain('30,500 DT');
    await until(() => voucherRow.textContent()).toContain(`01/01/${year}`);
    await until(() => voucherRow.textContent()).toContain(`31/12/${year}`);
    await shot(page, 'gifts-list');

    // View is read-only; a voucher shows its value and no image field.
    await voucherRow.getByRole('button', { name: 'Voir' }).click();
    const view = dialog(page, 'Détails du cadeau');
    await until(() => view.locator('#field-VOCHER_VALUE').inputValue()).toBe('30.5');
    expect(await view.locator('#field-REF').isDisabled()).toBe(true);
    expect(await view.locator('input[type="file"]').count()).toBe(0);
    await checkA11y(page, 'gifts-view');
    await view.locator('.fd-footer').getByRole('button', { name: 'Fermer' }).click();
    await until(() => view.isVisible()).toBe(false);

    // The switch saves at once.
    const put = response(page, `gifts/${goodGift.id}`, 'PUT');
    await goodRow.getByRole('switch', { name: 'Actif' }).click({ force: true });
    const saved = await put;
    expect(saved.status()).toBe(200);
    expect(JSON.parse(saved.request().postData() ?? '{}')).toEqual({ IS_ACTIVE: 0 });

    // Delete asks first, naming the kind of item.
    await voucherRow.getByRole('button', { name: 'Supprimer' }).click();
    const confirm = page.locator('.p-confirm-dialog');
    await until(() => confirm.textContent()).toContain('Voulez-vous vraiment supprimer ce cadeau ?');
    const deleted = response(page, `gifts/${(await voucher.json()).data.id}`, 'DELETE');
    await confirm.getByRole('button', { name: 'Oui' }).click();
    expect((await deleted).status()).toBe(200);
    await until(() => rows(page).count()).toBe(1);
    await page.context().close();
  });
});

describe('starter gifts', () => {
  it('refuses a starter gift without its image, then saves it with one and lists it', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openList(page, hrefFor('starter-gifts'));
    await page.getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Ajouter un cadeau de bienvenue');
    await until(() => add.isVisible()).toBe(true);
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => fieldError(add, 'file').textContent()).toBe(GIFT_MSG.imageRequired);
    await until(() => fieldError(add, 'DESCRIPTION').textContent()).toBe(MSG.required);

    await add.locator('#field-REF').fill(`E2E-BNV-${RUN}`);
    await add.locator('#field-NAME').fill(`Kit de bienvenue ${RUN}`);
    await add.locator('#field-DESCRIPTION').fill('Tablier et casquette aux couleurs du programme.');
    await add.locator('input[type="file"]').setInputFiles({ name: 'kit.png', mimeType: 'image/png', buffer: png([200, 120, 30]) });
    await until(() => fieldError(add, 'file').count()).toBe(0);
    await shot(page, 'starter-gifts-dialog');

    const posted = response(page, 'startingGifts', 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    const res = await posted;
    expect(res.status()).toBe(201);
    expect(res.request().headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const kit = (await res.json()).data;
    expect(kit.MEDIA).toMatchObject({ file_name: 'kit.png' });
    await until(() => add.isVisible()).toBe(false);

    await search(page, RUN);
    const mine = row(page, `E2E-BNV-${RUN}`);
    await until(() => mine.count()).toBe(1);
    await until(() => mine.locator('img.dt-thumb').getAttribute('src')).toBe(kit.MEDIA.original_url);
    await until(() => mine.textContent()).toContain('Tablier et casquette');
    await until(() => mine.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    await shot(page, 'starter-gifts-list');

    // Editing keeps the stored image (it counts as the required one).
    await mine.getByRole('button', { name: 'Modifier' }).click();
    const edit = dialog(page, 'Modifier le cadeau de bienvenue');
    await until(() => edit.locator('#field-NAME').inputValue()).toBe(`Kit de bienvenue ${RUN}`);
    await edit.locator('#field-NAME').fill(`Kit d’accueil ${RUN}`);
    const put = response(page, `startingGifts/${kit.id}`, 'PUT');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await put).status()).toBe(200);
    await until(() => mine.textContent()).toContain(`Kit d’accueil ${RUN}`);
    await until(() => mine.locator('img.dt-thumb').getAttribute('src')).toBe(kit.MEDIA.original_url);
    await page.context().close();
  });
});

describe('vouchers on offer', () => {
  it('refuses an end before the start, saves a voucher, and a zone chief only reads the list', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openList(page, hrefFor('vouchers-list'));
    await page.getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Ajouter un voucher');
    await until(() => add.isVisible()).toBe(true);
    await add.locator('#field-REF').fill(`E2E-VCH-${RUN}`);
    await add.locator('#field-QTS').fill('50');
    await add.locator('#field-SOLDE').fill('50.25');
    const company = await pickOption(page, add, 'TYPE_CLIENT_ID');
    const year = new Date().getFullYear();
    await pickDate(page, add, 'START_DAY', year, 6, 1);
    await pickDate(page, add, 'END_DATE', year, 0, 31);

    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/vochers') posts++;
    });
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => fieldError(add, 'END_DATE').textContent()).toBe(VOUCHER_MSG.periodStrict);
    expect(posts).toBe(0);
    await shot(page, 'vouchers-list-dialog');

    await pickDate(page, add, 'END_DATE', year, 11, 31);
    const posted = response(page, 'vochers', 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    const res = await posted;
    expect(res.status()).toBe(201);
    const created = (await res.json()).data;
    expect(created).toMatchObject({
      REF: `E2E-VCH-${RUN}`,
      QTS: 50,
      SOLDE: '50.250',
      TYPE_CLIENT_NAME: company,
      START_DAY: `${year}-07-01`,
      END_DATE: `${year}-12-31`,
      IS_ACTIVE: 1,
    });
    await until(() => add.isVisible()).toBe(false);

    await search(page, `E2E-VCH-${RUN}`);
    const mine = row(page, `E2E-VCH-${RUN}`);
    await until(() => mine.count()).toBe(1);
    await until(() => mine.textContent()).toContain('50,250 DT');
    await until(() => mine.textContent()).toContain(company);
    await until(() => mine.getByRole('switch', { name: 'Actif' }).isChecked()).toBe(true);
    await shot(page, 'vouchers-list');
    await page.context().close();

    // A zone chief reads the list: no add, no edit, no delete, the switch disabled.
    const chef = await newPage(browser, { viewport: DESKTOP });
    await login(chef, 'chef@demo.tn');
    await openList(chef, hrefFor('vouchers-list'));
    await search(chef, `E2E-VCH-${RUN}`);
    const seen = row(chef, `E2E-VCH-${RUN}`);
    await until(() => seen.count()).toBe(1);
    expect(await chef.getByRole('button', { name: 'Ajouter' }).count()).toBe(0);
    expect(await seen.getByRole('button', { name: 'Modifier' }).count()).toBe(0);
    expect(await seen.getByRole('button', { name: 'Supprimer' }).count()).toBe(0);
    expect(await seen.getByRole('switch', { name: 'Actif' }).isDisabled()).toBe(true);
    await shot(chef, 'vouchers-list-chef');
    await chef.context().close();
  });
});

describe('on a phone', () => {
  it('the three lists scroll sideways inside the page and the gift dialog fits the screen', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    for (const [path, name] of [
      [hrefFor('gifts'), 'gifts-list'],
      [hrefFor('starter-gifts'), 'starter-gifts-list'],
      [hrefFor('vouchers-list'), 'vouchers-list'],
    ]) {
      await openList(page, path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      await shot(page, name);
    }
    await openList(page, hrefFor('gifts'));
    await page.getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Ajouter un cadeau');
    await until(() => add.isVisible()).toBe(true);
    expect((await add.boundingBox())!.width).toBeLessThanOrEqual(MOBILE.width);
    await pickOption(page, add, 'TYPE', 'Voucher');
    await until(() => add.locator('#field-VOCHER_VALUE').count()).toBe(1);
    await shot(page, 'gifts-dialog-voucher');
    await page.context().close();
  });
});
