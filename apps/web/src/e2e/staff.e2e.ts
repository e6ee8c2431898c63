import { hrefFor, MSG } from '@app/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DESKTOP, expectPath, launch, login, MOBILE, newPage, pathOf, shot } from './browser';

/** Staff accounts: zone chiefs and back-office users, on the real server. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PATHS = { chefs: hrefFor('chef-zone'), users: hrefFor('users-backoffice') };
const CHIEF = { email: 'cz.e2e@demo.tn', password: 'Zone2025!' };

const rows = (page: Page) => page.locator('.dt-resource tbody tr');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const fieldError = (scope: ReturnType<typeof dialog>, name: string) => scope.locator(`[data-field="field-${name}"] .fld-error`);
const response = (page: Page, path: string, method: string) =>
  page.waitForResponse((r) => new URL(r.url()).pathname.startsWith(`/api/${path}`) && r.request().method() === method);
const activeSwitch = (page: Page, text: string) => row(page, text).getByRole('switch', { name: 'Actif' });
/** Polls with room for a busy machine (the default second is short when other suites share it). */
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
/** A saved switch refetches the page; the table is masked meanwhile. */
const settled = (page: Page) => until(() => page.locator('.p-datatable-loading-overlay').count()).toBe(0);

async function openList(page: Page, path: string) {
  await page.goto(path);
  await until(() => rows(page).count()).toBeGreaterThan(0);
  await until(() => page.locator('.dt-total').textContent()).toMatch(/\d+ élément/);
}

async function chooseOption(page: Page, scope: ReturnType<typeof dialog>, name: string, option: string) {
  await scope.locator(`[data-field="field-${name}"] .p-dropdown`).click();
  await page.locator('.p-dropdown-panel li[role="option"]', { hasText: option }).first().click();
}

