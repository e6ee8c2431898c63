import { formatPoints, hrefFor } from '@app/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, login, MOBILE, newPage, shot } from './browser';

/** Points expiry: Paramètres › Programme, and the client detail's expiring points, on the demo data. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const toast = (page: Page, text: string) => page.locator('.p-toast-message', { hasText: text });

/** The client with the most points expiring within 30 days, through the API with the page's session. */
async function mostExpiring(page: Page): Promise<{ CLIENT_ID: number; POINTS_EXPIRANT: number }> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('token');
    const r = await fetch('/api/clients/points?sort=POINTS_EXPIRANT&order=desc&page=1&perPage=1', { headers: { authorization: `Bearer ${token}` } });
    return (await r.json()).data[0];
  });
}

describe('Paramètres › Programme', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`changes the expiry rule, refuses a wrong number of months, and keeps it (${viewport.width}px)`, async () => {
      const page = await newPage(browser, { viewport });
      await login(page, 'admin@demo.tn');
      await page.goto(hrefFor('programme'));
      // The demo's rule: 12 months after the credit.
      await until(() => page.getByLabel('Nombre de mois (1 à 120) *').inputValue()).toBe('12');
      await shot(page, 'settings-programme');
      await page.getByLabel('Nombre de mois (1 à 120) *').fill('0');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await until(() => page.getByRole('alert').filter({ hasText: 'Nombre de mois entre 1 et 120.' }).count()).toBe(1);
      await page.getByLabel('Nombre de mois (1 à 120) *').fill('18');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await until(() => toast(page, 'La règle d’expiration est enregistrée.').count()).toBe(1);
      await page.reload();
      await until(() => page.getByLabel('Nombre de mois (1 à 120) *').inputValue()).toBe('18');
      // Back to the demo's rule for the other tests.
      await page.getByLabel('Nombre de mois (1 à 120) *').fill('12');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await until(() => toast(page, 'La règle d’expiration est enregistrée.').count()).toBeGreaterThanOrEqual(1);
      await page.context().close();
    });
  }
});

describe('client detail', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    it(`shows « Points expirant sous 30 jours » and the last day to spend them (${viewport.width}px)`, async () => {
      const page = await newPage(browser, { viewport });
      await login(page, 'admin@demo.tn');
      const top = await mostExpiring(page);
      expect(top.POINTS_EXPIRANT).toBeGreaterThan(0);
      await page.goto(hrefFor('client-detail', {}, { id: top.CLIENT_ID }));
      const figure = page.getByTestId('points-expiring');
      await until(() => figure.textContent()).toBe(`${top.POINTS_EXPIRANT} points`);
      await until(() => page.getByText(/à dépenser au plus tard le \d{2}\/\d{2}\/\d{4}/).count()).toBe(1);
      await figure.scrollIntoViewIfNeeded();
      await shot(page, 'client-detail-expiring');

      // « Échéances des points »: the open lots, the next to expire first, as the API lists them.
      const lots = await page.evaluate(async (id) => {
        const token = localStorage.getItem('token');
        const r = await fetch(`/api/clients/${id}/lots?page=1&perPage=20`, { headers: { authorization: `Bearer ${token}` } });
        return (await r.json()) as { data: { LAST_DAY: string | null; REMAINING: number; ORIGIN: string }[]; meta: { points: number } };
      }, top.CLIENT_ID);
      const balance = await page.getByTestId('points-balance').textContent();
      expect(formatPoints(lots.meta.points)).toBe(balance?.replace(/ points$/, ''));
      const table = page.getByRole('region', { name: 'Échéances des points' });
      const first = lots.data[0];
      const [y, m, d] = (first.LAST_DAY ?? '').split('-');
      await until(() => table.locator('tbody tr').first().textContent()).toContain(`${d}/${m}/${y}${formatPoints(first.REMAINING)}`);
      await table.scrollIntoViewIfNeeded();
      await shot(page, 'client-detail-lots');
      // Exported like a list: the file is the client's.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Exporter les échéances en CSV' }).click();
      expect((await download).suggestedFilename()).toMatch(/^lots_points_.+\.csv$/);
      await page.context().close();
    });
  }
});

describe('dashboard', () => {
  it('has the card « Points expirant sous 30 jours », leading to the points list', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('dashboard'));
    const card = page.getByTestId('dash-points-expiring');
    await until(() => card.textContent()).toMatch(/Points expirant sous 30 jours[\d\s\u202f\u00a0]+15 client\(s\)/);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'dashboard-points-expiring');
    await card.click();
    await until(() => new URL(page.url()).pathname).toBe(hrefFor('points'));
    await page.context().close();
  });
});
