import { hrefFor, MSG } from '@app/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from './support/png';
import { checkA11y, DESKTOP, launch, login, MOBILE, newPage, shot } from './browser';

/** Gamification badges (/layout/gamifications) on the real server. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PATH = hrefFor('gamifications');
/** Saves refetch the list before a dialog closes: give a busy machine time. */
const WAIT = { timeout: 10_000 };
const rows = (page: Page) => page.locator('.dt-resource tbody tr');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const response = (page: Page, path: string, method: string) => page.waitForResponse((r) => r.url().includes(`/api/${path}`) && r.request().method() === method);

const TIERS: [string, number, number, number, string, [number, number, number]][] = [
  ['Bronze', 100, 50, 20, 'Premier palier du programme.', [176, 101, 40]],
  ['Argent', 250, 150, 50, 'Client régulier.', [128, 132, 140]],
  ['Or', 500, 300, 100, 'Client fidèle.', [184, 146, 20]],
];

/** Without the demo tiers (an empty list), a few are added through POST badges as form data, so the screenshots show rows. */
async function ensureSomeBadges(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const list = await page.request.get('/api/badges?page=1', { headers });
  if ((await list.json()).meta.total >= 2) return;
  for (const [name, badge, evolution, maintien, description, colour] of TIERS) {
    const r = await page.request.post('/api/badges', {
      headers,
      multipart: {
        NAME: name,
        BONUS_BADGE: String(badge),
        BONUS_EVOLUTION: String(evolution),
        BONUS_MAINTIEN: String(maintien),
        DESCRIPTION: description,
        IS_ACTIVE: '1',
        file: { name: `${name.toLowerCase()}.png`, mimeType: 'image/png', buffer: solidPng(64, 64, colour) },
      },
    });
    expect(r.status()).toBe(201);
  }
}

async function openList(page: Page) {
  await page.goto(PATH);
  await expect.poll(() => rows(page).count(), WAIT).toBeGreaterThan(0);
  await expect.poll(() => page.locator('.dt-total').textContent(), WAIT).toMatch(/\d+ élément/);
}