describe('zone chiefs', () => {
  it('adds a chief (password on add only), toggles him, and the chief signs in; inactive, he is refused', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openList(page, PATHS.chefs);
    await until(() => page.locator('.title-bar h1').textContent()).toBe('Paramètres / Chefs de zone');
    await shot(page, 'staff-chef-zone');

    await page.getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Ajouter un chef de zone');
    await until(() => add.isVisible()).toBe(true);
    // Empty form: the domain's messages, nothing sent.
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => fieldError(add, 'CODE_CHEF_ZONE').textContent()).toBe(MSG.required);
    await until(() => fieldError(add, 'PASSWORD').textContent()).toBe(MSG.required);
    await add.locator('#field-CODE_CHEF_ZONE').fill('CZ-E2E');
    await add.locator('#field-FIRSTNAME').fill('Mouna');
    await add.locator('#field-LASTNAME').fill('Gharsalli');
    // An address already used: the field says so before saving (POST validations/email/unique).
    await add.locator('#field-EMAIL').fill('admin@demo.tn');
    await until(() => fieldError(add, 'EMAIL').textContent()).toBe(MSG.emailExists);
    await add.locator('#field-GSM').fill('2167');
    await add.locator('#field-PASSWORD').fill('court');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => fieldError(add, 'GSM').textContent()).toBe(MSG.phone);
    await until(() => fieldError(add, 'PASSWORD').textContent()).toBe(MSG.passwordMin);
    await shot(page, 'staff-chef-zone-dialog');

    await add.locator('#field-EMAIL').fill(CHIEF.email);
    await add.locator('#field-GSM').fill('+21698123123');
    await add.locator('#field-PASSWORD').fill(CHIEF.password);
    await chooseOption(page, add, 'TYPE_CLIENT_ID', 'Grossiste');
    const created = response(page, 'chef-zone', 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    expect(await res.text()).not.toMatch(/PASSWORD|scrypt/i);
    await until(() => add.isVisible()).toBe(false);
    await until(() => row(page, 'CZ-E2E').textContent()).toContain('Mouna Gharsalli');

    // Edit: no password field; view: read-only.
    await row(page, 'CZ-E2E').getByRole('button', { name: 'Modifier' }).click();
    const edit = dialog(page, 'Modifier le chef de zone');
    await until(() => edit.locator('#field-CODE_CHEF_ZONE').inputValue()).toBe('CZ-E2E');
    expect(await edit.locator('#field-PASSWORD').count()).toBe(0);
    await until(() => edit.locator('[data-field="field-TYPE_CLIENT_ID"] .p-dropdown-label').textContent()).toBe('Grossiste');
    await checkA11y(page, 'staff-chef-zone-edit');
    await edit.locator('#field-GSM').fill('+21698123124');
    const updated = response(page, 'chef-zone/', 'PUT');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await updated).status()).toBe(200);
    await until(() => row(page, 'CZ-E2E').textContent()).toContain('+21698123124');

    await row(page, 'CZ-E2E').getByRole('button', { name: 'Voir' }).click();
    const view = dialog(page, 'Détails du chef de zone');
    await until(() => view.isVisible()).toBe(true);
    expect(await view.locator('#field-EMAIL').isDisabled()).toBe(true);
    expect(await view.getByRole('button', { name: 'Enregistrer' }).count()).toBe(0);
    await shot(page, 'staff-chef-zone-view');
    await view.locator('.fd-footer').getByRole('button', { name: 'Fermer' }).click();
    await until(() => page.locator('.p-dialog-mask').count()).toBe(0);

    // Delete asks first (answered no here).
    await row(page, 'CZ-E2E').getByRole('button', { name: 'Supprimer' }).click();
    const confirm = page.locator('.p-confirm-dialog');
    await until(() => confirm.textContent()).toContain('Voulez-vous vraiment supprimer ce chef de zone ?');
    await confirm.getByRole('button', { name: 'Non' }).click();
    await until(() => page.locator('.p-dialog-mask').count()).toBe(0);

    // The active switch saves at once: off, and the chief cannot sign in.
    await settled(page);
    const off = response(page, 'chef-zone/', 'PUT');
    await activeSwitch(page, 'CZ-E2E').click({ force: true });
    const offRes = await off;
    expect(offRes.status()).toBe(200);
    expect(JSON.parse(offRes.request().postData() ?? '{}')).toEqual({ STATUS: 0 });
    await page.reload();
    await until(() => activeSwitch(page, 'CZ-E2E').isChecked()).toBe(false);

    const chief = await newPage(browser, { viewport: DESKTOP });
    await chief.goto('/');
    await chief.locator('#email').fill(CHIEF.email);
    await chief.locator('#password').fill(CHIEF.password);
    await chief.getByRole('button', { name: 'Se connecter' }).click();
    await until(() => chief.locator('.auth-failure').textContent()).toContain(MSG.accountInactive);
    expect(pathOf(chief)).toBe('/');

    await settled(page);
    const on = response(page, 'chef-zone/', 'PUT');
    await activeSwitch(page, 'CZ-E2E').click({ force: true });
    expect((await on).status()).toBe(200);

    // Active again: he signs in and lands on his clients (or, before that screen exists, inside /layout with his menu).
    await login(chief, CHIEF.email, CHIEF.password);
    await until(() => pathOf(chief)).toMatch(/^\/layout\/(contacts\/clients|settings\/profile)$/);
    // A new chief has no clients yet: the list is scoped to him (the demo clients belong to the demo chiefs).
    if (pathOf(chief) === hrefFor('clients')) await until(() => chief.locator('.dt-total').textContent()).toBe('0 élément');
    const menu = chief.locator('.side-menu, nav').first();
    await until(() => menu.textContent()).toContain('Mon profil');
    expect(await menu.textContent()).not.toContain('Chefs de zone');
    // The chefs list is not his: the server refuses it.
    const token = await chief.evaluate(() => localStorage.getItem('token'));
    expect((await chief.request.get('/api/chef-zone', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(403);
    await shot(chief, 'staff-chef-signed-in');
    await chief.context().close();
    await page.context().close();
  });
});

