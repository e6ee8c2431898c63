import { formatInteger, hrefFor, RETURN_MSG } from '@app/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, login, MOBILE, newPage, pickSuggestion, shot } from './browser';

/** Returned goods on the real server with the demo clients and catalogue. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const rows = (page: Page) => page.locator('.dt-resource tbody tr');
const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const year = new Date().getFullYear();

async function pickProduct(page: Page, ref: string, qte: string, uv: string) {
  await page.getByRole('button', { name: 'Ajouter un produit' }).click();
  const line = page.getByRole('dialog', { name: 'Ajouter un produit' });
  await until(() => line.isVisible()).toBe(true);
  await pickSuggestion(page, line.locator('#field-PRODUCT_ID'), ref);
  await line.locator('#field-QTE').fill(qte);
  await line.locator('#field-UV').fill(uv);
  await line.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await until(() => line.isVisible()).toBe(false);
}

describe('returned goods', () => {
  it('records a return with two products through the two dialogs; it is numbered and shows in the list and its detail', { timeout: 180_000 }, async () => {
    const page = await newPage(browser, { viewport: DESKTOP });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('returns'));
    await until(() => rows(page).count()).toBeGreaterThan(0);
    await until(() => page.locator('.title-bar h1').textContent()).toBe('Commandes / Retours');
    await shot(page, 'returns-list');

    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    const add = page.getByRole('dialog', { name: 'Ajouter un retour' });
    await until(() => add.isVisible()).toBe(true);
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await until(() => add.getByText(RETURN_MSG.itemsRequired).isVisible()).toBe(true);

    await add.locator('#field-CLIENT_ID').pressSequentially('C0000', { delay: 30 });
    await page.locator('.p-autocomplete-panel li').first().click();
    await add.locator('#field-ADDRESS').fill('Dépôt de Ben Arous, zone industrielle');
    await pickProduct(page, 'BIS-0001', '4', 'Carton');
    await pickProduct(page, 'BOI-0002', '2', 'Pack');
    await until(() => add.locator('.ret-lines li').count()).toBe(2);

    // A product already in the return is refused by the second dialog.
    await page.getByRole('button', { name: 'Ajouter un produit' }).click();
    const again = page.getByRole('dialog', { name: 'Ajouter un produit' });
    await again.locator('#field-PRODUCT_ID').pressSequentially('BIS-0001', { delay: 30 });
    await page.locator('.p-autocomplete-panel li', { hasText: 'BIS-0001' }).first().click();
    await again.locator('#field-QTE').fill('1');
    await again.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await until(() => again.getByText(RETURN_MSG.productTwice).isVisible()).toBe(true);
    await again.getByRole('button', { name: 'Annuler' }).click();
    await shot(page, 'returns-dialog');

    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/retourMarchandises' && r.request().method() === 'POST');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    const ret = (await res.json()).data;
    expect(ret.NUM_RETOUR).toMatch(new RegExp(`^RET-${year}-\\d{5}$`));
    expect(ret.ITEMS.map((i: { PRODUCT_REF: string; QTE: number; UV: string }) => [i.PRODUCT_REF, i.QTE, i.UV])).toEqual([
      ['BIS-0001', 4, 'Carton'],
      ['BOI-0002', 2, 'Pack'],
    ]);
    await until(() => add.isVisible()).toBe(false);

    const mine = rows(page).filter({ hasText: ret.NUM_RETOUR });
    await until(() => mine.count()).toBe(1);
    await mine.getByRole('button', { name: 'Voir', exact: true }).click();
    const detail = page.getByRole('dialog', { name: `Retour ${ret.NUM_RETOUR}` });
    await until(() => detail.locator('.ret-items tbody tr').count()).toBe(2);
    await until(() => detail.locator('.ret-items tbody').textContent()).toContain('Carton');
    // The points these goods earned were taken back through the ledger.
    expect(ret.POINTS_OWED).toBeGreaterThan(0);
    await until(() => detail.textContent()).toContain(`Points repris${formatInteger(ret.POINTS_DEBITED)} pts`);
    // Each line says at what points its units were taken back: an order's credited points, or today's.
    type Line = { POINTS: number; RATES: { QTE: number; POINTS: number; CREDITED: boolean; NUM_ORDER: string | null }[] };
    const first = ret.ITEMS[0] as Line;
    expect(first.RATES.length).toBeGreaterThan(0);
    const rate = first.RATES[0];
    await until(() => detail.locator('.ret-items tbody tr').first().textContent()).toContain(
      `${formatInteger(first.POINTS)} pts${rate.QTE} × ${formatInteger(rate.POINTS)} pts (${rate.CREDITED ? rate.NUM_ORDER : 'jamais crédités : points du jour'})`,
    );
    await shot(page, 'returns-detail');
    await page.context().close();
  });

  it('on a phone, the list stays usable', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    await page.goto(hrefFor('returns'));
    await until(() => rows(page).count()).toBeGreaterThan(0);
    await shot(page, 'returns-list');
    await rows(page).first().getByRole('button', { name: 'Voir', exact: true }).click();
    await until(() => page.getByRole('dialog').textContent()).toContain('Points repris');
    await shot(page, 'returns-detail');
    await page.context().close();
  });
});
