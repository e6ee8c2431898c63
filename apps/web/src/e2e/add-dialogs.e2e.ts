import { FLUX_MSG, hrefFor, MSG } from '@app/domain';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launch, login, MOBILE, newPage, shot } from './browser';

/**
 * Add dialogs: on open the first field has the focus and keeps it, nothing says
 * "Ce champ est obligatoire." before anything is typed, not even once focus leaves that field; an
 * empty save shows the errors, and an error then clears as one types.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const until = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
/** The `data-field` of the field holding the focus, or what has it when no field does. */
const focusedField = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.closest('[data-field]')?.getAttribute('data-field') ?? `${el?.tagName}.${el?.className}`;
  });
const errors = (dialog: Locator) => dialog.locator('.fld-error');

interface AddDialog {
  name: string;
  path: string;
  title: string;
  first: string;
  /** The button that saves (default Enregistrer). */
  save?: string;
  /** What the empty first field says on save (default MSG.required). */
  required?: string;
}

const DIALOGS: AddDialog[] = [
  { name: 'gifts', path: hrefFor('gifts'), title: 'Ajouter un cadeau', first: 'REF' },
  { name: 'coupons', path: hrefFor('coupons'), title: 'Ajouter un coupon', first: 'CODE' },
  { name: 'paliers', path: hrefFor('paliers'), title: 'Ajouter un palier', first: 'NUM_RISTOURNE' },
  { name: 'circuits', path: hrefFor('circuit-client'), title: 'Ajouter un circuit', first: 'NAME' },
  // A first field no screen marks autoFocus (a product picker): the dialog focuses it itself.
  { name: 'tarifs', path: hrefFor('tarifs'), title: 'Ajouter un tarif', first: 'ARTICLE' },
  // Not the shared form dialog: a dialog of tabs, each its own form.
  { name: 'flux', path: hrefFor('flux'), title: 'Nouvelle notification', first: 'DESTINATION', save: 'Envoyer', required: FLUX_MSG.clientsRequired },
];

async function open(page: Page, d: AddDialog) {
  await page.goto(d.path);
  await until(() => page.locator('.dt-resource tbody tr').count()).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Ajouter' }).click();
  const dialog = page.getByRole('dialog', { name: d.title });
  await until(() => dialog.isVisible()).toBe(true);
  return dialog;
}

describe('add dialogs', () => {
  for (const d of DIALOGS) {
    it(`${d.name}: the first field has the focus and no error before typing; an empty save shows them`, async () => {
      const page = await newPage(browser, { viewport: DESKTOP });
      await login(page, 'admin@demo.tn');
      const dialog = await open(page, d);
      await until(() => focusedField(page)).toBe(`field-${d.first}`);
      // Once the dialog has settled, the focus has stayed and nothing is in error.
      await page.waitForTimeout(800);
      expect(await focusedField(page)).toBe(`field-${d.first}`);
      expect(await errors(dialog).count()).toBe(0);
      expect(await dialog.getByText(MSG.required).count()).toBe(0);
      await shot(page, `add-dialog-${d.name}-opened`);

      // Leaving the first field empty does not validate it either.
      const left = await page.evaluateHandle(() => document.activeElement);
      await page.keyboard.press('Tab');
      await page.waitForTimeout(300);
      expect(await left.evaluate((el) => el !== document.activeElement)).toBe(true);
      expect(await errors(dialog).count()).toBe(0);

      await dialog.getByRole('button', { name: d.save ?? 'Enregistrer' }).click();
      await until(() => dialog.locator(`[data-field="field-${d.first}"] .fld-error`).textContent()).toBe(d.required ?? MSG.required);
      await shot(page, `add-dialog-${d.name}-refused`);
      await page.context().close();
    });
  }

  it('an error shown by a refused save clears while typing, and the focus stays in the field on a phone', async () => {
    const page = await newPage(browser, { viewport: MOBILE });
    await login(page, 'admin@demo.tn');
    const dialog = await open(page, DIALOGS[1]);
    await until(() => focusedField(page)).toBe('field-CODE');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    const codeError = dialog.locator('[data-field="field-CODE"] .fld-error');
    await until(() => codeError.textContent()).toBe(MSG.required);
    await dialog.locator('#field-CODE').fill('E');
    await until(() => codeError.count()).toBe(0);
    await shot(page, 'add-dialog-coupons-typing');
    await page.context().close();
  });
});
