import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { a11yViolations, launch, newPage } from './browser';

/**
 * The accessibility check every screenshot runs (browser.ts) does find problems: a button without a
 * name is reported, in a table's first rows as anywhere; past a table's fifth row it is not looked at
 * (A11Y_EXCLUDED: those rows repeat the first ones).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

it('reports a nameless button on the sign-in page and in a table’s first rows, not past its fifth', async () => {
  const page = await newPage(browser);
  await page.goto('/');
  await page.locator('#email').waitFor();
  expect(await a11yViolations(page)).toEqual([]);

  // A table of eight rows whose 8th row holds a nameless button: left out.
  await page.evaluate(() => {
    const rows = Array.from({ length: 8 }, (_, i) => `<tr><td>Ligne ${i + 1}</td><td>${i === 7 ? '<button class="nameless-late"></button>' : ''}</td></tr>`);
    document.body.insertAdjacentHTML('beforeend', `<table><thead><tr><th>N°</th><th>Action</th></tr></thead><tbody>${rows.join('')}</tbody></table>`);
  });
  expect(await a11yViolations(page)).toEqual([]);

  // The same button in the 2nd row, then outside any table: both found.
  await page.evaluate(() =>
    document.querySelector('tbody tr:nth-child(2) td:last-child')!.insertAdjacentHTML('beforeend', '<button class="nameless-early"></button>'),
  );
  const inTable = await a11yViolations(page);
  expect(inTable).toHaveLength(1);
  expect(inTable[0]).toMatch(/^button-name \(critical, 1\)/);
  expect(inTable[0]).toContain('.nameless-early');

  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<button class="nameless-free"></button>'));
  expect((await a11yViolations(page))[0]).toMatch(/^button-name \(critical, 2\)[\s\S]*\.nameless-free/);
  await page.context().close();
});