describe('badges', () => {
  it('adds a badge with its image, toggles it active (and back on a refused save), views and deletes it', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await ensureSomeBadges(page);
    await openList(page);
    await expect.poll(() => page.locator('.title-bar h1').textContent(), WAIT).toBe('Ristournes / Gamifications');

    await page.getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Ajouter un badge');
    await expect.poll(() => add.isVisible(), WAIT).toBe(true);

    // Empty name and an emptied bonus: the domain's messages, nothing sent.
    await add.locator('#field-BONUS_MAINTIEN').fill('');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => add.locator('[data-field="field-NAME"] .fld-error').textContent(), WAIT).toBe(MSG.required);
    await expect.poll(() => add.locator('[data-field="field-BONUS_MAINTIEN"] .fld-error').textContent(), WAIT).toBe(MSG.required);

    // A file that is not an image is refused in the browser.
    await add.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('pas une image') });
    await expect.poll(() => add.locator('[data-field="field-file"] .fld-error').textContent(), WAIT).toBe(MSG.fileType);

    await add.locator('#field-NAME').fill('Diamant e2e');
    // Bonuses are whole points: letters and decimal points never reach the field.
    await add.locator('#field-BONUS_BADGE').fill('2000');
    await add.locator('#field-BONUS_EVOLUTION').fill('');
    await add.locator('#field-BONUS_EVOLUTION').pressSequentially('7a5.0');
    await expect.poll(() => add.locator('#field-BONUS_EVOLUTION').inputValue(), WAIT).toBe('750');
    await add.locator('#field-BONUS_MAINTIEN').fill('300');
    await add.locator('#field-DESCRIPTION').fill('Palier le plus élevé, créé par le test navigateur.');
    await add.locator('input[type="file"]').setInputFiles({ name: 'diamant.png', mimeType: 'image/png', buffer: solidPng(64, 64, [40, 120, 200]) });
    await expect.poll(() => add.locator('.fld-file-preview').isVisible(), WAIT).toBe(true);
    await shot(page, 'badges-dialog');

    const created = response(page, 'badges', 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    expect(res.request().headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const badge = (await res.json()).data;
    expect(badge).toMatchObject({ NAME: 'Diamant e2e', BONUS_BADGE: 2000, BONUS_EVOLUTION: 750, BONUS_MAINTIEN: 300, IS_ACTIVE: 0 });
    expect(badge.MEDIA).toMatchObject({ file_name: 'diamant.png' });
    await expect.poll(() => add.isVisible(), WAIT).toBe(false);

    const mine = () => row(page, 'Diamant e2e');
    await expect.poll(() => mine().count(), WAIT).toBe(1);
    await expect.poll(() => mine().locator('img.dt-thumb').getAttribute('src'), WAIT).toBe(badge.MEDIA.original_url);
    await expect.poll(() => mine().textContent(), WAIT).toContain('2\u00a0000');

    // The active switch is saved at once and survives a reload.
    const sw = () => mine().getByRole('switch', { name: 'Actif' });
    expect(await sw().isChecked()).toBe(false);
    const put = response(page, `badges/${badge.id}`, 'PUT');
    await sw().click({ force: true });
    const saved = await put;
    expect(saved.status()).toBe(200);
    expect(JSON.parse(saved.request().postData() ?? '{}')).toEqual({ IS_ACTIVE: 1 });
    await page.reload();
    await expect.poll(() => mine().count(), WAIT).toBe(1);
    await expect.poll(() => sw().isChecked(), WAIT).toBe(true);
    await shot(page, 'badges-list');

    // A refused save puts the switch back.
    await page.route(`**/api/badges/${badge.id}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Refusé par le test' }) })
        : route.continue(),
    );
    const refused = response(page, `badges/${badge.id}`, 'PUT');
    await sw().click({ force: true });
    expect((await refused).status()).toBe(422);
    await expect.poll(() => sw().isChecked(), WAIT).toBe(true);
    await page.unroute(`**/api/badges/${badge.id}`);

    // View is read-only and shows the image.
    await mine().getByRole('button', { name: 'Voir' }).click();
    const view = dialog(page, 'Détails du badge');
    await expect.poll(() => view.isVisible(), WAIT).toBe(true);
    await expect.poll(() => view.locator('#field-NAME').inputValue(), WAIT).toBe('Diamant e2e');
    expect(await view.locator('#field-NAME').isDisabled()).toBe(true);
    expect(await view.locator('#field-BONUS_BADGE').inputValue()).toBe('2000');
    await expect.poll(() => view.locator('.fld-file-preview').isVisible(), WAIT).toBe(true);
    expect(await view.getByRole('button', { name: 'Enregistrer' }).count()).toBe(0);
    await checkA11y(page, 'badges-view');
    await view.locator('.fd-footer').getByRole('button', { name: 'Fermer' }).click();
    await expect.poll(() => view.isVisible(), WAIT).toBe(false);

    // Edit: the fields go as JSON, the unchanged image stays.
    await mine().getByRole('button', { name: 'Modifier' }).click();
    const edit = dialog(page, 'Modifier le badge');
    await expect.poll(() => edit.locator('#field-NAME').inputValue(), WAIT).toBe('Diamant e2e');
    await edit.locator('#field-BONUS_MAINTIEN').fill('350');
    const updated = response(page, `badges/${badge.id}`, 'PUT');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await updated).status()).toBe(200);
    await expect.poll(() => edit.isVisible(), WAIT).toBe(false);
    await expect.poll(() => mine().textContent(), WAIT).toContain('350');
    await expect.poll(() => mine().locator('img.dt-thumb').getAttribute('src'), WAIT).toBe(badge.MEDIA.original_url);

    await mine().getByRole('button', { name: 'Supprimer' }).click();
    const confirm = page.locator('.p-confirm-dialog');
    await expect.poll(() => confirm.textContent(), WAIT).toContain('Voulez-vous vraiment supprimer ce badge ?');
    await shot(page, 'badges-delete');
    const deleted = response(page, `badges/${badge.id}`, 'DELETE');
    await confirm.getByRole('button', { name: 'Oui' }).click();
    expect((await deleted).status()).toBe(200);
    await expect.poll(() => mine().count(), WAIT).toBe(0);
    await page.context().close();
  });

  it('mobile: the list scrolls sideways and the dialog fits the screen', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    await ensureSomeBadges(page);
    await openList(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await shot(page, 'badges-list');

    await page.getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Ajouter un badge');
    await expect.poll(() => add.isVisible(), WAIT).toBe(true);
    expect((await add.boundingBox())!.width).toBeLessThanOrEqual(MOBILE.width);
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => add.locator('.fld-error').count(), WAIT).toBe(1);
    await shot(page, 'badges-dialog');
    await page.context().close();
  });
});
