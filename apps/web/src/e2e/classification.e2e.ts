import { readFileSync } from 'node:fs';
import { hrefFor, MSG } from '@app/domain';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DESKTOP, launch, login, MOBILE, newPage, shot } from './browser';

/** Client classification screens: the generic list, the form dialog and the fields, on the real server. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PATHS = {
  types: hrefFor('type-client'),
  circuits: hrefFor('circuit-client'),
  activities: hrefFor('activity-client'),
  categories: hrefFor('category-client'),
};

const rows = (page: Page) => page.locator('.dt-resource tbody tr');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const names = (page: Page) => page.locator('.dt-resource tbody tr td:nth-child(3)').allTextContents();

async function openList(page: Page, path: string) {
  await page.goto(path);
  await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
  await expect.poll(() => page.locator('.dt-total').textContent()).toMatch(/\d+ élément/);
}

const saved = (page: Page, path: string, method: string) => page.waitForResponse((r) => r.url().includes(`/api/${path}`) && r.request().method() === method);

describe('classification', () => {
  it('circuits: add (blank and duplicate names refused), search kept in the URL, view, edit, export, delete', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openList(page, PATHS.circuits);
    await shot(page, 'classification-circuits');

    await page.getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Ajouter un circuit');
    await expect.poll(() => add.isVisible()).toBe(true);

    // Whitespace only: the domain rule answers in the browser, nothing is sent.
    await add.locator('#field-NAME').fill('   ');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => add.getByText(MSG.blank).isVisible()).toBe(true);
    await shot(page, 'classification-circuit-dialog');

    // A name already used: the server's 422 lands on the field and in a warning toast.
    await add.locator('#field-NAME').fill('CHR');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => page.locator('.p-toast-summary', { hasText: 'Nom Existe' }).isVisible()).toBe(true);
    await expect.poll(() => add.locator('[data-field="field-NAME"] .fld-error').textContent()).toBe(MSG.nameExists);
    await shot(page, 'classification-circuit-name-exists');

    await add.locator('#field-NAME').fill('Circuit e2e');
    await add.locator('#field-DESCRIPTION').fill('Créé par le test navigateur.');
    const created = saved(page, 'clients_circuits', 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await created).status()).toBe(201);
    await expect.poll(() => add.isVisible()).toBe(false);

    // Search: debounced, written to the URL, and still there after a reload.
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('e2e');
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('e2e');
    await page.reload();
    await expect.poll(() => page.getByRole('searchbox', { name: 'Rechercher' }).inputValue()).toBe('e2e');
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect.poll(() => page.locator('.dt-total').textContent()).toBe('1 élément');

    // View is read-only.
    await row(page, 'Circuit e2e').getByRole('button', { name: 'Voir' }).click();
    const view = dialog(page, 'Détails du circuit');
    await expect.poll(() => view.isVisible()).toBe(true);
    await checkA11y(page, 'classification-circuit-view');
    expect(await view.locator('#field-NAME').isDisabled()).toBe(true);
    expect(await view.locator('#field-DESCRIPTION').isDisabled()).toBe(true);
    expect(await view.getByRole('button', { name: 'Enregistrer' }).count()).toBe(0);
    await view.locator('.fd-footer').getByRole('button', { name: 'Fermer' }).click();
    await expect.poll(() => view.isVisible()).toBe(false);

    await row(page, 'Circuit e2e').getByRole('button', { name: 'Modifier' }).click();
    const edit = dialog(page, 'Modifier le circuit');
    await expect.poll(() => edit.locator('#field-NAME').inputValue()).toBe('Circuit e2e');
    await checkA11y(page, 'classification-circuit-edit');
    await edit.locator('#field-NAME').fill('Circuit e2e modifié');
    const updated = saved(page, 'clients_circuits/', 'PUT');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await updated).status()).toBe(200);
    await expect.poll(() => row(page, 'Circuit e2e modifié').count()).toBe(1);

    // CSV export of the filtered list: a header line, then the one matching row.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter en CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.split(/\r?\n/).filter(Boolean);
    expect(lines[0]).toMatch(/Nom/);
    expect(lines.length).toBe(2);
    expect(lines[1]).toContain('Circuit e2e modifié');

    await row(page, 'Circuit e2e modifié').getByRole('button', { name: 'Supprimer' }).click();
    const confirm = page.locator('.p-confirm-dialog');
    await expect.poll(() => confirm.textContent()).toContain('Voulez-vous vraiment supprimer ce circuit ?');
    await shot(page, 'classification-circuit-delete');
    const deleted = saved(page, 'clients_circuits/', 'DELETE');
    await confirm.getByRole('button', { name: 'Oui' }).click();
    expect((await deleted).status()).toBe(200);
    await expect.poll(() => page.getByText('Aucun élément trouvé').isVisible()).toBe(true);
    await page.context().close();
  });

  it('activities: an inline flag is saved at once and survives a reload', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openList(page, PATHS.activities);
    await shot(page, 'classification-activities');

    const flag = (p: Page): Locator => row(p, 'Café').first().getByRole('checkbox', { name: 'E-commerce' });
    const before = await flag(page).isChecked();
    const put = saved(page, 'clients_activities/', 'PUT');
    await flag(page).click({ force: true });
    const res = await put;
    expect(res.status()).toBe(200);
    expect(JSON.parse(res.request().postData() ?? '{}')).toEqual({ E_COMMERCE: before ? 0 : 1 });
    await page.reload();
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    await expect.poll(() => flag(page).isChecked()).toBe(!before);

    // The form: circuit select fed by the circuits list, flags as checkboxes.
    await row(page, 'Café').first().getByRole('button', { name: 'Modifier' }).click();
    const edit = dialog(page, "Modifier l'activité");
    await expect.poll(() => edit.locator('#field-CIRCUIT').isVisible()).toBe(true);
    await expect.poll(() => edit.locator('.p-dropdown-label').textContent()).toBe('CHR');
    await shot(page, 'classification-activity-dialog');
    await edit.getByRole('button', { name: 'Annuler' }).click();

    await openList(page, PATHS.categories);
    await shot(page, 'classification-categories');
    await page.context().close();
  });

  it('client types: drag a row, the new order is saved and survives a reload', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openList(page, PATHS.types);
    const before = await names(page);
    expect(before.length).toBeGreaterThan(2);

    const reorder = saved(page, 'typeclients/reorder', 'PUT');
    const handle = rows(page).nth(0).locator('.p-datatable-reorderablerow-handle');
    const target = rows(page).nth(2);
    const box = (await target.boundingBox())!;
    await handle.dragTo(target, { targetPosition: { x: box.width / 2, y: box.height - 4 } });
    const res = await reorder;
    expect(res.status()).toBe(200);
    const expected = [before[1], before[2], before[0], ...before.slice(3)];
    await expect.poll(() => names(page)).toEqual(expected);

    await page.reload();
    await expect.poll(() => names(page)).toEqual(expected);
    await shot(page, 'classification-types');

    // Searching disables the drag (positions are only meaningful on the whole list).
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill(before[0].slice(0, 3));
    await expect.poll(() => page.locator('.dt-hint').isVisible()).toBe(true);
    expect(await page.locator('.p-datatable-reorderablerow-handle').count()).toBe(0);

    await page.getByRole('searchbox', { name: 'Rechercher' }).fill('');
    await expect.poll(() => page.locator('.dt-hint').isVisible()).toBe(false);
    await row(page, before[1]).getByRole('button', { name: 'Modifier' }).click();
    const edit = dialog(page, 'Modifier le type de client');
    await expect.poll(() => edit.locator('.fld-file-preview').isVisible()).toBe(true);
    await shot(page, 'classification-type-dialog');
    await page.context().close();
  });

  it('mobile: lists scroll sideways, toolbar wraps, the dialog fits', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    for (const [name, path] of Object.entries(PATHS)) {
      await openList(page, path);
      // Nothing but the table's own scroller may be wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      await shot(page, `classification-${name}`);
    }
    await page.getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Ajouter une catégorie');
    await expect.poll(() => add.isVisible()).toBe(true);
    expect((await add.boundingBox())!.width).toBeLessThanOrEqual(MOBILE.width);
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => add.locator('.fld-error').count()).toBe(2);
    await shot(page, 'classification-category-dialog');
    await page.context().close();
  });
});
