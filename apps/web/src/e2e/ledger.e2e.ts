import { readFileSync } from 'node:fs';
import { formatInteger, hrefFor } from '@app/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, login, MOBILE, newPage, shot } from './browser';

/**
 * « Contrôle du registre » and « Passif du programme », on the demo data: the invariants,
 * the liability and its export, « valeur du point » on Paramètres › Programme, the dashboard card.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const plain = (s: string | null) => (s ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();
const fr = (n: number) => plain(formatInteger(n));

/** An API GET with the page's session. */
function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const token = localStorage.getItem('token');
    const r = await fetch(`/api/${p}`, { headers: { authorization: `Bearer ${token}` } });
    return (await r.json()).data;
  }, path);
}

describe('Paramètres › Contrôle du registre', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`shows every invariant OK on the demo ledger and the programme's liability (${viewport.width}px)`, async () => {
      const page = await newPage(browser, { viewport });
      await login(page, 'admin@demo.tn');
      await page.goto(hrefFor('ledger'));
      await until(() => page.getByTestId('ledger-verdict').textContent()).toContain('Registre cohérent : tous les invariants sont respectés.');
      const invariants = page.getByRole('region', { name: 'Invariants du registre' });
      for (const label of [
        'Solde = somme des mouvements du registre',
        'Reste de chaque lot = montant − consommations',
        'Solde = somme des lots ouverts',
        'POINTS_FID_N = crédits de l’année (Tunis)',
        'Aucun mouvement sans client',
        'Aucun lot expiré encore ouvert',
      ]) {
        await until(() => invariants.getByRole('row').filter({ hasText: label }).filter({ hasText: 'OK' }).count()).toBe(1);
      }
      const liability = await apiGet<{ POINT_VALUE: number; TOTAL: { POINTS: number; CLIENTS: number; MILLIMES: number } }>(page, 'ledger/liability');
      const total = page.getByTestId('liability-total');
      await until(async () => plain(await total.textContent())).toContain(`Points en cours${fr(liability.TOTAL.POINTS)}`);
      await until(async () => plain(await total.textContent())).toContain(`Clients concernés${fr(liability.TOTAL.CLIENTS)}`);
      await shot(page, 'ledger');
      // By zone chief first; by expiry month, the never-expiring points last.
      const byChef = page.getByRole('region', { name: 'Par chef de zone' });
      await until(() => byChef.getByRole('row').count()).toBeGreaterThan(1);
      await page.getByRole('button', { name: 'Par mois d’expiration' }).click();
      const byMonth = page.getByRole('region', { name: 'Par mois d’expiration' });
      await until(() => byMonth.getByRole('row').last().textContent()).toContain('Sans expiration');
      await byMonth.scrollIntoViewIfNeeded();
      await shot(page, 'ledger-liability-months');
      await page.context().close();
    });
  }

  it('exports the liability as CSV: every group, then the total', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('ledger'));
    await until(() => page.getByTestId('liability-total').count()).toBe(1);
    const liability = await apiGet<{ TOTAL: { POINTS: number } }>(page, 'ledger/liability');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('passif_programme.csv');
    const lines = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter(Boolean);
    expect(lines[0]).toContain('Regroupement');
    expect(lines.at(-1)).toContain(`Total;Tous les clients;`);
    expect(lines.at(-1)).toContain(`;${liability.TOTAL.POINTS};`);
    await page.context().close();
  });

  it('is not in a zone chief’s menu and sends him away', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'chef@demo.tn');
    await until(() => page.locator('nav').first().isVisible()).toBe(true);
    expect(await page.getByText('Contrôle du registre').count()).toBe(0);
    await page.goto(hrefFor('ledger'));
    await until(() => new URL(page.url()).pathname).not.toBe(hrefFor('ledger'));
    await page.context().close();
  });
});

describe('« valeur du point » and the dashboard card', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`sets the value on Paramètres › Programme, read by the liability and the card (${viewport.width}px)`, async () => {
      const page = await newPage(browser, { viewport });
      await login(page, 'admin@demo.tn');
      await page.goto(hrefFor('programme'));
      const field = page.getByLabel('Valeur du point (millimes, 0 à 1\u00a0000\u00a0000) *');
      // The demo's value: 10 millimes.
      await until(() => field.inputValue()).toBe('10');
      await field.fill('2,5');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await until(() => page.getByRole('alert').filter({ hasText: 'Valeur du point : un nombre entier de millimes' }).count()).toBe(1);
      await field.fill('25');
      await until(async () => plain(await page.locator('#programme-point-value-help').textContent())).toBe(
        '1 point vaut 0,025 DT ; 1 000 points valent 25,000 DT.',
      );
      await field.scrollIntoViewIfNeeded();
      await shot(page, 'settings-programme-point-value');
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/settings/programme') && r.request().method() === 'PUT');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      expect((await saved).status()).toBe(200);

      const card = await apiGet<{ points: number; millimes: number; point_value: number }>(page, 'dashboard/points-liability');
      expect(card.point_value).toBe(25);
      expect(card.millimes).toBe(card.points * 25);
      await page.goto(hrefFor('dashboard'));
      const tile = page.getByTestId('dash-points-liability');
      const dt = `${fr(Math.trunc(card.millimes / 1000))},${String(card.millimes % 1000).padStart(3, '0')} DT`;
      await until(async () => plain(await tile.textContent())).toContain(`Passif du programme${fr(card.points)} points${dt}`);
      await tile.scrollIntoViewIfNeeded();
      await shot(page, 'dashboard-points-liability');
      await tile.click();
      await until(() => new URL(page.url()).pathname).toBe(hrefFor('ledger'));
      await until(async () => plain(await page.getByTestId('liability-total').textContent())).toContain(`Équivalent${dt}`);

      // Back to the demo's value for the other tests.
      await page.goto(hrefFor('programme'));
      await until(() => field.inputValue()).toBe('25');
      await field.fill('10');
      const reset = page.waitForResponse((r) => r.url().endsWith('/api/settings/programme') && r.request().method() === 'PUT');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      expect((await reset).status()).toBe(200);
      await page.context().close();
    });
  }
});
