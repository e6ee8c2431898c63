import type { Browser, Page } from 'playwright-core';
import { auditActionLabel, hrefFor, SECURITY_AUDIT_ACTIONS } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectPath, launch, login, MOBILE, newPage, shot, signInWithForm } from './browser';

/** Connection logs and the audit trail on the real server and its demo data. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const rows = (page: Page) => page.locator('.dt-resource tbody tr');
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const total = async (page: Page) => Number(((await page.locator('.dt-total').textContent()) ?? '').replace(/\D/g, '') || -1);

/** Picks an option of one of the list's filter dropdowns (by its class). */
async function choose(page: Page, dropdown: string, option: string) {
  await page.locator(`.${dropdown}`).click();
  await page.locator('.p-dropdown-panel li[role="option"]', { hasText: option }).first().click();
  await until(() => page.locator(`.${dropdown} .p-dropdown-label`).textContent()).toBe(option);
}

describe('connection logs', () => {
  it('filters by source and year, newest first, and opens the client and the user read-only', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await signInWithForm(page, 'admin@demo.tn');
    await page.goto(hrefFor('logs'));
    await until(() => rows(page).count()).toBe(50);
    const all = await total(page);
    expect(all).toBeGreaterThan(1000);
    // The sign-in just made heads the list.
    await until(() => rows(page).first().textContent()).toContain('Back-Office');
    await expect(rows(page).first().textContent()).resolves.toContain('Amira Ben Salah');

    await choose(page, 'logs-platform', 'Application Mobile');
    await until(() => page.url()).toContain('platform=Application+Mobile');
    await until(() => total(page)).toBeLessThan(all);
    const mobile = await total(page);
    expect(await rows(page).locator('td:first-child').allTextContents()).toEqual(Array(50).fill('Application Mobile'));

    const lastYear = String(new Date().getFullYear() - 1);
    await choose(page, 'logs-year', lastYear);
    await until(() => total(page)).toBeLessThan(mobile);
    const dates = await rows(page).locator('td:last-child').allTextContents();
    expect(dates.every((d) => d.includes(`/${lastYear} à `))).toBe(true);
    // Newest first: 31/12 … then earlier days.
    const days = dates.map((d) => d.slice(3, 5) + d.slice(0, 2));
    expect([...days].sort().reverse()).toEqual(days);
    await shot(page, 'logs-mobile-year');

    // The client opens read-only, then the user.
    const first = rows(page).first();
    const clientName = (await first.locator('td').nth(2).textContent())!.trim();
    await first.locator('td').nth(2).getByRole('button').click();
    const clientDialog = page.getByRole('dialog');
    await until(() => clientDialog.textContent()).toContain(clientName);
    await expect(clientDialog.locator('input, textarea').count()).resolves.toBe(0);
    await shot(page, 'logs-client-dialog');
    await page.keyboard.press('Escape');
    await until(() => page.getByRole('dialog').count()).toBe(0);
    const userName = (await first.locator('td').nth(3).textContent())!.trim();
    await first.locator('td').nth(3).getByRole('button').click();
    const userDialog = page.getByRole('dialog');
    await until(() => userDialog.textContent()).toContain(userName);
    await expect(userDialog.textContent()).resolves.toContain('Patente');
    await shot(page, 'logs-user-dialog');
    await page.keyboard.press('Escape');

    // The filters live in the URL: a reload keeps them.
    await page.reload();
    await until(() => total(page)).toBeLessThan(mobile);
    await until(() => page.locator('.logs-year .p-dropdown-label').textContent()).toBe(lastYear);
    await page.context().close();
  });

  it('fits a phone; zone chiefs are sent away', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('logs'));
    await until(() => rows(page).count()).toBe(50);
    await shot(page, 'logs');
    // The audit trail's entity select, chosen from the URL, on a phone: this sign-in is an entry on the accounts.
    await page.goto(hrefFor('audit', {}, { ENTITY: 'users' }));
    await until(() => page.locator('.audit-entity-filter .p-dropdown-label').textContent()).toBe('Utilisateurs back-office');
    await until(() => rows(page).first().textContent()).toContain('Utilisateurs back-office');
    await shot(page, 'audit');
    await page.context().close();

    const chef = await newPage(browser, { viewport: DESKTOP });
    await login(chef, 'chef@demo.tn');
    await chef.goto(hrefFor('logs'));
    await expectPath(chef, hrefFor('clients'));
    await chef.goto(hrefFor('audit'));
    await expectPath(chef, hrefFor('clients'));
    await chef.context().close();
  });
});

