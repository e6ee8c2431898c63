import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { hrefFor, SYNC_DEFS, SYNC_KINDS, SYNC_MSG, SYNC_RUNS_PAGE_SIZE } from '@app/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, dataDir, launch, login, MOBILE, newPage, shot } from './browser';

/**
 * The data synchronisation centre on the demo data: the ERP's files are the sample
 * files of docs/sync-samples, dropped in the server's SYNC_DIR (DATA_DIR/sync by default).
 */
let browser: Browser;
const samples = path.resolve(import.meta.dirname, '../../../../docs/sync-samples');

beforeAll(async () => {
  const syncDir = path.join(dataDir(), 'sync');
  mkdirSync(syncDir, { recursive: true });
  cpSync(samples, syncDir, { recursive: true });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 60_000 });
const card = (page: Page, kind: string) => page.locator(`.sync-card[data-kind="${kind}"]`);
const toast = (page: Page, text: string) => page.locator('.p-toast-message', { hasText: text });

describe('data synchronisation centre', () => {
  it('runs each synchronisation from the ERP folder, with its toast and its report', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('sync-data'));
    await until(() => page.locator('.sync-card').count()).toBe(6);
    await until(() => card(page, 'products').locator('.sync-card-file').textContent()).toContain('products.csv (');
    // Runs other files left on this server (an export test brings clients in through a sync): the list
    // shows them once loaded, and the server says how many (the empty message can show before the rows).
    const runs = page.locator('.sync-page tbody tr:not(.p-datatable-emptymessage)');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const held = await fetch(`${baseUrl()}/api/sync/runs?perPage=1`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
    const runsBefore = Math.min(held.meta.total, SYNC_RUNS_PAGE_SIZE);
    await until(() => runs.count()).toBe(runsBefore);
    await shot(page, 'sync');

    // Products first: the invoices sample bills a product it adds.
    const expected: Record<string, { total: number }> = {
      products: { total: 2 },
      images: { total: 1 },
      invoices: { total: 3 },
      clients: { total: 2 },
      remises: { total: 2 },
      tarifs: { total: 2 },
    };
    for (const kind of SYNC_KINDS) {
      await card(page, kind)
        .getByRole('button', { name: `LANCER : ${SYNC_DEFS[kind].title}` })
        .click();
      await until(() => toast(page, SYNC_MSG.success(kind)).isVisible()).toBe(true);
      expect(await toast(page, SYNC_MSG.success(kind)).locator('.p-toast-summary').textContent()).toBe('Succès');
      const report = page.getByTestId(`sync-report-${kind}`);
      await until(() => report.textContent()).toContain('Réussie');
      const counts = await report.locator('dd').allTextContents();
      expect(Number(counts[0])).toBe(expected[kind].total);
      expect(Number(counts[4])).toBe(0);
    }
    await until(() => runs.count()).toBe(Math.min(runsBefore + 6, SYNC_RUNS_PAGE_SIZE));
    await shot(page, 'sync-done');

    // Again: everything is already there.
    await card(page, 'products').getByRole('button', { name: 'LANCER : Produits' }).click();
    await until(() => page.getByTestId('sync-report-products').locator('dd').allTextContents()).toEqual(['2', '0', '0', '2', '0']);
    await page.context().close();
  });

  it('checks an uploaded file with bad rows: Echec, nothing applied, the rejected lines in the report', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('sync-data'));
    const tarifs = card(page, 'tarifs');
    await until(() => tarifs.isVisible()).toBe(true);
    await tarifs.locator('input[type=file]').setInputFiles({
      name: 'tarifs-erp.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'ARTICLE;CIRCUIT;MSTRDAT;MENDDAT;REMISE;PHT\nINCONNU;Traditionnel;2025-01-01;2025-12-31;5;6\nCAF-0001;Traditionnel;2025-01-01;2024-12-31;5;6\n',
      ),
    });
    await until(() => tarifs.locator('.sync-card-file').textContent()).toContain('tarifs-erp.csv');
    await tarifs.getByRole('button', { name: 'LANCER : Tarifs' }).click();
    await until(() => toast(page, SYNC_MSG.failure('tarifs')).isVisible()).toBe(true);
    expect(await toast(page, SYNC_MSG.failure('tarifs')).locator('.p-toast-summary').textContent()).toBe('Echec');
    await until(() => page.getByTestId('sync-report-tarifs').textContent()).toContain('Rejetée');
    await tarifs.getByRole('button', { name: 'Voir les lignes refusées' }).click();
    const dialog = page.getByRole('dialog');
    await until(() => dialog.locator('tbody tr').count()).toBe(2);
    expect(await dialog.locator('tbody').textContent()).toContain(SYNC_MSG.unknownProduct);
    expect(await dialog.textContent()).toContain('tarifs-erp.csv');
    await shot(page, 'sync-report');
    await page.keyboard.press('Escape');

    // Vérifier on the ERP folder's file: the same report, nothing applied.
    await tarifs.getByRole('button', { name: 'Dossier ERP' }).click();
    await tarifs.getByRole('button', { name: 'Vérifier : Tarifs' }).click();
    await until(() => toast(page, SYNC_MSG.checked('tarifs')).isVisible()).toBe(true);
    await until(() => page.getByTestId('sync-report-tarifs').textContent()).toContain('Vérifiée');
    await page.context().close();
  });

  it('fits a phone', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('sync-data'));
    await until(() => page.locator('.sync-page tbody tr').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await shot(page, 'sync');
    await page.getByTestId('sync-report-tarifs').scrollIntoViewIfNeeded();
    await shot(page, 'sync-cards');
    await page.context().close();
  });
});
