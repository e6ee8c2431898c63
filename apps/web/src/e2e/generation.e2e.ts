import { readFileSync } from 'node:fs';
import { formatInteger, formatMoney, hrefFor, type RebateSimulation, RISTOURNE_MSG } from '@app/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, login, MOBILE, newPage, shot } from './browser';

/** « Générer les vouchers » on the demo data: past years are generated, this one is not. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });
const year = new Date().getFullYear();

async function bearer(page: Page) {
  return { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` };
}
const simulation = async (page: Page, y: number): Promise<RebateSimulation> =>
  (await (await page.request.get(`/api/ristournes/simulation/${y}`, { headers: await bearer(page) })).json()).data;

describe('rebate voucher generation', () => {
  it('« SIMULER » shows what LANCER would issue: per tier, the difference with last year, client by client; nothing is written', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('generer-vouchers'));
    await until(() => page.locator('#generation-year').inputValue()).toBe(String(year));
    await until(() => page.locator('.generation > .p-datatable tbody tr').count()).toBe(year - 2021);

    await page.getByRole('button', { name: 'SIMULER' }).click();
    await until(() => new URL(page.url()).searchParams.get('simuler')).toBe(String(year));
    const expected = await simulation(page, year);
    expect(expected.ALREADY).toBe(false);
    expect(expected.VOUCHERS).toBeGreaterThan(0);
    await until(() => page.getByTestId('sim-vouchers').locator('strong').textContent()).toBe(String(expected.VOUCHERS));
    expect(await page.getByTestId('sim-total').locator('strong').textContent()).toBe(formatMoney(expected.TOTAL));
    expect(await page.getByTestId('sim-turnover').locator('strong').textContent()).toBe(formatMoney(expected.TURNOVER));
    expect(await page.getByTestId('sim-diff').textContent()).toContain(`Écart avec ${year - 1}`);
    const tiers = page.getByRole('region', { name: 'Simulation par palier' }).locator('tbody tr');
    await until(() => tiers.count()).toBe(expected.tiers.length);
    // The vouchers, client by client, paged by the server: as many as the cards say, highest amount first.
    await until(() => page.locator('.simulation .dt-total').textContent()).toBe(
      `${formatInteger(expected.VOUCHERS)} élément${expected.VOUCHERS > 1 ? 's' : ''}`,
    );
    const rows = page.locator('.simulation .dt-resource tbody tr');
    expect(await rows.count()).toBe(Math.min(50, expected.VOUCHERS));
    await shot(page, 'generation-simulation');
    await page.locator('.simulation-subtitle', { hasText: 'Vouchers simulés' }).evaluate((h) => h.scrollIntoView({ block: 'start' }));
    await shot(page, 'generation-simulation-list');

    // Searched by the server: the first row's client code finds that client.
    const code = (await rows.first().locator('td').first().textContent())!.trim();
    await page.locator('.simulation').getByRole('searchbox', { name: 'Rechercher' }).fill(code);
    await until(() => page.locator('.simulation .dt-total').textContent()).toMatch(/^\d+ élément/);
    await until(async () => (await rows.allTextContents()).every((t) => t.includes(code))).toBe(true);

    // The export reads the same list: its file has the searched client.
    const downloading = page.waitForEvent('download');
    await page.locator('.simulation').getByRole('button', { name: 'Exporter en CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`simulation_ristournes_${year}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    expect(csv.split(/\r\n/)[0]).toBe("Code client;Client;Activité;Chiffre d'affaires;Palier;Pourcentage;Montant");
    expect(csv).toContain(`${code};`);

    // Nothing was written: the year is still to generate, the generated years the same.
    expect((await simulation(page, year)).ALREADY).toBe(false);
    expect(await page.locator('.generation > .p-datatable tbody tr').count()).toBe(year - 2021);
    await page.context().close();
  });

  it('refuses an invalid year inline, generates this year with its progress, then says it is done', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('generer-vouchers'));
    const input = page.locator('#generation-year');
    await until(() => input.inputValue()).toBe(String(year));
    await until(() => page.locator('.generation tbody tr').count()).toBe(year - 2021);

    await input.fill('1999');
    await page.getByRole('button', { name: 'LANCER' }).click();
    await until(() => page.getByText(RISTOURNE_MSG.generationYear).isVisible()).toBe(true);
    await shot(page, 'generation-invalid-year');

    await input.fill(String(year));
    await page.getByRole('button', { name: 'LANCER' }).click();
    await until(() => page.locator('.p-toast-message', { hasText: RISTOURNE_MSG.generated }).isVisible()).toBe(true);
    await until(() => page.locator('.generation-progress').textContent()).toContain('voucher(s)');
    await until(() => page.locator('.generation tbody tr').first().textContent()).toContain(String(year));
    await shot(page, 'generation-done');

    await page.getByRole('button', { name: 'LANCER' }).click();
    await until(() => page.locator('.p-toast-message', { hasText: RISTOURNE_MSG.alreadyGenerated(year) }).isVisible()).toBe(true);

    await page.context().close();
  });

  it('fits a phone', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('generer-vouchers'));
    await until(() => page.locator('.generation tbody tr').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await shot(page, 'generation');
    // The simulation of last year (generated: it says so) fits too; its tables scroll sideways.
    await page.locator('#generation-year').fill(String(year - 1));
    await page.getByRole('button', { name: 'SIMULER' }).click();
    await until(() => page.getByTestId('sim-vouchers').isVisible()).toBe(true);
    await until(() => page.getByText(`Les vouchers de ${year - 1} ont déjà été générés`).isVisible()).toBe(true);
    await until(() => page.locator('.simulation .dt-resource tbody tr').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await shot(page, 'generation-simulation');
    await page.context().close();
  });
});
