/**
 * A minimal streaming PDF writer for tabular exports. Each page is emitted as soon as it is full;
 * only the byte offsets of the objects are kept for the xref table, so memory does not grow with
 * the number of rows. Text uses the built-in Helvetica fonts in WinAnsiEncoding (CP1252), which
 * covers French, so no font has to be embedded.
 */
import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import { cellText } from './csv';
import type { ExportCell, ExportSpec } from './types';

// ---------------------------------------------------------------------------------------------
// Fonts: WinAnsi encoding and glyph widths

/**
 * Advance widths (1/1000 em) of the codes 32–255 of WinAnsiEncoding, from Adobe's AFM files of
 * the core fonts (0 for the five codes WinAnsi leaves undefined, which `toWinAnsi` never emits).
 */
// 16 per line, like a code chart: the line starting at code 0x80 is the CP1252-specific one.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 0,
  556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,
  0, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 667,
  278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333,
  400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611,
  667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
  722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
  556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
];
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
  975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
  333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
  611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 0,
  556, 0, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,
  0, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 0, 500, 667,
  278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333,
  400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611,
  722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
  722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
  556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278,
  611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,
];

type Font = { resource: '/F1' | '/F2'; widths: number[] };
export const REGULAR: Font = { resource: '/F1', widths: HELVETICA };
export const BOLD: Font = { resource: '/F2', widths: HELVETICA_BOLD };

/** Where CP1252 differs from Latin-1: code points placed in 0x80–0x9F, plus a few look-alikes. */
const CP1252 = new Map<number, number>([
  [0x20ac, 0x80], [0x201a, 0x82], [0x0192, 0x83], [0x201e, 0x84], [0x2026, 0x85], [0x2020, 0x86],
  [0x2021, 0x87], [0x02c6, 0x88], [0x2030, 0x89], [0x0160, 0x8a], [0x2039, 0x8b], [0x0152, 0x8c],
  [0x017d, 0x8e], [0x2018, 0x91], [0x2019, 0x92], [0x201c, 0x93], [0x201d, 0x94], [0x2022, 0x95],
  [0x2013, 0x96], [0x2014, 0x97], [0x02dc, 0x98], [0x2122, 0x99], [0x0161, 0x9a], [0x203a, 0x9b],
  [0x0153, 0x9c], [0x017e, 0x9e], [0x0178, 0x9f],
  // Not in CP1252 but with an obvious stand-in.
  [0x2010, 0x2d], [0x2011, 0x2d], [0x2212, 0x2d],
]);
const ELLIPSIS = 0x85;

/**
 * Encodes text to CP1252 bytes for a WinAnsi font. Spaces of any kind (including the U+202F and
 * U+00A0 that French number and date formatting produce) and line breaks become plain spaces:
 * cells are single-line. Characters the font cannot show become '?'.
 */
export function toWinAnsi(text: string): Buffer {
  const source = text.normalize('NFC'); // a decomposed 'e' + U+0301 must become 'é'
  const bytes = Buffer.allocUnsafe(source.length);
  let n = 0;
  for (const ch of source) {
    const cp = ch.codePointAt(0) ?? 0x3f;
    if (cp < 0x20 || cp === 0x7f || cp === 0xa0 || cp === 0x202f || (cp >= 0x2000 && cp <= 0x200a)) {
      bytes[n++] = 0x20;
    } else if (cp < 0x7f || (cp > 0xa0 && cp <= 0xff)) {
      bytes[n++] = cp;
    } else {
      bytes[n++] = CP1252.get(cp) ?? 0x3f;
    }
  }
  return bytes.subarray(0, n);
}

export function textWidth(bytes: Uint8Array, font: Font, size: number): number {
  let units = 0;
  for (const b of bytes) units += font.widths[b - 32] ?? 0;
  return (units * size) / 1000;
}

