import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hrefFor } from '@app/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, login, MOBILE, newPage, pickSuggestion, shot } from './browser';

/** Gift fulfilment on the demo data: prepare, ship, exit slip, QR receipt, requests, vouchers. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const rows = (page: Page) => page.locator('.dt-resource tbody tr');
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const refOf = async (row: ReturnType<typeof rows>) => ((await row.locator('td:not(.dt-select)').first().textContent()) ?? '').trim();
const rowOf = (page: Page, ref: string) => rows(page).filter({ hasText: ref });
const statusOf = (page: Page, ref: string) => rowOf(page, ref).locator('.status-tag').textContent();
const api = async (page: Page, url: string) => {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get(`/api/${url}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).data;
};

describe('gift conversions', () => {
  it('the Magasinier prepares a waiting unit; he is offered no shipping, edit or delete', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'magasin@demo.tn');
    await page.goto(hrefFor('starter-gift-conversions'));
    await until(() => page.locator('.title-bar h1').textContent()).toBe('Cadeaux de bienvenue / Conversions cadeaux');
    // One screen, two menu entries: only the one opened is lit.
    const lit = () => page.locator('.side-menu [aria-current="page"]').allTextContents();
    await until(lit).toEqual(['Conversions cadeaux']);
    await until(() => rows(page).filter({ hasText: 'En attente' }).count()).toBeGreaterThan(0);
    const ref = await refOf(rows(page).filter({ hasText: 'En attente' }).first());
    await page.getByRole('button', { name: `Préparer ${ref}` }).click();
    await until(() => statusOf(page, ref)).toBe('Préparé');
    await until(() =>
      rowOf(page, ref)
        .getByRole('button', { name: `Préparer ${ref}` })
        .count(),
    ).toBe(0);
    expect(await page.getByRole('button', { name: /^Expédier / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Supprimer/ }).count()).toBe(0);
    await shot(page, 'conversions-magasinier');
    await page.getByRole('link', { name: 'Conversions de bienvenue' }).click();
    await until(() => page.locator('.title-bar h1').textContent()).toBe('Cadeaux de bienvenue / Conversions de bienvenue');
    await until(lit).toEqual(['Conversions de bienvenue']);
    await page.context().close();
  });

  it('an admin ships with a confirmation, prints the exit slip, and the typed QR code receives the unit once', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('gift-conversions'));
    await until(() => rows(page).filter({ hasText: 'En attente' }).count()).toBeGreaterThan(0);
    await shot(page, 'conversions-list');
    const ref = await refOf(rows(page).filter({ hasText: 'En attente' }).first());
    await page.getByRole('button', { name: `Expédier ${ref}` }).click();
    const confirm = page.locator('.p-confirm-dialog');
    await until(() => confirm.textContent()).toContain(`Voulez-vous vraiment expédier ${ref}`);
    await shot(page, 'conversions-ship-confirm');
    await confirm.getByRole('button', { name: 'Oui' }).click();
    await until(() => statusOf(page, ref)).toBe('Expédié');

    // The exit slip: downloaded, read back, and rendered to PNG to look at.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: `Télécharger le bon de sortie ${ref}` }).click();
    const download = await downloading;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'slip-'));
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    expect(download.suggestedFilename()).toMatch(/^bon_de_sortie_\d+\.pdf$/);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('BON DE SORTIE');
    expect(text).toContain(ref);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', file, path.resolve(import.meta.dirname, '../../test-results/screenshots/exit-slip-desktop')]);
    const code = /Code à saisir :\s*\n?\s*([A-Za-z0-9_-]{32})/.exec(text)?.[1];
    expect(code).toBeDefined();

    await page.getByRole('button', { name: 'Scanner' }).click();
    const scanner = page.getByRole('dialog', { name: 'Scanner un code QR' });
    await scanner.locator('#scanner-code').fill('code-inconnu');
    await scanner.getByRole('button', { name: 'Valider la réception' }).click();
    await until(() => scanner.getByText('Code QR inconnu.').isVisible()).toBe(true);
    await shot(page, 'conversions-scanner');
    await scanner.locator('#scanner-code').fill(code!);
    await scanner.getByRole('button', { name: 'Valider la réception' }).click();
    await until(() => scanner.isVisible()).toBe(false);
    await until(() => statusOf(page, ref)).toBe('Réceptionné');
    // Its scan date beside its date, both in UTC.
    await until(() => rowOf(page, ref).textContent()).toMatch(/UTC.*\d{2}\/\d{2}\/\d{4} à \d{2}:\d{2} UTC/);

    await page.getByRole('button', { name: 'Scanner' }).click();
    await scanner.locator('#scanner-code').fill(code!);
    await scanner.getByRole('button', { name: 'Valider la réception' }).click();
    await until(() => scanner.getByText('déjà été scanné', { exact: false }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('accepts a waiting request from the gift bell, on the client’s page', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    const bell = page.getByRole('button', { name: /^Demandes de cadeaux en attente : \d[\d\s\u00a0]*$/ });
    await until(() => bell.isVisible()).toBe(true);
    const waitingCount = async () => Number((await bell.getAttribute('aria-label'))!.split(': ')[1].replace(/\D/g, ''));
    // The count arrives with the bell's first call.
    await until(waitingCount).toBeGreaterThan(0);
    const before = await waitingCount();
    await bell.click();
    await page.locator('.bell-panel .bell-list button').first().click();
    await page.waitForURL(/detail-client\?id=\d+/);
    await page.getByRole('tab', { name: /^Cadeaux/ }).click();
    const waiting = page.locator('.client-gifts tr', { hasText: 'En attente' }).first();
    await until(() => waiting.isVisible()).toBe(true);
    const ref = ((await waiting.locator('td').first().textContent()) ?? '').trim();
    await shot(page, 'client-detail-gifts');
    await waiting.getByRole('button', { name: 'Accepter' }).click();
    const accepted = page.locator('.client-gifts tr', { hasText: ref });
    await until(() => accepted.locator('.status-tag').textContent()).toMatch(/Validée|Livraison complète/);
    await until(waitingCount).toBe(before - 1);
    await page.context().close();
  });
});

describe('clients’ vouchers', () => {
  it('consumes two vouchers of a client with a reason; used ones are locked', async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('vouchers'));
    await until(() => rows(page).count()).toBeGreaterThan(0);
    // A client holding two available vouchers (the demo's voucher gifts come by two).
    const available: { CODE_CLIENT: string }[] = await api(page, 'vocher-purchases/all?page=1&perPage=500&STATUS=0');
    const counts = new Map<string, number>();
    for (const v of available) counts.set(v.CODE_CLIENT, (counts.get(v.CODE_CLIENT) ?? 0) + 1);
    const code = [...counts].find(([, n]) => n >= 2)?.[0];
    expect(code).toBeDefined();

    await page.getByRole('button', { name: 'Consommer des vouchers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Consommer des vouchers' });
    await pickSuggestion(page, dialog.locator('#field-CLIENT'), code!);
    await until(() => dialog.locator('.consume-item').count()).toBeGreaterThanOrEqual(2);
    await dialog.getByRole('button', { name: 'Consommer' }).click();
    await until(() => dialog.getByText('Le motif de consommation est obligatoire.').isVisible()).toBe(true);
    const free = dialog.locator('.consume-item:not([data-used]) .p-checkbox');
    await free.nth(0).click();
    await free.nth(1).click();
    await dialog.locator('#consume-reason').fill('Remise sur la facture de novembre');
    await shot(page, 'vouchers-consume');
    await dialog.getByRole('button', { name: 'Consommer' }).click();
    await until(() => dialog.isVisible()).toBe(false);
    const mine: { STATUS: number; MANUAL_REASON: string | null }[] = await api(page, `vocher-purchases/client/${code}`);
    expect(mine.filter((v) => v.MANUAL_REASON === 'Remise sur la facture de novembre' && v.STATUS === 1)).toHaveLength(2);
    await page.context().close();
  });
});

describe('on a phone', () => {
  it('the conversions, the scanner, the vouchers and their dialog, a client’s gifts fit the screen', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('starter-gift-conversions', {}, { dem: 'start' }));
    await until(() => page.locator('.title-bar h1').textContent()).toBe('Cadeaux de bienvenue / Conversions de bienvenue');
    await until(() => rows(page).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await shot(page, 'conversions-starter');
    await page.getByRole('button', { name: 'Scanner' }).click();
    const scanner = page.getByRole('dialog', { name: 'Scanner un code QR' });
    await until(() => scanner.isVisible()).toBe(true);
    const box = await scanner.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(MOBILE.width);
    await shot(page, 'conversions-scanner');
    await scanner.getByRole('button', { name: 'Close' }).or(scanner.locator('.p-dialog-header-close')).first().click();

    // The clients' vouchers and their consumption dialog.
    await page.goto(hrefFor('vouchers'));
    await until(() => rows(page).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await page.getByRole('button', { name: 'Consommer des vouchers' }).click();
    await until(() => page.getByRole('dialog', { name: 'Consommer des vouchers' }).isVisible()).toBe(true);
    await shot(page, 'vouchers-consume');

    // A client's gifts on his page.
    const [purchase]: { CLIENT_ID: number }[] = await api(page, 'gift-purchases/all?page=1&perPage=1');
    await page.goto(hrefFor('client-detail', {}, { id: purchase.CLIENT_ID }));
    await page.getByRole('tab', { name: /^Cadeaux/ }).click();
    await until(() => page.locator('.client-gifts tbody tr').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await shot(page, 'client-detail-gifts');
    await page.context().close();
  });
});
