import { CONFIG_UPLOAD_FAILED, hrefFor } from '@app/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectPath, launch, login, MOBILE, newPage, shot } from './browser';

/** Banner, pop-up, configuration entries and company details on the real server and its demo data. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
/** A tiny valid PNG (1×1), enough for the server's byte check. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const toast = (page: Page, text: string) => page.locator('.p-toast-message', { hasText: text });
const popupImages = (page: Page) => page.locator('.settings-popup-grid img');

async function openBanner(page: Page) {
  await page.goto(hrefFor('banner'));
  await until(() => page.locator('.settings-banner').count()).toBe(1);
  await until(() => page.locator('.config-entry').count()).toBeGreaterThanOrEqual(4);
}

describe('banner and pop-up', () => {
  it('replaces the banner, adds two pop-up images at once and removes one after confirming', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openBanner(page);
    await shot(page, 'settings-banner');
    const before = await page.locator('.settings-banner').getAttribute('src');
    await page.getByLabel('Nouvelle bannière').setInputFiles({ name: 'ete.png', mimeType: 'image/png', buffer: PNG });
    await until(() => toast(page, 'La nouvelle bannière est en ligne.').count()).toBe(1);
    await until(() => page.locator('.settings-banner').getAttribute('src')).not.toBe(before);

    const count = await popupImages(page).count();
    await page.getByLabel('Images du pop-up à ajouter').setInputFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: PNG },
      { name: 'b.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await until(() => popupImages(page).count()).toBe(count + 2);
    await page.getByRole('button', { name: `Supprimer l’image ${count + 1} du pop-up` }).click();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Oui' }).click();
    await until(() => popupImages(page).count()).toBe(count + 1);
    // Kept by the server: a reload shows the same.
    await page.reload();
    await until(() => popupImages(page).count()).toBe(count + 1);
    await page.context().close();
  });
});

describe('configuration entries', () => {
  it('saves an entry; a refused upload says so and saves nothing', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openBanner(page);
    const entry = page.getByRole('form', { name: 'Entrée CGU_PDF' });
    await expect(entry.getByLabel('Clé').getAttribute('readonly')).resolves.not.toBeNull();
    const name = entry.getByLabel('Nom *');

    // A file the server refuses: the spec's message, and the new name is not saved.
    await name.fill('CGU (brouillon)');
    await entry.getByLabel('Fichier *').setInputFiles({ name: 'cgu.pdf', mimeType: 'application/pdf', buffer: Buffer.from('pas un PDF') });
    await entry.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => toast(page, CONFIG_UPLOAD_FAILED).count()).toBe(1);

    // An empty description is flagged and nothing is sent.
    await entry.getByLabel('Fichier *').setInputFiles([]);
    await name.fill('Conditions générales 2026');
    await entry.getByLabel('Description *').fill('');
    await entry.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => entry.locator('.field-error').textContent()).toBe('Ce champ est obligatoire.');
    await shot(page, 'settings-config-invalid');
    await entry.getByLabel('Description *').fill('Conditions générales d’utilisation, version de novembre.');
    await entry.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => toast(page, '« CGU_PDF » enregistrée.').count()).toBe(1);

    await page.reload();
    await until(() => page.getByRole('form', { name: 'Entrée CGU_PDF' }).getByLabel('Nom *').inputValue()).toBe('Conditions générales 2026');
    await page.context().close();
  });
});

describe('company details', () => {
  it('are saved after the form’s checks; the phone and e-mail rules show on the fields', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('company'));
    await until(() => page.getByLabel('Raison sociale *').inputValue()).toBe('Programme Fidélité SA');
    await page.getByLabel('Téléphone *').fill('12');
    await page.getByLabel('E-mail *').fill('pas-un-mail');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => page.locator('.field-error').count()).toBe(2);
    await shot(page, 'settings-company-invalid');
    await page.getByLabel('Téléphone *').fill('+21671960001');
    await page.getByLabel('E-mail *').fill('direction@fidelite.tn');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => toast(page, 'Les coordonnées sont enregistrées.').count()).toBe(1);
    await page.reload();
    await until(() => page.getByLabel('Téléphone *').inputValue()).toBe('+21671960001');
    await page.context().close();
  });

  it('fit a phone; zone chiefs are sent away', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    await openBanner(page);
    await shot(page, 'settings-banner');
    await page.goto(hrefFor('company'));
    await until(() => page.getByLabel('Raison sociale *').inputValue()).not.toBe('');
    await shot(page, 'settings-company');
    await page.context().close();

    const chef = await newPage(browser, { viewport: DESKTOP });
    await login(chef, 'chef@demo.tn');
    await chef.goto(hrefFor('banner'));
    await expectPath(chef, hrefFor('clients'));
    await chef.context().close();
  });
});
