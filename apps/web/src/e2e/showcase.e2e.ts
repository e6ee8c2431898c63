import { hrefFor, SHOWCASE_MSG } from '@app/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from './support/png';
import { DESKTOP, launch, login, MOBILE, newPage, shot } from './browser';

/** The website's showcase: gallery drag and Image/Video switch, a service with an image, a partner tool. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const until = expect.poll;
const rows = (page: Page) => page.locator('.dt-resource tbody tr');
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const saved = (page: Page, path: string, method: string) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === `/api/${path}` && r.request().method() === method);
const png = (colour: [number, number, number]) => ({ name: 'visuel.png', mimeType: 'image/png', buffer: solidPng(80, 60, colour) });

async function openList(page: Page, path: string) {
  await page.goto(path);
  await until(() => rows(page).count()).toBeGreaterThan(0);
  await until(() => page.locator('.dt-total').textContent()).toMatch(/\d+ élément/);
}

describe('showcase', () => {
  it('gallery: drag reorder saved in one call; the Image/Video choice switches upload and link', { timeout: 120_000 }, async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openList(page, hrefFor('gallery'));
    const titles = () => page.locator('.dt-resource tbody tr td:nth-child(4)').allTextContents();
    const before = await titles();
    expect(before.length).toBeGreaterThan(2);

    const reorder = saved(page, 'gallery/reorder', 'PUT');
    const handle = rows(page).nth(0).locator('.p-datatable-reorderablerow-handle');
    const target = rows(page).nth(2);
    const box = (await target.boundingBox())!;
    await handle.dragTo(target, { targetPosition: { x: box.width / 2, y: box.height - 4 } });
    expect((await reorder).status()).toBe(200);
    const expected = [before[1], before[2], before[0], ...before.slice(3)];
    await until(() => titles()).toEqual(expected);
    await page.reload();
    await until(() => titles()).toEqual(expected);
    await shot(page, 'showcase-gallery');

    await page.getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Ajouter à la galerie');
    await until(() => add.isVisible()).toBe(true);
    // Nothing chosen yet: neither the upload nor the link, and the choice is required.
    expect(await add.locator('input[type="file"]').count()).toBe(0);
    expect(await add.locator('#field-LINK').count()).toBe(0);
    await add.locator('#field-TITLE').fill('Atelier LiDAR');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => add.getByText(SHOWCASE_MSG.kindRequired).isVisible()).toBe(true);

    await add.getByText('Vidéo', { exact: true }).click();
    await until(() => add.locator('#field-LINK').isVisible()).toBe(true);
    expect(await add.locator('input[type="file"]').count()).toBe(0);
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => add.getByText(SHOWCASE_MSG.linkRequired).isVisible()).toBe(true);
    await add.locator('#field-LINK').fill('pas une adresse');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => add.getByText(SHOWCASE_MSG.url).isVisible()).toBe(true);
    await shot(page, 'showcase-gallery-video');

    await add.getByText('Image', { exact: true }).click();
    await until(() => add.locator('#field-LINK').count()).toBe(0);
    await until(() => add.locator('input[type="file"]').count()).toBe(1);
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => add.getByText(SHOWCASE_MSG.imageRequired).isVisible()).toBe(true);
    await add.locator('input[type="file"]').setInputFiles(png([200, 120, 40]));
    await until(() => add.locator('.fld-file-preview').isVisible()).toBe(true);
    await shot(page, 'showcase-gallery-image');
    const created = saved(page, 'gallery', 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    expect((await res.json()).data).toMatchObject({ TITLE: 'Atelier LiDAR', TYPE: 'image', LINK: null, POSITION: before.length + 1 });
    await until(() => rows(page).filter({ hasText: 'Atelier LiDAR' }).count()).toBe(1);
    await page.context().close();
  });

  it('a service with its image, through the three steps', { timeout: 120_000 }, async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openList(page, hrefFor('site-services-by-type', { type: 'image-annotation' }));
    await until(() => page.getByRole('heading', { name: 'Annotation d’images' }).isVisible()).toBe(true);
    const count = await rows(page).count();
    await page.getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Ajouter un service : Annotation d’images');
    await until(() => add.isVisible()).toBe(true);
    await add.getByRole('button', { name: 'Suivant' }).click();
    await until(() => add.locator('[data-field="field-title_fr"] .fld-error').isVisible()).toBe(true);
    await add.locator('#field-title_fr').fill('Polygones');
    const fr = add.locator('#field-content_fr .ql-editor');
    await until(() => fr.isVisible(), { timeout: 15_000 }).toBe(true);
    await fr.click();
    await page.keyboard.type('Contours précis des objets.');
    await add.getByRole('button', { name: 'Suivant' }).click();
    await until(() => add.locator('#field-title_en').isVisible()).toBe(true);
    await add.locator('#field-title_en').fill('Polygons');
    await add.locator('#field-content_en .ql-editor').click();
    await page.keyboard.type('Precise object outlines.');
    await add.getByRole('button', { name: 'Suivant' }).click();
    await until(() => add.locator('input[type="file"]').count()).toBe(1);
    await add.locator('input[type="file"]').setInputFiles(png([30, 90, 200]));
    await add.locator('#field-alt').fill('Polygones sur une photo de rue');
    await shot(page, 'showcase-service-dialog');
    const created = saved(page, 'service', 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    expect((await res.json()).data).toMatchObject({ type: 'image-annotation', title_fr: 'Polygones', position: count + 1, MEDIA: { mime_type: 'image/png' } });
    await until(() => rows(page).count()).toBe(count + 1);
    await until(() => rows(page).last().locator('img').count()).toBe(1);
    await shot(page, 'showcase-services');
    await page.context().close();
  });

  it('a partner tool: name and logo required, an http(s) site', { timeout: 120_000 }, async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    await openList(page, hrefFor('site-tools'));
    await shot(page, 'showcase-tools');
    await page.getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Ajouter un partenaire');
    await until(() => add.isVisible()).toBe(true);
    await add.locator('#field-name').fill('Roboflow');
    await add.locator('#field-site_web').fill('roboflow.com');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => add.getByText(SHOWCASE_MSG.url).isVisible()).toBe(true);
    await until(() => add.getByText(SHOWCASE_MSG.logoRequired).isVisible()).toBe(true);
    await add.locator('#field-site_web').fill('https://roboflow.com');
    await add.locator('input[type="file"]').setInputFiles(png([120, 40, 160]));
    await shot(page, 'showcase-tool-dialog');
    const created = saved(page, 'tools', 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await created).status()).toBe(201);
    await until(() => rows(page).filter({ hasText: 'Roboflow' }).count()).toBe(1);
    await page.context().close();
  });

  it('contact requests on mobile, and no showcase for a zone chief', { timeout: 120_000 }, async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    await openList(page, hrefFor('prises-contacts'));
    await shot(page, 'showcase-contacts');
    await openList(page, hrefFor('gallery'));
    await shot(page, 'showcase-gallery');
    await openList(page, hrefFor('site-services-by-type', { type: 'our-services' }));
    await shot(page, 'showcase-services');
    await rows(page).first().getByRole('button', { name: 'Voir' }).click();
    const view = dialog(page, 'Détails du service');
    await until(() => view.isVisible()).toBe(true);
    await until(() => view.locator('#field-title_fr').inputValue()).not.toBe('');
    await shot(page, 'showcase-service-view');
    await page.context().close();

    const chef = await newPage(browser, { viewport: DESKTOP });
    await login(chef, 'chef@demo.tn');
    await chef.goto(hrefFor('prises-contacts'));
    await until(() => new URL(chef.url()).pathname).toBe(hrefFor('clients'));
    expect(await chef.getByRole('link', { name: 'Galerie' }).count()).toBe(0);
    await chef.goto(hrefFor('gallery'));
    await until(() => new URL(chef.url()).pathname).toBe(hrefFor('clients'));
    await chef.context().close();
  });
});