describe('audit trail', () => {
  it('shows a write just made with its fields before and after, filtered by entity, action and user', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    // A write through the API, as the screens make them (other tests write circuits too: this one is told by its id).
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const stamp = Date.now();
    const res = await page.request.post('/api/clients_circuits', {
      data: { NAME: `Circuit audité ${stamp}`, DESCRIPTION: 'Avant' },
      headers: { authorization: `Bearer ${token}` },
    });
    const id = String((await res.json()).data.id as number);
    await page.request.put(`/api/clients_circuits/${id}`, { data: { DESCRIPTION: 'Après' }, headers: { authorization: `Bearer ${token}` } });
    const mine = () => rows(page).filter({ has: page.locator('td:nth-child(5)', { hasText: new RegExp(`^${id}$`) }) });

    await page.goto(hrefFor('audit'));
    await until(() => rows(page).count()).toBeGreaterThan(0);
    // The entity is chosen by its French label, not typed as a table name.
    await choose(page, 'audit-entity-filter', 'Circuits clients');
    await until(() => page.url()).toContain('ENTITY=clients_circuits');
    await choose(page, 'audit-action-filter', 'Modification');
    await until(() => mine().count()).toBe(1);
    const row = mine().first();
    await expect(row.textContent()).resolves.toContain('admin@demo.tn');
    await expect(row.locator('.audit-changes').textContent()).resolves.toBe('DESCRIPTION : Avant → Après');
    expect(await rows(page).allTextContents()).toSatisfy((all: string[]) => all.every((r) => r.includes('Modification') && r.includes('Circuits clients')));
    await shot(page, 'audit-filtered');

    // The search finds an entry by a value it wrote: the circuit's name finds its creation.
    await choose(page, 'audit-action-filter', 'Toutes les actions');
    await until(() => mine().count()).toBe(2);
    const search = page.getByRole('searchbox', { name: 'Rechercher' });
    await search.fill(String(stamp));
    await until(() => mine().count()).toBe(1);
    await expect(mine().first().textContent()).resolves.toContain('Création');
    await expect(mine().first().locator('.audit-changes').textContent()).resolves.toContain(`NAME : — → Circuit audité ${stamp}`);
    await shot(page, 'audit-search');
    await search.fill('');

    // A click on the e-mail keeps that user's entries only.
    await choose(page, 'audit-action-filter', 'Toutes les actions');
    await until(() => mine().count()).toBe(2);
    await row.getByRole('button', { name: 'admin@demo.tn' }).click();
    await until(() => page.url()).toMatch(/USER_ID=\d+/);
    await until(() => page.getByRole('button', { name: 'Retirer le filtre utilisateur' }).textContent()).toContain('admin@demo.tn');
    await until(() => mine().count()).toBe(2);

    // A date range, typed as DD/MM/YYYY: today keeps both entries, a day in 2021 none.
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Tunis' });
    const [y, m, d] = today.split('-');
    await page.locator('#audit-from').fill(`${d}/${m}/${y}`);
    await page.keyboard.press('Escape');
    await until(() => page.url()).toContain(`DATE_DEBUT=${today}`);
    await until(() => mine().count()).toBe(2);
    await page.locator('#audit-to').fill('04/01/2021');
    await page.keyboard.press('Escape');
    await until(() => page.url()).toContain('DATE_FIN=2021-01-04');
    await until(() => page.locator('.dt-total').textContent()).toMatch(/^0 élément/);
    await shot(page, 'audit-dates');
    await page.context().close();
  });

  it('« Sécurité » keeps the security events only: sign-ins with their IP, invitation and badge mails', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('audit'));
    await until(() => rows(page).count()).toBeGreaterThan(0);
    await choose(page, 'audit-action-filter', 'Sécurité (tous les événements)');
    await until(() => page.url()).toContain('ACTION=security');
    const labels = new Set(SECURITY_AUDIT_ACTIONS.map(auditActionLabel));
    await until(async () => (await page.locator('.dt-resource tbody td .audit-action').allTextContents()).every((l) => labels.has(l))).toBe(true);
    // This sign-in is there, with the address it came from.
    const signIn = rows(page)
      .filter({ hasText: 'admin@demo.tn' })
      .filter({ has: page.locator('.audit-action', { hasText: /^Connexion$/ }) })
      .first();
    await until(() => signIn.locator('.audit-changes').textContent()).toMatch(/ip : \S+/);
    await shot(page, 'audit-security');
    await page.context().close();
  });
});
