import type { Readable } from 'node:stream';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ExportSpec } from './index';
import { BOLD, fitText, pdfStream, REGULAR, textWidth, toWinAnsi } from './pdf';

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
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

/** What a reader relies on, checked without any PDF tool: header, xref offsets, page tree, streams. */
function parsePdf(pdf: Buffer) {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.startsWith('xref\n', startxref)).toBe(true);
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? [];
  expect(Number(first)).toBe(0);
  const entriesStart = text.indexOf('\n', startxref + 5) + 1;
  for (let n = 1; n < Number(count); n++) {
    const entry = text.slice(entriesStart + 20 * n, entriesStart + 20 * (n + 1));
    expect(entry).toMatch(/^\d{10} 00000 n \n$/);
    expect(text.startsWith(`${n} 0 obj\n`, Number(entry.slice(0, 10)))).toBe(true);
  }
  const trailer = text.slice(text.indexOf('trailer', startxref));
  expect(trailer).toContain(`/Size ${count}`);

  const pages = text.match(/\/Type \/Page[^s]/g) ?? [];
  const pagesCount = Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(text)?.[1]);
  expect(pagesCount).toBe(pages.length);

  // Every content stream, inflated, with its exact declared length.
  const contents: string[] = [];
  const streamHead = /<< \/Length (\d+) \/Filter \/FlateDecode >>\nstream\n/g;
  for (let m = streamHead.exec(text); m; m = streamHead.exec(text)) {
    const start = m.index + m[0].length;
    const end = start + Number(m[1]);
    expect(text.startsWith('\nendstream', end)).toBe(true);
    contents.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
  }
  expect(contents).toHaveLength(pages.length);
  return { text, pages: pages.length, contents };
}

describe('PDF export', () => {
  it('produces a structurally valid PDF with the title, date, header and cells', async () => {
    const pdf = parsePdf(await collect(pdfStream(spec(3), new Date('2025-03-14T10:30:00Z'))));
    expect(pdf.pages).toBe(1);
    const page = pdf.contents[0];
    expect(page).toContain('(Boutiques de l\x92\xe9t\xe9) Tj'); // ’ and é in CP1252
    expect(page).toContain('(G\xe9n\xe9r\xe9 le 14 mars 2025 \xe0 11:30) Tj'); // Tunis time (UTC+1)
    expect(page).toContain('/F2 8 Tf');
    expect(page).toContain('(Nom) Tj');
    expect(page).toContain('(\xc9picerie) Tj'); // 'Épicerie' as CP1252 bytes
    expect(page).toContain('(Tr\xe8s bien \\(vu\\) \\\\ ok) Tj'); // ( ) \ escaped
    expect(page).toContain('(Page 1) Tj');
    expect(pdf.text).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    expect(pdf.text).toContain('/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding');
    expect(pdf.text).toContain('/MediaBox [0 0 595.28 841.89]');
  });

  it('adds pages as rows grow, repeating the table header and numbering each page', async () => {
    const small = parsePdf(await collect(pdfStream(spec(10))));
    const large = parsePdf(await collect(pdfStream(spec(500))));
    expect(small.pages).toBe(1);
    expect(large.pages).toBeGreaterThan(5);
    large.contents.forEach((page, i) => {
      expect(page).toContain('(Remarque) Tj');
      expect(page).toContain(`(Page ${i + 1}) Tj`);
    });
    // The title is on the first page only.
    expect(large.contents.filter((page) => page.includes('(Boutiques de l'))).toHaveLength(1);
    // Every row is drawn once, and no page is left empty.
    const rows = large.contents.map((page) => (page.match(/\(Tr\xe8s bien/g) ?? []).length);
    expect(rows.reduce((a, b) => a + b, 0)).toBe(500);
    expect(Math.min(...rows)).toBeGreaterThan(0);
  });

  it('swaps the A4 dimensions in landscape and fits more columns width', async () => {
    const pdf = parsePdf(await collect(pdfStream(spec(100, 'landscape'))));
    expect(pdf.text).toContain('/MediaBox [0 0 841.89 595.28]');
    expect(pdf.text).not.toContain('/MediaBox [0 0 595.28 841.89]');
  });

  it('writes a single page with a note when there is no row', async () => {
    const pdf = parsePdf(await collect(pdfStream(spec(0))));
    expect(pdf.pages).toBe(1);
    expect(pdf.contents[0]).toContain('(Aucune donn\xe9e \xe0 exporter.) Tj');
  });

  it('truncates long cells with an ellipsis to fit the column', async () => {
    const long = { ...spec(0), rows: (async function* () { yield { id: 1, nom: 'x'.repeat(300), note: '' }; })() };
    const page = parsePdf(await collect(pdfStream(long))).contents[0];
    const cell = /\((x+)\x85\) Tj/.exec(page)?.[1] ?? '';
    expect(cell.length).toBeGreaterThan(20);
    expect(cell.length).toBeLessThan(300);
  });
});

describe('WinAnsi text', () => {
  it('encodes French text to CP1252 bytes', () => {
    expect([...toWinAnsi('é è ê à ç ù ô î ï « » œ ’ € Œ …')]).toEqual([
      0xe9, 0x20, 0xe8, 0x20, 0xea, 0x20, 0xe0, 0x20, 0xe7, 0x20, 0xf9, 0x20, 0xf4, 0x20, 0xee, 0x20, 0xef, 0x20,
      0xab, 0x20, 0xbb, 0x20, 0x9c, 0x20, 0x92, 0x20, 0x80, 0x20, 0x8c, 0x20, 0x85,
    ]);
  });

  it('turns special spaces and line breaks into spaces and unknown characters into ?', () => {
    expect(toWinAnsi('1\u202f234,5\u00a0€').toString('latin1')).toBe('1 234,5 \x80');
    expect(toWinAnsi('a\nb\tc').toString('latin1')).toBe('a b c');
    expect(toWinAnsi('中文 😀').toString('latin1')).toBe('?? ?');
    expect(toWinAnsi('e\u0301').toString('latin1')).toBe('\xe9'); // decomposed accent
  });

  it('measures and fits text with the real Helvetica widths', () => {
    const text = toWinAnsi('Saint-Étienne-du-Rouvray');
    expect(textWidth(text, REGULAR, 10)).toBeCloseTo(115.04, 2);
    expect(textWidth(toWinAnsi('Nom'), BOLD, 10)).toBeCloseTo(22.22, 2);
    expect(fitText(text, REGULAR, 10, 116)).toEqual(text);
    // 60 pt leave 50 pt once the 10 pt ellipsis is counted: "Saint-Étien" is 48.91 pt.
    expect(fitText(text, REGULAR, 10, 60).toString('latin1')).toBe('Saint-\xc9tien\x85');
    expect(fitText(text, REGULAR, 10, 5)).toHaveLength(0);
  });
});
