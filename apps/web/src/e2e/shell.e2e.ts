import { hrefFor, MSG } from '@app/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectPath, launch, login, MOBILE, newPage, PASSWORD, shot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('shell', () => {
  it('desktop: title bar, mini menu, user dropdown, profile save', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('circuit-client'));
    await expect.poll(() => page.locator('.title-bar h1').textContent()).toBe('Paramètres / Circuits');
    await shot(page, 'circuits');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect.poll(() => page.locator('.app-shell').getAttribute('class')).toContain('menu-mini');
    await shot(page, 'menu-mini');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();

    await page.locator('.user-button').click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Déconnexion' }).isVisible()).toBe(true);
    await shot(page, 'user-menu');
    await page.getByRole('menuitem', { name: 'Mon profil' }).click();
    await expectPath(page, hrefFor('profile'));
    await expect.poll(() => page.locator('#profile-FIRSTNAME').inputValue()).not.toBe('');

    // A new e-mail asks for the current password, before anything is sent.
    const email = await page.locator('#profile-EMAIL').inputValue();
    await expect.poll(() => page.locator('#profile-CURRENT_PASSWORD').count()).toBe(0);
    await page.locator('#profile-EMAIL').fill('chef@demo.tn');
    await expect.poll(() => page.getByLabel('Mot de passe actuel').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => page.getByText(MSG.currentPasswordRequired).isVisible()).toBe(true);
    await shot(page, 'profile-current-password');
    // Duplicate email: warning 'Email Existe' and a field error.
    await page.getByLabel('Mot de passe actuel').fill(PASSWORD);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => page.locator('.p-toast-summary', { hasText: 'Email Existe' }).isVisible()).toBe(true);
    await shot(page, 'profile-email-exists');
    await page.locator('#profile-EMAIL').fill(email);
    // Back to the saved address: the password field goes away.
    await expect.poll(() => page.locator('#profile-CURRENT_PASSWORD').count()).toBe(0);
    await page.locator('#profile-GSM').fill('+21698000111');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => page.getByText('Profil mis à jour').isVisible()).toBe(true);
    await page.context().close();
  });

  it('mobile: the menu is hidden by default and opens with the burger', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    const menu = page.locator('.side-menu');
    await expect.poll(async () => (await menu.boundingBox())?.x ?? 0).toBeLessThan(-200);
    // Closed, the drawer is out of reach: inert (out of the accessibility tree), and none of its links takes the focus.
    await expect.poll(() => menu.evaluate((nav) => (nav as HTMLElement).inert)).toBe(true);
    const walked = await tabWalk(page, 40);
    expect(walked.inMenu).toEqual([]);
    expect(walked.reached).toBeGreaterThan(3);
    await shot(page, 'landing-menu-closed');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect.poll(async () => (await menu.boundingBox())?.x).toBe(0);
    await shot(page, 'menu-open');
    await page.getByRole('link', { name: 'Circuits' }).click();
    await expectPath(page, hrefFor('circuit-client'));
    await expect.poll(async () => (await menu.boundingBox())?.x ?? 0).toBeLessThan(-200);
    await page.locator('.user-button').click();
    await shot(page, 'user-menu');
    await page.context().close();
  });
});

/** Presses Tab `presses` times from the top of the page: what took the focus inside the side menu, and how many elements did. */
async function tabWalk(page: Page, presses: number): Promise<{ inMenu: string[]; reached: number }> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const inMenu: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      return { menu: !!el.closest('.side-menu'), name: `${el.tagName} ${el.textContent?.trim().slice(0, 40) ?? ''} ${el.getAttribute('aria-label') ?? ''}` };
    });
    if (!at) continue;
    seen.add(at.name);
    if (at.menu) inMenu.push(at.name);
  }
  return { inMenu, reached: seen.size };
}

describe('public', () => {
  it('cookie banner: Accepter hides it and sets myShinyCookie', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await newPage(browser, { viewport, consent: false });
      await page.goto('/');
      const banner = page.locator('.cookie-banner');
      await expect.poll(() => banner.isVisible()).toBe(true);
      await shot(page, 'cookie-banner');
      await banner.getByRole('button', { name: 'En savoir plus sur vos données personnelles' }).click();
      const rgpd = page.getByRole('dialog', { name: 'Protection des données personnelles' });
      await expect.poll(() => rgpd.isVisible()).toBe(true);
      await shot(page, 'rgpd');
      await rgpd.locator('.p-dialog-footer').getByRole('button', { name: 'Fermer' }).click();
      await expect.poll(() => rgpd.isVisible()).toBe(false);
      await banner.getByRole('button', { name: 'Accepter' }).click();
      await expect.poll(() => banner.count()).toBe(0);
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === 'myShinyCookie')?.value).toBe('true');
      await page.reload();
      await page.waitForTimeout(300);
      expect(await banner.count()).toBe(0);
      await page.context().close();
    }
  });

  it('cookie banner: Refuser sets the cookie to false', async () => {
    const page = await newPage(browser, { consent: false });
    await page.goto('/cgu_cgv');
    await page.locator('.cookie-banner').getByRole('button', { name: 'Refuser' }).click();
    await expect.poll(() => page.locator('.cookie-banner').count()).toBe(0);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'myShinyCookie')?.value).toBe('false');
    await page.context().close();
  });

  it('/cgu_cgv shows the twelve articles', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await newPage(browser, { viewport });
      await page.goto('/cgu_cgv');
      await expect.poll(() => page.locator('.terms-section').count()).toBe(12);
      expect(await page.getByText('Dernière mise à jour : 25/06/2025').isVisible()).toBe(true);
      expect(await page.locator('.terms-section h2').first().textContent()).toContain('Premier article');
      expect(await page.locator('.terms-section h2').last().textContent()).toContain('Douzième article');
      await shot(page, 'cgu');
      await page.context().close();
    }
  });
});
