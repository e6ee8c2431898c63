import { hrefFor } from '@app/domain';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectPath, launch, login, MOBILE, newPage, shot } from './browser';

/** Flux notifications on the real server and its demo data. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const rows = (page: Page) => page.locator('.dt-resource tbody tr');
const toast = (page: Page, text: string) => page.locator('.p-toast-message', { hasText: text });
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get(`/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: T }).data;
}

/** Title, a message typed in the editor with an emoji from the picker, and an image. */
async function fillContent(page: Page, tab: Locator, title: string, text: string) {
  await tab.locator('#field-TITLE').fill(title);
  const editor = tab.locator('.ql-editor');
  await until(() => editor.isVisible()).toBe(true);
  await editor.click();
  await editor.pressSequentially(text);
  await tab.getByRole('button', { name: 'Emoji' }).click();
  const emoji = page.locator('em-emoji-picker button[aria-label="🎉"]').first();
  await page.locator('em-emoji-picker input[type="search"]').first().fill('party');
  await until(() => emoji.isVisible()).toBe(true);
  await emoji.click();
  await until(() => editor.textContent()).toBe(`${text}🎉`);
  await tab.locator('#field-IMAGE').setInputFiles({ name: 'promo.png', mimeType: 'image/png', buffer: PNG });
}

async function openAdd(page: Page, tabName: string) {
  await page.getByRole('button', { name: 'Ajouter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle notification' });
  await dialog.getByRole('tab', { name: tabName }).click();
  return { dialog, tab: dialog.getByRole('tabpanel') };
}

describe('flux notifications', () => {
  it("sends from 'Clients actifs' with an emoji and an image, then shows it first and in its view", async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('flux'));
    await until(() => rows(page).count()).toBeGreaterThanOrEqual(4);
    await shot(page, 'flux-list');
    const [a, b] = await api<{ id: number; CODE_CLIENT: string }[]>(page, 'clients/codes?page=1&perPage=2&IS_ACTIVE=1');

    const { dialog, tab } = await openAdd(page, 'Clients actifs');
    // Nothing filled: each required field says so, nothing is sent.
    await tab.getByRole('button', { name: 'Envoyer' }).click();
    await until(() => tab.locator('.fld-error').count()).toBe(3);
    for (const code of [a.CODE_CLIENT, b.CODE_CLIENT]) {
      const input = tab.locator('#field-DESTINATION');
      await input.pressSequentially(code);
      const option = page.locator('.p-autocomplete-panel').getByRole('option', { name: new RegExp(`^${code} `) });
      await until(() => option.isVisible()).toBe(true);
      await option.click();
    }
    await fillContent(page, tab, 'Livraison offerte', 'Livraison offerte cette semaine ');
    await shot(page, 'flux-add-clients');
    await tab.getByRole('button', { name: 'Envoyer' }).click();
    await until(() => toast(page, 'Notification envoyée à 2 clients.').count()).toBe(1);
    await until(() => dialog.isVisible()).toBe(false);
    await until(() => rows(page).first().textContent()).toContain('Livraison offerte cette semaine 🎉');

    await rows(page).first().getByRole('button', { name: /Voir/ }).click();
    const view = page.getByRole('dialog', { name: 'Livraison offerte' });
    await until(() => view.textContent()).toContain('2 clients');
    await expect(view.textContent()).resolves.toContain(a.CODE_CLIENT);
    await until(() => view.locator('img').count()).toBe(1);
    await shot(page, 'flux-view');
    await page.context().close();
  });

  it("'Mutiple' lists the wrong lines of a codes file and sends nothing; a good file is sent", async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('flux'));
    await until(() => rows(page).count()).toBeGreaterThan(0);
    const total = await page.locator('.dt-total').textContent();
    const [a, b] = await api<{ CODE_CLIENT: string }[]>(page, 'clients/codes?page=1&perPage=2&IS_ACTIVE=1');
    const { dialog, tab } = await openAdd(page, 'Mutiple');
    await tab
      .locator('#field-CLIENTS_FILE')
      .setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(`${a.CODE_CLIENT}\nINCONNU-1\n${b.CODE_CLIENT}\n`) });
    await fillContent(page, tab, 'Catalogue de printemps', 'Le nouveau catalogue est en ligne ');
    await tab.getByRole('button', { name: 'Envoyer' }).click();
    await until(() => tab.getByRole('list', { name: 'Lignes à corriger' }).textContent()).toContain('Ligne 2 (INCONNU-1) : Code client introuvable.');
    await shot(page, 'flux-add-file-refused');
    await expect(page.locator('.dt-total').textContent()).resolves.toBe(total);
    await tab
      .locator('#field-CLIENTS_FILE')
      .setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(`CODE_CLIENT\n${a.CODE_CLIENT}\n${b.CODE_CLIENT}\n`) });
    await tab.getByRole('button', { name: 'Envoyer' }).click();
    await until(() => toast(page, 'Notification envoyée à 2 clients.').count()).toBe(1);
    await until(() => dialog.isVisible()).toBe(false);
    await page.context().close();
  });

  it("'Par Activité' sends to every active client of an activity", async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('flux'));
    await until(() => rows(page).count()).toBeGreaterThan(0);
    const { dialog, tab } = await openAdd(page, 'Par Activité');
    await tab.locator('.p-multiselect').click();
    const option = page.locator('.p-multiselect-panel').getByRole('option').first();
    await until(() => option.isVisible()).toBe(true);
    await option.click();
    await dialog.locator('.p-dialog-title').click();
    await fillContent(page, tab, 'Horaires du dépôt', 'Le dépôt ouvre à 7 h ');
    await shot(page, 'flux-add-activities');
    await tab.getByRole('button', { name: 'Envoyer' }).click();
    await until(() => toast(page, 'Notification envoyée').count()).toBe(1);
    await until(() => dialog.isVisible()).toBe(false);
    await until(() => rows(page).first().textContent()).toContain('Horaires du dépôt');
    await page.context().close();
  });

  it('fits a phone; zone chiefs are sent away', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('flux'));
    await until(() => rows(page).count()).toBeGreaterThan(0);
    await shot(page, 'flux-list');
    await page.context().close();
    const chef = await newPage(browser, { viewport: DESKTOP });
    await login(chef, 'chef@demo.tn');
    await chef.goto(hrefFor('flux'));
    await expectPath(chef, hrefFor('clients'));
    await chef.context().close();
  });
});
