import { hrefFor, MSG, PRODUCT_MSG } from '@app/domain';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from './support/png';
import { DESKTOP, launch, login, MOBILE, newPage, pickDate, pickSuggestion, shot } from './browser';

/** Products and product points on the real server with the demo catalogue. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const rows = (page: Page) => page.locator('.dt-resource tbody tr');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const response = (page: Page, path: string, method: string): Promise<Response> =>
  page.waitForResponse((r) => new URL(r.url()).pathname === `/api/${path}` && r.request().method() === method);

async function openProducts(page: Page, query = '') {
  await page.goto(`${hrefFor('products')}${query}`);
  await until(() => rows(page).count()).toBeGreaterThan(0);
}

describe('products', () => {
  it('lists 100 products of the demo catalogue with the total; a flag saved at once survives a reload', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openProducts(page);
    await until(() => page.locator('.dt-total').textContent()).toMatch(/^297 éléments$/);
    await until(() => rows(page).count()).toBe(100);
    await until(() => page.locator('.title-bar h1').textContent()).toBe('Référentiel / Produits');
    await shot(page, 'products-list');

    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('بكر');
    await until(() => rows(page).count()).toBe(9);
    const first = () => rows(page).first();
    const sellable = () => first().getByRole('checkbox', { name: 'Vendable', exact: true });
    const before = await sellable().isChecked();
    const put = page.waitForResponse((r) => /\/api\/products\/\d+$/.test(new URL(r.url()).pathname) && r.request().method() === 'PUT');
    await sellable().click({ force: true });
    const res = await put;
    expect(res.status()).toBe(200);
    expect(JSON.parse(res.request().postData() ?? '{}')).toEqual({ VISIBLE: before ? 0 : 1 });
    await page.reload();
    await until(() => rows(page).count()).toBe(9);
    await until(() => sellable().isChecked()).toBe(!before);
    await page.context().close();
  });

  it('drags a new product: the new products are renumbered in one call, and the order is kept', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openProducts(page);
    await page.locator('label[for="prd-new-only"]').click();
    await until(() => rows(page).count()).toBe(12);
    await until(() => page.locator('.dt-drag').count()).toBe(12);
    const designations = () => rows(page).locator('td:nth-child(5) strong').allTextContents();
    const order = await designations();
    const put = response(page, 'products/order-new', 'PUT');
    const handle = rows(page).nth(0).locator('.p-datatable-reorderablerow-handle');
    const target = rows(page).nth(2);
    const box = (await target.boundingBox())!;
    await handle.dragTo(target, { targetPosition: { x: box.width / 2, y: box.height - 4 } });
    const res = await put;
    expect(res.status()).toBe(200);
    expect((JSON.parse(res.request().postData() ?? '{}') as { ids: number[] }).ids).toHaveLength(12);
    const expected = [order[1], order[2], order[0], ...order.slice(3)];
    await page.reload();
    await until(() => rows(page).count()).toBe(12);
    await until(designations).toEqual(expected);
    await shot(page, 'products-new-order');
    await page.context().close();
  });

  it('adds a product through the three steps: a step’s errors first, Arabic typed right-to-left, two images', { timeout: 180_000 }, async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openProducts(page);
    await page.getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Ajouter un produit');
    await until(() => add.isVisible()).toBe(true);

    await add.getByRole('button', { name: 'Suivant' }).click();
    await until(() => add.locator('[data-field="field-REF"] .fld-error').textContent()).toBe(MSG.required);
    await add.locator('#field-REF').fill(`E2E-${RUN}`);
    await add.locator('#field-LABEL').fill(`Dattes Deglet Nour 500 g ${RUN}`);
    await add.locator('[data-field="field-CATEGORY"] .p-dropdown').click();
    await page.locator('.p-dropdown-panel li[role="option"]', { hasText: 'BIS — Biscuits' }).click();
    await add.locator('#field-PRICE_HT').fill('10.500');
    await add.locator('#field-PRICE_TTC').fill('9');
    await until(() => add.getByText(PRODUCT_MSG.ttcBelowHt).isVisible()).toBe(true);
    await add.locator('#field-PRICE_TTC').fill('12.495');
    await until(() => add.getByText(PRODUCT_MSG.ttcBelowHt).count()).toBe(0);
    await add.locator('#field-QTE').pressSequentially('4a0.5');
    await until(() => add.locator('#field-QTE').inputValue()).toBe('405');
    await add.locator('#field-POINTS').fill('12');
    await add.getByRole('button', { name: 'Suivant' }).click();

    const ar = add.locator('#field-LABEL_AR');
    await until(() => ar.isVisible()).toBe(true);
    expect(await ar.getAttribute('dir')).toBe('rtl');
    expect(await ar.getAttribute('lang')).toBe('ar');
    await add.getByRole('button', { name: 'Suivant' }).click();
    await until(() => add.locator('[data-field="field-LABEL_AR"] .fld-error').textContent()).toBe(MSG.required);
    await ar.fill('تمر دقلة نور 500 غ');
    await add.locator('#field-DESCRIPTION_AR').fill('تمر تونسي من الجريد.');
    await shot(page, 'products-dialog-arabic');
    await add.getByRole('button', { name: 'Suivant' }).click();

    await until(() => add.getByRole('button', { name: 'Ajouter des images' }).isVisible()).toBe(true);
    await add.locator('input[type="file"]').setInputFiles([
      { name: 'face.png', mimeType: 'image/png', buffer: solidPng(48, 48, [150, 90, 30]) },
      { name: 'dos.png', mimeType: 'image/png', buffer: solidPng(48, 48, [90, 60, 20]) },
    ]);
    await until(() => add.locator('.prd-image').count()).toBe(2);
    await until(() => add.locator('#field-ORDER_NEW').count()).toBe(0);
    await add.getByText('Nouveau produit').click();
    await until(() => add.locator('#field-ORDER_NEW').isVisible()).toBe(true);
    await shot(page, 'products-dialog-other');

    const created = response(page, 'products', 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    const product = (await res.json()).data;
    expect(product).toMatchObject({ REF: `E2E-${RUN}`, LABEL_AR: 'تمر دقلة نور 500 غ', PRICE_TTC: 12.495, QTE: 405, IS_NEW: 1 });
    await until(() => add.isVisible()).toBe(false);
    await page.context().close();
  });

  it('finds the added product by its Arabic label and shows its two images', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openProducts(page);
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('دقلة');
    await until(() => row(page, `E2E-${RUN}`).count()).toBe(1);
    await until(() => row(page, `E2E-${RUN}`).locator('img.dt-thumb').count()).toBe(1);
    await row(page, `E2E-${RUN}`).getByRole('button', { name: 'Voir' }).click();
    const view = dialog(page, 'Détails du produit');
    await view.getByRole('button', { name: 'Suivant' }).click();
    await view.getByRole('button', { name: 'Suivant' }).click();
    await until(() => view.locator('.prd-image img').count()).toBe(2);
    await page.context().close();
  });

  it('shows a zone chief the list, and the server’s refusal when he ticks a flag, drags or deletes', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'chef@demo.tn');
    await openProducts(page);
    expect(await page.getByRole('button', { name: 'Ajouter' }).count()).toBe(0);
    const box = () => rows(page).first().getByRole('checkbox', { name: 'Nouveau', exact: true });
    const before = await box().isChecked();
    const put = page.waitForResponse((r) => /\/api\/products\/\d+$/.test(new URL(r.url()).pathname) && r.request().method() === 'PUT');
    // The flag's column sits toward the right of the wide list: brought to the middle of the table, away
    // from the actions held at its right edge, as a user scrolls to it.
    await box().evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }));
    await box().click({ force: true });
    expect((await put).status()).toBe(403);
    await until(() => page.locator('.p-toast-detail', { hasText: MSG.forbidden }).isVisible()).toBe(true);
    await until(() => box().isChecked()).toBe(before);
    await shot(page, 'products-chef-refused');

    await rows(page).first().getByRole('button', { name: 'Supprimer' }).click();
    const del = page.waitForResponse((r) => /\/api\/products\/\d+$/.test(new URL(r.url()).pathname) && r.request().method() === 'DELETE');
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Oui' }).click();
    expect((await del).status()).toBe(403);
    await page.context().close();
  });

  it('on a phone, the list and the dialog stay usable', { timeout: 180_000 }, async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    await openProducts(page);
    await shot(page, 'products-list');
    await rows(page).first().getByRole('button', { name: 'Voir' }).click();
    await until(() => dialog(page, 'Détails du produit').isVisible()).toBe(true);
    await shot(page, 'products-dialog-french');
    await page.context().close();
  });
});

describe('product points', () => {
  it('adds a period to a product from the « Points produits » tab; an overlapping one is refused with the other period named', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('points', {}, { onglet: 'produits' }));
    await until(() => rows(page).count()).toBeGreaterThan(0);
    await shot(page, 'points-products');

    const year = new Date().getFullYear() + 1;
    const addPeriod = async (from: [number, number], to: [number, number]) => {
      await page.getByRole('button', { name: 'Ajouter' }).click();
      const add = dialog(page, 'Ajouter des points produit');
      await until(() => add.isVisible()).toBe(true);
      await pickSuggestion(page, add.locator('#field-PRODUCT_ID'), 'CAF-0002');
      await add.locator('#field-points').fill('44');
      await pickDate(page, add, 'DATE_DEBUT', year, from[0], from[1]);
      await pickDate(page, add, 'DATE_FIN', year, to[0], to[1]);
      const created = response(page, 'products/addProductPoint', 'POST');
      await add.getByRole('button', { name: 'Enregistrer' }).click();
      return { add, res: await created };
    };
    const first = await addPeriod([2, 1], [2, 31]);
    expect(first.res.status()).toBe(201);
    await until(() => first.add.isVisible()).toBe(false);

    const second = await addPeriod([2, 15], [3, 15]);
    expect(second.res.status()).toBe(422);
    const message = PRODUCT_MSG.overlap(`${year}-03-01`, `${year}-03-31`);
    await until(() => page.locator('.p-toast-summary', { hasText: message }).isVisible()).toBe(true);
    await shot(page, 'points-products-overlap');
    await second.add.getByRole('button', { name: 'Annuler' }).click();
    await page.context().close();
  });
});