/** Cuts the text so it fits `maxWidth`, ending with '…' when something was cut. */
export function fitText(bytes: Buffer, font: Font, size: number, maxWidth: number): Buffer {
  if (textWidth(bytes, font, size) <= maxWidth) return bytes;
  let budget = (maxWidth * 1000) / size - font.widths[ELLIPSIS - 32];
  if (budget < 0) return Buffer.alloc(0);
  let end = 0;
  while (end < bytes.length && font.widths[bytes[end] - 32] <= budget) budget -= font.widths[bytes[end++] - 32];
  while (end > 0 && bytes[end - 1] === 0x20) end--;
  return Buffer.concat([bytes.subarray(0, end), Buffer.of(ELLIPSIS)]);
}

// ---------------------------------------------------------------------------------------------
// Page layout

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const FONT_SIZE = 8;
const HEADER_HEIGHT = 18;
const ROW_HEIGHT = 14;
const PADDING = 4;
const TITLE_SIZE = 14;
const FOOTER_BASELINE = 20;
/** No cell can show more characters than this (about 1.5 pt per glyph over a landscape page). */
const MAX_CELL_CHARS = 600;

/** Numbers in content streams: two decimals at most, no exponent. */
const num = (n: number): string => String(Math.round(n * 100) / 100);

/** A PDF literal string; the text is already CP1252 bytes, carried one per char as latin1. */
const pdfString = (bytes: Buffer): string => `(${bytes.toString('latin1').replace(/[()\\]/g, '\\$&')})`;

/** Baseline that centres capitals (cap height 718/1000 em) vertically in a band. */
const baseline = (top: number, height: number, size: number): number => top - height / 2 - (0.718 * size) / 2;

interface Table {
  page: { width: number; height: number };
  x: number[]; // left edge of each column
  widths: number[];
  headers: Buffer[]; // already fitted, bold
  right: number; // right edge of the table
  /** Columns whose first value is a number: their header is right-aligned like their values. */
  numeric: boolean[];
}

function tableLayout<Row>(spec: ExportSpec<Row>): Table {
  const page = spec.orientation === 'landscape' ? { width: A4.height, height: A4.width } : A4;
  const weights = spec.columns.map((c) => (c.width !== undefined && c.width > 0 ? c.width : 1));
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  const usable = page.width - 2 * MARGIN;
  const widths = weights.map((w) => (usable * w) / total);
  const x: number[] = [];
  let left = MARGIN;
  for (const w of widths) {
    x.push(left);
    left += w;
  }
  const headers = spec.columns.map((c, i) =>
    fitText(toWinAnsi(c.header), BOLD, FONT_SIZE, widths[i] - 2 * PADDING),
  );
  return { page, x, widths, headers, right: MARGIN + usable, numeric: [] };
}

/** The content stream of one page: table header, rows as they come, grid and page number. */
class PageContent {
  private readonly ops: string[] = [];
  private readonly tableTop: number;
  private y: number; // top of the next row
  rows = 0;

  constructor(
    private readonly table: Table,
    private readonly number: number,
    heading?: { title: string; generated: string },
  ) {
    let top = table.page.height - MARGIN;
    if (heading) {
      const titleWidth = table.right - MARGIN;
      const title = fitText(toWinAnsi(heading.title), BOLD, TITLE_SIZE, titleWidth);
      const date = fitText(toWinAnsi(heading.generated), REGULAR, FONT_SIZE, titleWidth);
      top -= TITLE_SIZE;
      this.text(BOLD, TITLE_SIZE, MARGIN, top, title, '0 g');
      top -= 14;
      this.text(REGULAR, FONT_SIZE, MARGIN, top, date, '0.35 g');
      top -= 12;
    }
    this.tableTop = top;
    this.fill(top, HEADER_HEIGHT, '0.86 0.9 0.95 rg'); // header labels are drawn by finish()
    this.y = top - HEADER_HEIGHT;
  }

  get full(): boolean {
    return this.y - ROW_HEIGHT < MARGIN;
  }

