import { hrefFor, MSG } from '@app/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from './support/png';
import { DESKTOP, expectPath, launch, login, MOBILE, newPage, shot } from './browser';

/** Website pages: the section editor and a section's blocks, on the real server and demo data. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const INTRO = hrefFor('site-section', { page: 'home', section: 'introduction' });
const FIGURES = hrefFor('site-blocks', { page: 'home', section: 'our_figures' });
const rows = (page: Page) => page.locator('.dt-resource tbody tr');
const titles = (page: Page) => page.locator('.dt-resource tbody tr td:nth-child(5)').allTextContents();
const response = (page: Page, path: string, method: string) => page.waitForResponse((r) => r.url().includes(`/api/${path}`) && r.request().method() === method);

describe('site web', () => {
  it('edits a section: read-only, pencil, invalid flagged and nothing sent, cancel restores, save returns to read-only', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(INTRO);
    const form = page.getByRole('form', { name: 'Section Introduction' });
    const title = form.locator('#field-introduction_title_fr');
    await expect.poll(() => title.inputValue()).toBe('Annotation de données');
    expect(await title.isDisabled()).toBe(true);
    await expect.poll(() => form.locator('.site-thumb img').count()).toBe(1);
    // The menu shows the group with one entry per page, Services and Outils partenaires.
    await expect.poll(() => page.getByRole('link', { name: 'Outils partenaires' }).count()).toBeGreaterThan(0);
    await shot(page, 'site-section-readonly');

    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/sections/')) puts.push(r.url());
    });
    await form.getByRole('button', { name: 'Modifier la section Introduction' }).click();
    await expect.poll(() => title.isDisabled()).toBe(false);
    await title.fill('');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => form.locator('.site-invalid').textContent()).toContain('Section invalide');
    await expect.poll(() => form.locator('[data-field="field-introduction_title_fr"] .fld-error').textContent()).toBe(MSG.required);
    expect(puts).toEqual([]);
    await shot(page, 'site-section-invalid');

    await form.getByRole('button', { name: 'Annuler' }).click();
    await expect.poll(() => title.inputValue()).toBe('Annotation de données');
    expect(await title.isDisabled()).toBe(true);
    expect(await form.locator('.site-invalid').count()).toBe(0);

    await form.getByRole('button', { name: 'Modifier la section Introduction' }).click();
    await title.fill('Annotation de données pour l’IA');
    const put = response(page, 'sections/', 'PUT');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await put).status()).toBe(200);
    await expect.poll(() => title.isDisabled()).toBe(true);
    expect(await form.getByRole('button', { name: 'Enregistrer' }).count()).toBe(0);

    await page.reload();
    await expect.poll(() => page.locator('#field-introduction_title_fr').inputValue()).toBe('Annotation de données pour l’IA');

    // Another section opens on its chevron; the contact info phone is checked like the server does.
    await page.getByRole('button', { name: 'Informations de contact' }).click();
    const info = page.getByRole('form', { name: 'Section Informations de contact' });
    await info.getByRole('button', { name: 'Modifier la section Informations de contact' }).click();
    await info.locator('#field-info_phone').fill('1234');
    await info.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => info.locator('[data-field="field-info_phone"] .fld-error').textContent()).toBe(MSG.phone);
    await info.getByRole('button', { name: 'Annuler' }).click();
    await expect.poll(() => info.locator('#field-info_phone').inputValue()).toBe('+21671960000');
    await page.context().close();
  });

  it('reorders a section’s blocks by drag, kept after a reload; views, adds in three steps and deletes a block', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(FIGURES);
    await expect.poll(() => rows(page).count()).toBe(3);
    const before = await titles(page);
    expect(before).toEqual(['Annotateurs', '% de qualité', 'Clients']);

    const reorder = response(page, 'blocs/reorder', 'PUT');
    const handle = rows(page).nth(0).locator('.p-datatable-reorderablerow-handle');
    const target = rows(page).nth(2);
    const box = (await target.boundingBox())!;
    await handle.dragTo(target, { targetPosition: { x: box.width / 2, y: box.height - 4 } });
    expect((await reorder).status()).toBe(200);
    const expected = [before[1], before[2], before[0]];
    await expect.poll(() => titles(page)).toEqual(expected);
    await page.reload();
    await expect.poll(() => titles(page)).toEqual(expected);
    await shot(page, 'site-blocks');

    await rows(page).filter({ hasText: 'Clients' }).getByRole('button', { name: 'Voir' }).click();
    const view = page.getByRole('dialog', { name: 'Détails du bloc' });
    await expect.poll(() => view.locator('#field-title_fr').inputValue()).toBe('Clients');
    await shot(page, 'site-block-dialog');
    await view.getByRole('button', { name: 'Suivant' }).click();
    await expect.poll(() => view.locator('#field-title_en').inputValue()).toBe('Clients');
    await view.getByRole('button', { name: 'Fermer' }).last().click();

    // Add in three steps (French, English, media): the block goes last; then a confirmed delete.
    await page.getByRole('button', { name: 'Ajouter' }).click();
    const add = page.getByRole('dialog', { name: 'Ajouter un bloc' });
    await add.locator('#field-key').fill('12');
    await add.locator('#field-title_fr').fill('Pays');
    await expect.poll(() => add.locator('#field-content_fr .ql-editor').isVisible(), { timeout: 15_000 }).toBe(true);
    await add.locator('#field-content_fr .ql-editor').click();
    await page.keyboard.type('servis depuis Tunis.');
    await add.getByRole('button', { name: 'Suivant' }).click();
    await add.locator('#field-title_en').fill('Countries');
    await expect.poll(() => add.locator('#field-content_en .ql-editor').isVisible(), { timeout: 15_000 }).toBe(true);
    await add.locator('#field-content_en .ql-editor').click();
    await page.keyboard.type('served from Tunis.');
    await add.getByRole('button', { name: 'Suivant' }).click();
    // The image is required.
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => add.locator('[data-field="field-file"] .fld-error').textContent()).toBe('Une image est requise.');
    await add.locator('input[type="file"]').setInputFiles({ name: 'pays.png', mimeType: 'image/png', buffer: solidPng(64, 64, [30, 120, 200]) });
    const created = response(page, 'blocs', 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await created).status()).toBe(201);
    await expect.poll(() => titles(page)).toEqual([...expected, 'Pays']);
    await expect.poll(() => rows(page).nth(3).locator('td:nth-child(2)').textContent()).toBe('4');

    await rows(page).filter({ hasText: 'Pays' }).getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('button', { name: 'Oui' }).click();
    await expect.poll(() => titles(page)).toEqual(expected);
    await page.context().close();
  });

  // A block of the image-annotation page keeps every image, each removable.
  for (const [viewport, title] of [
    [DESKTOP, 'Cuboïdes'],
    [MOBILE, 'Segmentation'],
  ] as const) {
    it(`adds an image-annotation block with two images, shows both, removes one (${viewport.width} px)`, async () => {
      const page = await newPage(browser, { viewport });
      await login(page, 'admin@demo.tn');
      await page.goto(hrefFor('site-blocks', { page: 'image_annotation', section: 'image-annotation-types' }));
      await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Ajouter' }).click();
      const add = page.getByRole('dialog', { name: 'Ajouter un bloc' });
      await add.locator('#field-key').fill('cuboid');
      await add.locator('#field-title_fr').fill(title);
      await expect.poll(() => add.locator('#field-content_fr .ql-editor').isVisible(), { timeout: 15_000 }).toBe(true);
      await add.locator('#field-content_fr .ql-editor').click();
      await page.keyboard.type('Des boîtes en trois dimensions.');
      await add.getByRole('button', { name: 'Suivant' }).click();
      await add.locator('#field-title_en').fill(`${title} EN`);
      await expect.poll(() => add.locator('#field-content_en .ql-editor').isVisible(), { timeout: 15_000 }).toBe(true);
      await add.locator('#field-content_en .ql-editor').click();
      await page.keyboard.type('Three-dimensional boxes.');
      await add.getByRole('button', { name: 'Suivant' }).click();
      // Two images chosen at once, both shown before saving.
      await add.locator('input[type="file"]').setInputFiles([
        { name: 'vue-1.png', mimeType: 'image/png', buffer: solidPng(64, 64, [200, 110, 30]) },
        { name: 'vue-2.png', mimeType: 'image/png', buffer: solidPng(64, 64, [30, 110, 200]) },
      ]);
      await expect.poll(() => add.locator('.site-thumb img').count()).toBe(2);
      const created = response(page, 'blocs', 'POST');
      await add.getByRole('button', { name: 'Enregistrer' }).click();
      expect((await created).status()).toBe(201);
      const row = rows(page).filter({ hasText: title });
      await expect.poll(() => row.count()).toBe(1);

      await row.getByRole('button', { name: 'Modifier' }).click();
      const edit = page.getByRole('dialog', { name: 'Modifier le bloc' });
      await edit.getByRole('button', { name: 'Suivant' }).click();
      await edit.getByRole('button', { name: 'Suivant' }).click();
      await expect.poll(() => edit.locator('.site-thumb img').count()).toBe(2);
      await expect.poll(() => edit.getByRole('button', { name: /^Retirer / }).count()).toBe(2);
      await shot(page, 'site-annotation-block-images');
      await edit.getByRole('button', { name: 'Retirer vue-1.png' }).click();
      await expect.poll(() => edit.locator('.site-thumb img').count()).toBe(1);
      const removed = response(page, 'blocs/', 'DELETE');
      await edit.getByRole('button', { name: 'Enregistrer' }).click();
      expect((await removed).status()).toBe(200);

      // What the server kept: the second image only.
      await row.getByRole('button', { name: 'Voir' }).click();
      const view = page.getByRole('dialog', { name: 'Détails du bloc' });
      await view.getByRole('button', { name: 'Suivant' }).click();
      await view.getByRole('button', { name: 'Suivant' }).click();
      await expect.poll(() => view.locator('.site-thumb img').count()).toBe(1);
      expect(await view.locator('.site-thumb img').getAttribute('alt')).toBe('Aperçu : vue-2.png');
      await shot(page, 'site-annotation-block-one-removed');
      await page.context().close();
    });
  }

  it('on a phone: the editor and the blocks list', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('site-section', { page: 'image_annotation', section: 'presentation' }));
    const form = page.getByRole('form', { name: 'Section Présentation' });
    await expect.poll(() => form.locator('.site-thumb img').count()).toBe(2);
    await shot(page, 'site-section-readonly');
    await page.goto(FIGURES);
    await expect.poll(() => rows(page).count()).toBe(3);
    await shot(page, 'site-blocks');
    await page.context().close();
  });

  it('keeps zone chiefs and the warehouse out', async () => {
    for (const [email, landing] of [
      ['chef@demo.tn', hrefFor('clients')],
      ['magasin@demo.tn', hrefFor('starter-gift-conversions', {}, { dem: 'start' })],
    ]) {
      const page = await newPage(browser, { viewport: DESKTOP });
      await login(page, email);
      expect(await page.getByText('Site web').count()).toBe(0);
      await page.goto(INTRO);
      await expectPath(page, landing);
      await page.context().close();
    }
  });
});
