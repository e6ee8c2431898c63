import { hrefFor, MSG } from '@app/domain';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from './support/png';
import { checkA11y, DESKTOP, launch, login, MOBILE, newPage, pickDate, pickSuggestion, shot } from './browser';

/** Product categories, ranges and price lists on the real server with the demo catalogue. */
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
  page.waitForResponse((r) => new URL(r.url()).pathname.startsWith(`/api/${path}`) && r.request().method() === method);

async function openList(page: Page, path: string) {
  await page.goto(path);
  await until(() => rows(page).count()).toBeGreaterThan(0);
  await until(() => page.locator('.dt-total').textContent()).toMatch(/\d+ élément/);
}

describe('catalogue referential', () => {
  it('categories: the demo list with images; a category added with its image in one form-data call; the code read-only when editing', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openList(page, hrefFor('categories'));
    await until(() => page.locator('.title-bar h1').textContent()).toBe('Référentiel / Catégories');
    await until(() => row(page, 'Café').locator('img.dt-thumb').count()).toBe(1);
    await shot(page, 'catalogue-categories');

    await page.getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Ajouter une catégorie');
    await until(() => add.isVisible()).toBe(true);
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => add.locator('[data-field="field-CODE_CATEGORIE"] .fld-error').textContent()).toBe(MSG.required);
    await until(() => add.locator('[data-field="field-Ordre"] .fld-error').textContent()).toBe(MSG.required);

    await add.locator('#field-CODE_CATEGORIE').fill(`E${RUN}`);
    await add.locator('#field-NAME').fill(`Épices ${RUN}`);
    await add.locator('#field-LABEL').fill('Épices, herbes et condiments');
    await add.locator('#field-Ordre').fill('9');
    await add.locator('input[type="file"]').setInputFiles({ name: 'epices.png', mimeType: 'image/png', buffer: solidPng(64, 64, [200, 90, 20]) });
    await shot(page, 'catalogue-category-dialog');
    const created = response(page, 'categories', 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    expect(res.request().headers()['content-type']).toMatch(/^multipart\/form-data/);
    const category = (await res.json()).data;
    expect(category).toMatchObject({ CODE_CATEGORIE: `E${RUN}`, Ordre: 9, MEDIA: { file_name: 'epices.png' } });
    await until(() => add.isVisible()).toBe(false);
    await until(() => row(page, `Épices ${RUN}`).locator('img.dt-thumb').getAttribute('src')).toBe(category.MEDIA.original_url);

    await row(page, `Épices ${RUN}`).getByRole('button', { name: 'Modifier' }).click();
    const edit = dialog(page, 'Modifier la catégorie');
    await until(() => edit.locator('#field-NAME').inputValue()).toBe(`Épices ${RUN}`);
    expect(await edit.locator('#field-CODE_CATEGORIE').isDisabled()).toBe(true);
    await checkA11y(page, 'catalogue-category-edit');
    await edit.getByRole('button', { name: 'Annuler' }).click();
    await page.context().close();
  });

  it('ranges: a range added under a category picked by its code', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openList(page, hrefFor('gammes'));
    await page.getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Ajouter une gamme');
    await add.locator('#field-NAME').fill(`Gamme ${RUN}`);
    await add.locator('#field-LABEL').fill('Gamme du test navigateur');
    await add.locator('[data-field="field-CODE_CATEGORIE"] .p-dropdown').click();
    await page.locator('.p-dropdown-panel li[role="option"]', { hasText: 'HUI — Huiles' }).click();
    const created = response(page, 'sub_categories', 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await created).status()).toBe(201);
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill(`Gamme ${RUN}`);
    await until(() => rows(page).count()).toBe(1);
    await until(() => row(page, `Gamme ${RUN}`).textContent()).toContain('HUI');
    await shot(page, 'catalogue-ranges');
    await page.context().close();
  });

  it('tarifs: a line with a date range (an end before the start refused first), the article found by reference', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openList(page, hrefFor('tarifs'));
    await shot(page, 'catalogue-tarifs');
    await page.getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Ajouter un tarif');
    await until(() => add.isVisible()).toBe(true);

    const article = add.locator('#field-ARTICLE');
    await pickSuggestion(page, article, 'HUI-0003');
    await until(() => article.inputValue()).toMatch(/^HUI-0003 — Huile d’olive vierge extra/);
    await add.locator('#field-REMISE').fill('8.5');
    await add.locator('#field-PHT').fill('15.250');
    await add.locator('[data-field="field-CIRCUIT"] .p-dropdown').click();
    await page.locator('.p-dropdown-panel li[role="option"]', { hasText: 'CHR' }).click();
    const year = new Date().getFullYear();
    await pickDate(page, add, 'MSTRDAT', year, 6, 1);
    await pickDate(page, add, 'MENDDAT', year, 0, 31);
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => add.locator('[data-field="field-MENDDAT"] .fld-error').textContent()).toBe(MSG.periodOrder);
    await shot(page, 'catalogue-tarif-dialog');

    await pickDate(page, add, 'MENDDAT', year, 11, 31);
    const created = response(page, 'tarifs', 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    expect((await res.json()).data).toMatchObject({
      ARTICLE: 'HUI-0003',
      REMISE: 8.5,
      PHT: 15.25,
      CIRCUIT: 'CHR',
      MSTRDAT: `${year}-07-01`,
      MENDDAT: `${year}-12-31`,
    });
    await until(() => add.isVisible()).toBe(false);
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('HUI-0003');
    await until(() => row(page, '8,5').count()).toBeGreaterThan(0);
    await until(() => row(page, '8,5').first().textContent()).toContain(`01/07/${year}`);
    await until(() => row(page, '8,5').first().textContent()).toContain('15,250 DT');
    await page.context().close();
  });

  it('on a phone, the lists stay usable', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    for (const [path, name] of [
      [hrefFor('categories'), 'catalogue-categories'],
      [hrefFor('gammes'), 'catalogue-ranges'],
      [hrefFor('tarifs'), 'catalogue-tarifs'],
    ]) {
      await openList(page, path);
      await shot(page, name);
    }
    await page.context().close();
  });
});