  addRow(cells: ExportCell[]): void {
    const { table } = this;
    if (this.rows % 2 === 1) this.fill(this.y, ROW_HEIGHT, '0.96 g'); // zebra: every other row
    const y = num(baseline(this.y, ROW_HEIGHT, FONT_SIZE));
    this.ops.push(`0 g BT ${REGULAR.resource} ${FONT_SIZE} Tf`);
    cells.forEach((cell, i) => {
      const room = table.widths[i] - 2 * PADDING;
      const bytes = fitText(toWinAnsi(cellText(cell).slice(0, MAX_CELL_CHARS)), REGULAR, FONT_SIZE, room);
      if (bytes.length === 0) return;
      // Numbers are right-aligned so that digits line up.
      const dx = typeof cell === 'number' ? room - textWidth(bytes, REGULAR, FONT_SIZE) : 0;
      this.ops.push(`1 0 0 1 ${num(table.x[i] + PADDING + dx)} ${y} Tm ${pdfString(bytes)} Tj`);
    });
    this.ops.push('ET');
    this.y -= ROW_HEIGHT;
    this.rows++;
  }

  /** A grey line of text below the header (used when there is no row at all). */
  note(message: string): void {
    this.text(REGULAR, FONT_SIZE, MARGIN + PADDING, baseline(this.y, ROW_HEIGHT, FONT_SIZE), toWinAnsi(message), '0.35 g');
    this.y -= ROW_HEIGHT;
  }

  /** Draws the header labels, the grid and the page number, and returns the finished content stream. */
  finish(): Buffer {
    const { table } = this;
    // Drawn last because the alignment of numeric columns is known only once the first row is seen.
    this.ops.push(`0 g BT ${BOLD.resource} ${FONT_SIZE} Tf`);
    const headerY = num(baseline(this.tableTop, HEADER_HEIGHT, FONT_SIZE));
    table.headers.forEach((label, i) => {
      const dx = table.numeric[i] ? table.widths[i] - 2 * PADDING - textWidth(label, BOLD, FONT_SIZE) : 0;
      this.ops.push(`1 0 0 1 ${num(table.x[i] + PADDING + dx)} ${headerY} Tm ${pdfString(label)} Tj`);
    });
    this.ops.push('ET');
    const bottom = this.y;
    const lines = [`0.5 w 0.75 G ${num(MARGIN)} ${num(bottom)} ${num(table.right - MARGIN)} ${num(this.tableTop - bottom)} re S`];
    for (const x of table.x.slice(1)) lines.push(`${num(x)} ${num(this.tableTop)} m ${num(x)} ${num(bottom)} l S`);
    const headerBottom = num(this.tableTop - HEADER_HEIGHT);
    lines.push(`${num(MARGIN)} ${headerBottom} m ${num(table.right)} ${headerBottom} l S`);
    this.ops.push(...lines);
    const label = toWinAnsi(`Page ${this.number}`);
    const x = (table.page.width - textWidth(label, REGULAR, FONT_SIZE)) / 2;
    this.text(REGULAR, FONT_SIZE, x, FOOTER_BASELINE, label, '0.35 g');
    return Buffer.from(this.ops.join('\n'), 'latin1');
  }

  private text(font: Font, size: number, x: number, y: number, bytes: Buffer, color: string): void {
    this.ops.push(`${color} BT ${font.resource} ${size} Tf 1 0 0 1 ${num(x)} ${num(y)} Tm ${pdfString(bytes)} Tj ET`);
  }

  private fill(top: number, height: number, color: string): void {
    const width = this.table.right - MARGIN;
    this.ops.push(`${color} ${num(MARGIN)} ${num(top - height)} ${num(width)} ${num(height)} re f`);
  }
}

// ---------------------------------------------------------------------------------------------
// File structure

// Fixed object numbers; page i (from 0) then uses FIRST_PAGE_OBJECT + 2i (content) and + 2i + 1 (page).
const CATALOG = 1;
const PAGES = 2; // reserved now, written last once the Kids are known
const FONT_REGULAR = 3;
const FONT_BOLD = 4;
const INFO = 5;
const FIRST_PAGE_OBJECT = 6;

/** Serialises objects and remembers only where each one starts, for the xref table. */
class PdfFile {
  private offset = 0;
  private readonly offsets: number[] = [];
  pages = 0;

  constructor(private readonly page: { width: number; height: number }) {}

