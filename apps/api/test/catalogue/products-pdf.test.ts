import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../src/modules/catalogue/catalogue.seed';
import { products } from '../../src/modules/catalogue/catalogue.table';
import { createTestApp, type TestContext } from '../support/helpers';

/**
 * The products PDF read back as a user copies or searches it: every Arabic label of
 * the demo catalogue is found in the text pdftotext extracts, its letters (the dotted ones too) and
 * its digits in reading order.
 */
let t: TestContext;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  dir = mkdtempSync(path.join(os.tmpdir(), 'products-pdf-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

/** Whitespace as one space, without the direction marks pdftotext wraps right-to-left text in. */
const normalise = (s: string) => s.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').replace(/\s+/g, ' ');

describe('products PDF', () => {
  it('gives back every Arabic label of the catalogue: each word, dotted letters included, and each label in reading order', async () => {
    const labels = [...new Set((await t.db.select({ ar: products.labelAr }).from(products)).map((p) => p.ar ?? ''))].filter(Boolean);
    expect(labels.length).toBeGreaterThan(200);
    expect(labels).toContain('زيت زيتون 5 لتر');
    const words = [...new Set(labels.flatMap((label) => label.split(' ')).filter((w) => /[\u0600-\u06ff]/.test(w)))];

    const res = await t.app.inject({ method: 'GET', url: '/api/products/export/pdf', headers: await t.auth('admin@demo.tn') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const file = path.join(dir, 'produits.pdf');
    writeFileSync(file, res.rawPayload);
    const text = (...args: string[]) => normalise(execFileSync('pdftotext', [...args, file, '-'], { encoding: 'utf8' }));

    // As laid out on the page (what a viewer searches): every word, with its dots (زيت, not ريت).
    const layout = text('-layout');
    expect(words.filter((w) => !layout.includes(w))).toEqual([]);
    // In the order the PDF writes its text (reading order): every label whole, digits in place.
    // (Laid out by position, poppler guesses one direction for the whole page, left to right where
    // French dominates, and puts the number of an Arabic label on the wrong side whatever the file says.)
    const raw = text('-raw');
    expect(labels.filter((label) => !raw.includes(label))).toEqual([]);
  });
});
