import { landingFor } from '@app/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, expectPath, latestResetCode, launch, login, logout, MOBILE, newPage, PASSWORD, shot } from './browser';

/**
 * Password flows on the commercial account: reset through the forgot-password dialog, sign in with
 * the new password, then change it back through the change-password dialog (so the other files
 * find the demo password again).
 */
const EMAIL = 'commercial@demo.tn';
const RESET_TO = 'Nouveau2025!';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const progress = (page: Page) => page.locator('.forgot-dialog .p-progressbar').getAttribute('aria-valuenow');

describe('forgot password', () => {
  it('goes through email, code and new password to the final message', async () => {
    const page = await newPage(browser);
    await page.goto('/');
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    const dialog = page.locator('.forgot-dialog');
    await expect.poll(() => progress(page)).toBe('16');

    await dialog.getByRole('button', { name: 'Envoyer le code' }).click();
    await expect.poll(() => dialog.getByText('Email est requis').isVisible()).toBe(true);
    await dialog.locator('#forgot-email').fill('pas-un-email');
    await dialog.getByRole('button', { name: 'Envoyer le code' }).click();
    await expect.poll(() => dialog.getByText("L'email doit être valide").isVisible()).toBe(true);
    await shot(page, 'forgot-step1');
    await dialog.locator('#forgot-email').fill(EMAIL);
    await dialog.getByRole('button', { name: 'Envoyer le code' }).click();
    await expect.poll(() => progress(page)).toBe('50');

    await dialog.getByRole('button', { name: 'Valider le code' }).click();
    await expect.poll(() => dialog.getByText("Le code d'activation est requis.").isVisible()).toBe(true);
    // A wrong code: toast titled 'Error', the step stays.
    await dialog.locator('#reset-code').fill('000000');
    await dialog.getByRole('button', { name: 'Valider le code' }).click();
    await expect.poll(() => page.locator('.p-toast-summary', { hasText: 'Error' }).isVisible()).toBe(true);
    expect(await progress(page)).toBe('50');
    await shot(page, 'forgot-step2-error');
    await dialog.locator('#reset-code').fill(await latestResetCode(EMAIL));
    await dialog.getByRole('button', { name: 'Valider le code' }).click();
    await expect.poll(() => progress(page)).toBe('80');

    await dialog.getByRole('button', { name: 'Réinitialiser' }).click();
    await expect.poll(() => dialog.getByText('Le nouveau password est requis').isVisible()).toBe(true);
    await checkA11y(page, 'forgot-step3');
    await dialog.locator('#new-password').fill(RESET_TO);
    await dialog.locator('#confirm-password').fill(RESET_TO);
    await dialog.getByRole('button', { name: 'Réinitialiser' }).click();
    await expect.poll(() => progress(page)).toBe('100');
    await expect.poll(() => dialog.getByText('Les étapes sont terminées.').isVisible()).toBe(true);
    await shot(page, 'forgot-done');
    await dialog.getByRole('button', { name: 'Se connecter' }).click();
    expect(await page.locator('#email').inputValue()).toBe(EMAIL);
    await page.context().close();
  });

  it('the new password signs in; the change-password dialog sets the demo one back', async () => {
    const page = await newPage(browser);
    await login(page, EMAIL, RESET_TO);
    await page.locator('.user-button').click();
    await page.getByRole('menuitem', { name: 'Changer le mot de passe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Changer le mot de passe' });
    expect(await dialog.locator('#cp-name').inputValue()).not.toBe('');

    // Confirmation must match; a wrong old password shows under its field and clears on typing.
    await dialog.locator('#cp-old_password').fill('Faux12345!');
    await dialog.locator('#cp-new_password').fill(PASSWORD);
    await dialog.locator('#cp-confirm_password').fill('Autre1234!');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => dialog.getByText('Les mots de passe ne correspondent pas.').isVisible()).toBe(true);
    await dialog.locator('#cp-confirm_password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => dialog.getByText("L'ancien mot de passe est incorrect.").isVisible()).toBe(true);
    await shot(page, 'change-password-error');
    await dialog.locator('#cp-old_password').fill(RESET_TO);
    await expect.poll(() => dialog.getByText("L'ancien mot de passe est incorrect.").count()).toBe(0);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => page.getByText('Identifiants modifiés').isVisible()).toBe(true);

    await logout(page);
    await login(page, EMAIL, PASSWORD);
    // Signed in again with the demo password: the role's landing screen.
    await expectPath(page, landingFor('Commercial'));
    await page.context().close();
  });

  it('looks right on a phone', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await page.goto('/');
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    await expect.poll(() => page.locator('.forgot-dialog').isVisible()).toBe(true);
    await shot(page, 'forgot-step1');
    await page.keyboard.press('Escape');
    await login(page, 'admin@demo.tn');
    await page.locator('.user-button').click();
    await page.getByRole('menuitem', { name: 'Changer le mot de passe' }).click();
    await shot(page, 'change-password');
    await page.context().close();
  });
});