  header(title: string, created: Date): Buffer {
    // The second line holds bytes above 127 so that transfer tools treat the file as binary.
    const head = this.raw(Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'));
    const font = (name: string) => `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`;
    // Info strings are UTF-16BE with a BOM, the form that carries any character.
    const utf16 = `<FEFF${Buffer.from(title, 'utf16le').swap16().toString('hex').toUpperCase()}>`;
    const date = created.toISOString().replace(/[-:T]/g, '').slice(0, 14);
    return Buffer.concat([
      head,
      this.object(CATALOG, `<< /Type /Catalog /Pages ${PAGES} 0 R >>`),
      this.object(FONT_REGULAR, font('Helvetica')),
      this.object(FONT_BOLD, font('Helvetica-Bold')),
      this.object(INFO, `<< /Title ${utf16} /CreationDate (D:${date}Z) >>`),
    ]);
  }

  addPage(content: Buffer): Buffer {
    const contentNumber = FIRST_PAGE_OBJECT + 2 * this.pages;
    this.pages++;
    const data = deflateSync(content);
    const stream = Buffer.concat([
      this.object(contentNumber, `<< /Length ${data.length} /Filter /FlateDecode >>\nstream`, false),
      this.raw(data),
      this.raw(Buffer.from('\nendstream\nendobj\n', 'latin1')),
    ]);
    const page = this.object(
      contentNumber + 1,
      `<< /Type /Page /Parent ${PAGES} 0 R /MediaBox [0 0 ${num(this.page.width)} ${num(this.page.height)}] ` +
        `/Resources << /Font << /F1 ${FONT_REGULAR} 0 R /F2 ${FONT_BOLD} 0 R >> >> /Contents ${contentNumber} 0 R >>`,
    );
    return Buffer.concat([stream, page]);
  }

  /** The Pages tree, then the xref table and trailer. */
  end(): Buffer {
    const kids = Array.from({ length: this.pages }, (_, i) => `${FIRST_PAGE_OBJECT + 2 * i + 1} 0 R`);
    const pages = this.object(PAGES, `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${this.pages} >>`);
    const size = this.offsets.length;
    // Each xref entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, 2-byte EOL.
    const entries = ['0000000000 65535 f \n'];
    for (let n = 1; n < size; n++) entries.push(`${String(this.offsets[n]).padStart(10, '0')} 00000 n \n`);
    const xref = `xref\n0 ${size}\n${entries.join('')}trailer\n<< /Size ${size} /Root ${CATALOG} 0 R /Info ${INFO} 0 R >>\nstartxref\n${this.offset}\n%%EOF\n`;
    return Buffer.concat([pages, Buffer.from(xref, 'latin1')]);
  }

  /** `N 0 obj`, its body and (unless a stream follows) `endobj`. */
  private object(number: number, body: string, close = true): Buffer {
    this.offsets[number] = this.offset;
    return this.raw(Buffer.from(`${number} 0 obj\n${body}\n${close ? 'endobj\n' : ''}`, 'latin1'));
  }

  private raw(bytes: Buffer): Buffer {
    this.offset += bytes.length;
    return bytes;
  }
}

// ---------------------------------------------------------------------------------------------

const GENERATED = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Tunis' });

async function* pdfChunks<Row>(spec: ExportSpec<Row>, now: Date): AsyncGenerator<Buffer> {
  const table = tableLayout(spec);
  const file = new PdfFile(table.page);
  yield file.header(spec.title, now);
  let page = new PageContent(table, 1, { title: spec.title, generated: `Généré le ${GENERATED.format(now)}` });
  for await (const row of spec.rows) {
    // Checked before adding, so that the last page is never an empty one.
    if (page.full) {
      yield file.addPage(page.finish());
      page = new PageContent(table, file.pages + 1);
    }
    const cells = spec.columns.map((c) => c.value(row));
    if (table.numeric.length === 0) table.numeric = cells.map((cell) => typeof cell === 'number');
    page.addRow(cells);
  }
  if (file.pages === 0 && page.rows === 0) page.note('Aucune donnée à exporter.');
  yield file.addPage(page.finish());
  yield file.end();
}

/** `now` is a parameter so that tests can pin the generation date. */
export function pdfStream<Row>(spec: ExportSpec<Row>, now = new Date()): Readable {
  // Readable.from pulls the next page only when the consumer wants more: backpressure reaches `rows`.
  return Readable.from(pdfChunks(spec, now), { objectMode: false });
}