describe('back-office users', () => {
  it('adds a user (role hidden for an admin, password on add only), edits, views; switching oneself off is refused and put back', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await openList(page, PATHS.users);
    await until(() => page.locator('.title-bar h1').textContent()).toBe('Paramètres / Utilisateurs back-office');
    expect(await page.getByRole('columnheader', { name: 'Société' }).count()).toBe(1);
    await shot(page, 'staff-users-backoffice');

    await page.getByRole('button', { name: 'Ajouter' }).click();
    const add = dialog(page, 'Ajouter un utilisateur');
    await until(() => add.isVisible()).toBe(true);
    expect(await add.locator('#field-ROLE_ID').count()).toBe(0);
    await add.locator('#field-LASTNAME').fill('Bouazizi');
    await add.locator('#field-FIRSTNAME').fill('Ines');
    await add.locator('#field-EMAIL').fill('magasin@demo.tn');
    await add.locator('#field-GSM').fill('+21622999888');
    await add.locator('#field-PASSWORD').fill('Bureau2025!');
    await chooseOption(page, add, 'TYPE_CLIENT_ID', 'Superette');
    await until(() => fieldError(add, 'EMAIL').textContent()).toBe(MSG.emailExists);
    // Saved anyway: the server's 422 lands on the field and in the 'Email Existe' warning.
    const refused = response(page, 'userBO', 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await refused).status()).toBe(422);
    await until(() => page.locator('.p-toast-summary', { hasText: 'Email Existe' }).isVisible()).toBe(true);
    await shot(page, 'staff-users-backoffice-dialog');

    await add.locator('#field-EMAIL').fill('ines.bouazizi@demo.tn');
    const created = response(page, 'userBO', 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    expect((await res.json()).data).toMatchObject({ role: 'admin', societe: { NAME: 'Superette' } });
    await until(() => row(page, 'ines.bouazizi@demo.tn').textContent()).toContain('Superette');
    await until(() => row(page, 'ines.bouazizi@demo.tn').locator('img.staff-company-logo').count()).toBe(1);

    // The 'Email Existe' warning has gone: a new dialog's mask would cover it while it fades.
    await until(() => page.locator('.p-toast-message-warn').count()).toBe(0);
    await row(page, 'ines.bouazizi@demo.tn').getByRole('button', { name: 'Modifier' }).click();
    const edit = dialog(page, "Modifier l'utilisateur");
    await until(() => edit.locator('#field-LASTNAME').inputValue()).toBe('Bouazizi');
    expect(await edit.locator('#field-PASSWORD').count()).toBe(0);
    expect(await edit.locator('#field-ROLE_ID').count()).toBe(0);
    await checkA11y(page, 'staff-users-backoffice-edit');
    await edit.locator('#field-FIRSTNAME').fill('Inès');
    const updated = response(page, 'users/', 'PUT');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await updated).status()).toBe(200);
    await until(() => row(page, 'ines.bouazizi@demo.tn').textContent()).toContain('Inès Bouazizi');

    await row(page, 'ines.bouazizi@demo.tn').getByRole('button', { name: 'Voir' }).click();
    const view = dialog(page, "Détails de l'utilisateur");
    await until(() => view.isVisible()).toBe(true);
    expect(await view.locator('#field-LASTNAME').isDisabled()).toBe(true);
    await shot(page, 'staff-users-backoffice-view');
    await view.locator('.fd-footer').getByRole('button', { name: 'Fermer' }).click();
    // The switches below are clicked with force: the dialog's mask must be gone first.
    await until(() => page.locator('.p-dialog-mask').count()).toBe(0);
    // No delete on this screen (spec: add, edit, view).
    expect(await row(page, 'ines.bouazizi@demo.tn').getByRole('button', { name: 'Supprimer' }).count()).toBe(0);

    // Another user's switch saves at once…
    await settled(page);
    const off = response(page, 'users/', 'PUT');
    await activeSwitch(page, 'ines.bouazizi@demo.tn').click({ force: true });
    expect((await off).status()).toBe(200);
    await until(() => activeSwitch(page, 'ines.bouazizi@demo.tn').isChecked()).toBe(false);
    await settled(page);
    // …one's own is refused by the server, and the switch comes back on.
    await until(() => page.locator('.p-toast-message-success').count()).toBe(0);
    const self = response(page, 'users/', 'PUT');
    await activeSwitch(page, 'admin@demo.tn').click({ force: true });
    expect((await self).status()).toBe(422);
    await until(() => page.locator('.p-toast-message', { hasText: 'Vous ne pouvez pas désactiver votre propre compte.' }).isVisible()).toBe(true);
    await until(() => activeSwitch(page, 'admin@demo.tn').isChecked()).toBe(true);
    await shot(page, 'staff-users-backoffice-self-refused');
    await page.context().close();
  });
});

describe('staff screens on a phone', () => {
  it('lists scroll sideways inside the page, dialogs fit the screen', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    for (const [name, path, title] of [
      ['staff-chef-zone', PATHS.chefs, 'Ajouter un chef de zone'],
      ['staff-users-backoffice', PATHS.users, 'Ajouter un utilisateur'],
    ] as const) {
      await openList(page, path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      await shot(page, name);
      await page.getByRole('button', { name: 'Ajouter' }).click();
      const add = dialog(page, title);
      await until(() => add.isVisible()).toBe(true);
      expect((await add.boundingBox())!.width).toBeLessThanOrEqual(MOBILE.width);
      await add.getByRole('button', { name: 'Enregistrer' }).click();
      await until(() => add.locator('.fld-error').count()).toBeGreaterThan(2);
      await shot(page, `${name}-dialog`);
      await add.getByRole('button', { name: 'Annuler' }).click();
      await until(() => add.isVisible()).toBe(false);
    }
    await expectPath(page, PATHS.users);
    await page.context().close();
  });
});
