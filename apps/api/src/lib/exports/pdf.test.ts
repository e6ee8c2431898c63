import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ExportSpec } from './index';
import { bidiRuns, FONTS, letterClusters, oneLine, pdfStream } from './pdf';

/**
 * The PDF is read back with poppler (pdftotext, pdfinfo, pdffonts), as a reader's tool would: the
 * text it extracts is what a user can search and copy, the fonts are those embedded.
 */
async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'pdf-test-'));
let n = 0;
function read(pdf: Buffer) {
  const file = path.join(dir, `t${++n}.pdf`);
  writeFileSync(file, pdf);
  const tool = (cmd: string, ...args: string[]) => execFileSync(cmd, [...args, file, ...(cmd === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  const info = tool('pdfinfo');
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  const pageText = (p: number) => tool('pdftotext', '-layout', '-f', String(p), '-l', String(p));
  return { info, pages, pageText, text: tool('pdftotext', '-layout'), raw: tool('pdftotext', '-raw'), fonts: tool('pdffonts') };
}

type Shop = { id: number; nom: string; note: string };
async function* shops(count: number): AsyncGenerator<Shop> {
  for (let i = 1; i <= count; i++) yield { id: i, nom: i === 1 ? 'Épicerie' : `Boutique ${i}`, note: 'Très bien (vu) \\ ok' };
}
function spec(count: number, orientation: 'portrait' | 'landscape' = 'portrait'): ExportSpec<Shop> {
  return {
    format: 'pdf',
    fileName: 'boutiques',
    title: 'Boutiques de l’été',
    orientation,
    columns: [
      { header: 'N°', value: (s) => s.id, width: 0.5 },
      { header: 'Nom', value: (s) => s.nom, width: 2 },
      { header: 'Remarque', value: (s) => s.note },
    ],
    rows: shops(count),
  };
}

describe('PDF export', () => {
  it('writes the title, the Tunis date, the header and the cells, with Noto embedded', async () => {
    const pdf = read(await collect(pdfStream(spec(3), new Date('2025-03-14T10:30:00Z'))));
    expect(pdf.pages).toBe(1);
    expect(pdf.info).toMatch(/Title:\s+Boutiques de l’été/);
    expect(pdf.info).toMatch(/Page size:\s+595\.28 x 841\.89/);
    expect(pdf.text).toContain('Boutiques de l’été');
    expect(pdf.text).toContain('Généré le 14 mars 2025 à 11:30'); // Tunis time (UTC+1)
    expect(pdf.text).toMatch(/N°\s+Nom\s+Remarque/);
    expect(pdf.text).toMatch(/1\s+Épicerie\s+Très bien \(vu\) \\ ok/);
    expect(pdf.text).toContain('Page 1');
    expect(pdf.fonts).toMatch(/NotoSans-Regular.*yes\s+yes/);
    expect(pdf.fonts).toMatch(/NotoSans-Bold/);
  });

  it('adds pages as rows grow, repeating the table header and numbering each page', async () => {
    const large = read(await collect(pdfStream(spec(500))));
    expect(large.pages).toBeGreaterThan(5);
    let rows = 0;
    for (let p = 1; p <= large.pages; p++) {
      const page = large.pageText(p);
      expect(page).toContain('Remarque');
      expect(page).toContain(`Page ${p}`);
      const onPage = (page.match(/Très bien/g) ?? []).length;
      expect(onPage).toBeGreaterThan(0);
      rows += onPage;
      // The title is on the first page only.
      expect(page.includes('Boutiques de l’été')).toBe(p === 1);
    }
    expect(rows).toBe(500);
  });

  it('lets the event loop run while it draws: a timer keeps firing all along a PDF of 2,000 rows', async () => {
    // The rows come from memory, as batches read ahead do: without a pause of the writer's own,
    // pdfkit's synchronous drawing would hold the node (every other request) for the whole file.
    let ticks = 0;
    let last = performance.now();
    let longest = 0;
    const gap = () => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    };
    const timer = setInterval(() => {
      gap();
      ticks++;
    }, 5);
    const t0 = performance.now();
    try {
      const pdf = await collect(pdfStream(spec(2000)));
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      clearInterval(timer);
    }
    gap();
    const total = performance.now() - t0;
    // Structural rather than a timing: the writer paused many times, and no stretch without a pause
    // comes near the whole render (a loaded machine stretches every stretch, not their count).
    expect(ticks, `${ticks} tours de minuterie en ${total.toFixed(0)} ms, plus long arrêt ${longest.toFixed(0)} ms`).toBeGreaterThanOrEqual(10);
    expect(longest).toBeLessThan(total / 3);
  });

  it('swaps the A4 dimensions in landscape', async () => {
    const pdf = read(await collect(pdfStream(spec(10, 'landscape'))));
    expect(pdf.info).toMatch(/Page size:\s+841\.89 x 595\.28/);
  });

  it('writes a single page with a note when there is no row', async () => {
    const pdf = read(await collect(pdfStream(spec(0))));
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain('Aucune donnée à exporter.');
  });

  it('cuts long cells with an ellipsis to fit the column', async () => {
    const long = {
      ...spec(0),
      rows: (async function* () {
        yield { id: 1, nom: 'x'.repeat(300), note: '' };
      })(),
    };
    const text = read(await collect(pdfStream(long))).text;
    const cell = /(x+)…/.exec(text)?.[1] ?? '';
    expect(cell.length).toBeGreaterThan(20);
    expect(cell.length).toBeLessThan(300);
  });

  it('prints Arabic labels with the Arabic font, and their words come back in reading order', async () => {
    const products = {
      format: 'pdf' as const,
      fileName: 'produits',
      title: 'Produits',
      orientation: 'landscape' as const,
      columns: [
        { header: 'Référence', value: (p: { ref: string; ar: string }) => p.ref },
        { header: 'Désignation (arabe)', value: (p: { ref: string; ar: string }) => p.ar, width: 3 },
      ],
      rows: (async function* () {
        yield { ref: 'HUI-0001', ar: 'زيت زيتون بكر ممتاز 1 لتر' };
      })(),
    };
    const pdf = read(await collect(pdfStream(products)));
    expect(pdf.fonts).toMatch(/NotoSansArabic.*yes\s+yes/);
    // pdftotext gives a right-to-left run back in reading order: the words as typed. Drawn left to
    // right in typing order (the mistake this guards against), they would come back reversed. The
    // letters whose dots this font draws as marks (ز drawn as ر plus a dot) keep their own text.
    const line = pdf.text.split('\n').find((l) => l.includes('HUI-0001')) ?? '';
    expect(line).toContain('زيت زيتون بكر ممتاز');
    expect(line).toContain('لتر');
    expect(line).not.toContain('ممتاز بكر');
    // In the order the file writes it, the whole label reads as typed, its digit in place.
    expect(pdf.raw.replace(/[\u202a-\u202e]/g, '').replace(/\s+/g, ' ')).toContain('زيت زيتون بكر ممتاز 1 لتر');
  });

  it("matches a shaped word's glyphs to its letters: each base glyph after the dots drawn on it", async () => {
    const PDFDocument = (await import('pdfkit')).default;
    const doc = new PDFDocument({ autoFirstPage: false });
    doc.registerFont('arabic', FONTS.arabic);
    doc.font('arabic');
    const font = (doc as unknown as { _font: { font: { layout(t: string): { positions: { xAdvance: number }[] } } } })._font.font;
    // زيت is drawn as: dots of ت, ت; dots of ي, ي; dot of ز, ز (left to right).
    const letters = letterClusters('زيت', font.layout('زيت').positions);
    expect(letters).toEqual([
      { text: 'ت', base: 1, marks: [0] },
      { text: 'ي', base: 3, marks: [2] },
      { text: 'ز', base: 5, marks: [4] },
    ]);
    // Glyphs and letters that do not pair up are left to pdfkit.
    expect(letterClusters('زيت', [{ xAdvance: 10 }])).toBeNull();
  });

  it('shapes Arabic: letters take their joined forms, not the isolated ones', async () => {
    const PDFDocument = (await import('pdfkit')).default;
    const doc = new PDFDocument({ autoFirstPage: false });
    doc.registerFont('arabic', FONTS.arabic);
    doc.font('arabic');
    const font = (doc as unknown as { _font: { font: { layout(t: string): { glyphs: { name: string }[] } } } })._font.font;
    // "بكر" laid out: right to left (the last letter first), each letter in its joined form.
    const names = font
      .layout('بكر')
      .glyphs.map((g) => g.name)
      .filter((n) => /^uni/.test(n));
    expect(names).toEqual(['uni0631.fina', 'uni0643.medi', 'uni066E.init']);
  });
});

describe('bidirectional runs', () => {
  const allGlyphs = (cp: number) => cp === 0x20;
  it('keeps Latin text as one left-to-right run', () => {
    expect(bidiRuns('Café moulu 250 g', allGlyphs)).toEqual({ runs: [{ text: 'Café moulu 250 g', font: 'regular' }], rtl: false });
  });
  it('orders an Arabic label right to left: the Latin digits apart, the Arabic runs in logical order for shaping', () => {
    const { runs, rtl } = bidiRuns('زيت زيتون 1 لتر', allGlyphs);
    expect(rtl).toBe(true);
    // Visual order, left to right: the last word, the digit, the first two words; each Arabic run in
    // typing order with its neighbouring spaces (fontkit lays it out right to left).
    expect(runs).toEqual([
      { text: ' لتر', font: 'arabic', rtl: true },
      { text: '1', font: 'regular' },
      { text: 'زيت زيتون ', font: 'arabic', rtl: true },
    ]);
  });
  it('keeps a left-to-right cell left to right, with its Arabic word in the Arabic font', () => {
    expect(bidiRuns('HUI-0001 زيت', allGlyphs)).toEqual({
      runs: [
        { text: 'HUI-0001 ', font: 'regular' },
        { text: 'زيت', font: 'arabic', rtl: true },
      ],
      rtl: false,
    });
  });
  it('makes cells single-line', () => {
    expect(oneLine('1\u202f234,5\u00a0DT\nà\tvoir')).toBe('1 234,5 DT à voir');
  });
});
