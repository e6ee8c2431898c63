/**
 * Tabular PDF exports with pdfkit, streamed page by page (a finished page is written out before the
 * next rows are read, so memory does not grow with the number of rows). The fonts are Noto Sans
 * (Latin, embedded as subsets) and Noto Sans Arabic: Arabic text is shaped by fontkit (joined letter
 * forms, right to left) and ordered with the Unicode bidirectional algorithm (bidi-js), so a
 * product's Arabic label prints as it reads. Each Arabic letter carries its own text (/ActualText),
 * and a cell's text is written in reading order, so the label can be found and copied as typed.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { cellText } from './csv';
import { bidiAlgorithm, PDFDocument } from './lazy-libs';
import type { ExportCell, ExportSpec } from './types';
import { fontFileData } from './woff';

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'files', file);
export const FONTS = {
  regular: fontFile('@fontsource/noto-sans', 'noto-sans-latin-400-normal.woff'),
  bold: fontFile('@fontsource/noto-sans', 'noto-sans-latin-700-normal.woff'),
  regularExt: fontFile('@fontsource/noto-sans', 'noto-sans-latin-ext-400-normal.woff'),
  arabic: fontFile('@fontsource/noto-sans-arabic', 'noto-sans-arabic-arabic-400-normal.woff'),
} as const;
type FontName = keyof typeof FONTS;

// ---------------------------------------------------------------------------------------------
// Page layout

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const FONT_SIZE = 8;
const HEADER_HEIGHT = 18;
const ROW_HEIGHT = 14;
const PADDING = 4;
const TITLE_SIZE = 14;
const FOOTER_Y = 20;
/** No cell can show more characters than this (about 1.5 pt per glyph over a landscape page). */
const MAX_CELL_CHARS = 600;
const ELLIPSIS = '…';
/** Bytes of finished pages held before the rows wait for the reader. */
const BACKLOG = 1 << 20;
/** Pages between two clearings of pdfkit's word-layout cache. */
const LAYOUT_CACHE_PAGES = 20;
/**
 * pdfkit lays out and compresses synchronously, and rows read ahead arrive without a pause: past this
 * many milliseconds of drawing, the writer lets the event loop run (other requests, timers, the job's
 * heartbeat) before the next row, so a long PDF never holds the node for more than about this long.
 * Short on purpose: a page of the list asked meanwhile needs several turns of the loop (its queries'
 * replies), each waiting for one slice; at 20 ms it took 7 times as long as alone, at 5 ms under 2.
 */
export const PDF_YIELD_MS = 5;

/**
 * The longest stretch this process spent drawing a PDF without letting the event loop run, in
 * milliseconds (a row, a page's end or a font's subset may run past PDF_YIELD_MS): what the bench
 * reports, since the loop's own delay also counts the other calls served in between.
 */
export const pdfDrawing = { longestMs: 0 };

/** Arabic letters and the Arabic presentation forms: drawn with the Arabic font. */
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

/** One piece of a cell drawn with one font; runs are placed left to right on the page. */
export interface Run {
  text: string;
  font: FontName;
  /** Right to left: its words go right to left (each word shaped and reversed by fontkit). */
  rtl?: boolean;
}

/** Single-line cell text: any space or line break becomes a plain space (French formatting uses U+202F). */
export const oneLine = (text: string) => text.normalize('NFC').replace(/[\s\u00a0\u202f]+/g, ' ');

/**
 * Splits a cell into runs in visual order. Text without Arabic is one Latin run. Otherwise the
 * bidirectional algorithm gives each character its level and the visual order; consecutive
 * characters of the same direction and font form a run. A right-to-left run is handed to fontkit
 * in logical order, since fontkit shapes the Arabic letters and lays the run out right to left itself.
 */
export function bidiRuns(text: string, hasArabicGlyph: (cp: number) => boolean): { runs: Run[]; rtl: boolean } {
  if (!ARABIC.test(text)) return { runs: [{ text, font: 'regular' }], rtl: false };
  const bidi = bidiAlgorithm();
  const { levels, paragraphs } = bidi.getEmbeddingLevels(text);
  const chars = [...text];
  // getEmbeddingLevels works on UTF-16 units; cell text here is in the BMP (Arabic and Latin).
  const order = chars.map((_, i) => i);
  for (const [start, end] of bidi.getReorderSegments(text, { levels, paragraphs })) {
    const part = order.slice(start, end + 1).reverse();
    order.splice(start, part.length, ...part);
  }
  const fontOf = (i: number): FontName => {
    const cp = chars[i].codePointAt(0) ?? 0;
    return ARABIC.test(chars[i]) || (levels[i] % 2 === 1 && hasArabicGlyph(cp)) ? 'arabic' : 'regular';
  };
  const runs: (Run & { rtl: boolean; indices: number[] })[] = [];
  for (const i of order) {
    const font = fontOf(i);
    const rtl = levels[i] % 2 === 1;
    const last = runs.at(-1);
    if (last && last.font === font && last.rtl === rtl) last.indices.push(i);
    else runs.push({ text: '', font, rtl, indices: [i] });
  }
  return {
    runs: runs.map((r) => {
      // Visual order within a right-to-left run is the logical order reversed: undo it for fontkit.
      const logical = r.rtl ? [...r.indices].reverse() : r.indices;
      const text = logical.map((i) => chars[i]).join('');
      // fontkit reverses Arabic text itself; a right-to-left run without Arabic letters (digits in
      // Latin font stay left to right at an even level) is a few neutrals, drawn in visual order.
      if (r.rtl && ARABIC.test(text)) return { text, font: r.font, rtl: true };
      return { text: r.rtl ? r.indices.map((i) => chars[i]).join('') : text, font: r.font };
    }),
    rtl: (paragraphs[0]?.level ?? 0) % 2 === 1,
  };
}

/** pdfkit's embedded font, as far as the Arabic drawing reaches into it (positions in 1/1000 em). */
interface EmbeddedFont {
  id: string;
  ascender: number;
  ref(): unknown;
  encode(text: string): [string[], { xAdvance: number; xOffset: number; yOffset: number }[]];
}

/** A PDF text string in UTF-16BE hex (the form for any non-ASCII text), by UTF-16 code units. */
const pdfText = (text: string) =>
  `<FEFF${text
    .split('')
    .map((c) => c.charCodeAt(0).toString(16).padStart(4, '0'))
    .join('')}>`;

/**
 * The glyphs of a shaped Arabic word (visual order, left to right) matched to its letters: each
 * letter is one glyph with an advance (its base), after the zero-width glyphs drawn on it (its
 * dots, a vowel sign). A letter's text carries its combining marks. Null when the counts differ.
 */
export function letterClusters(word: string, positions: { xAdvance: number }[]): { text: string; base: number; marks: number[] }[] | null {
  const letters: string[] = [];
  for (const ch of word) {
    if (/\p{M}/u.test(ch) && letters.length) letters[letters.length - 1] += ch;
    else letters.push(ch);
  }
  const clusters: { base: number; marks: number[] }[] = [];
  let marks: number[] = [];
  for (const [i, p] of positions.entries()) {
    if (p.xAdvance > 0) {
      clusters.push({ base: i, marks });
      marks = [];
    } else marks.push(i);
  }
  if (marks.length && clusters.length) clusters[clusters.length - 1].marks.push(...marks);
  if (clusters.length !== letters.length) return null;
  // Visual order is the typing order reversed.
  letters.reverse();
  return clusters.map((c, i) => ({ text: letters[i], ...c }));
}

interface Table {
  page: { width: number; height: number };
  x: number[];
  widths: number[];
  right: number;
  /** Columns whose first value is a number: right-aligned, header included. */
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
  return { page, x, widths, right: MARGIN + usable, numeric: [] };
}

/** Whether `text` holds Arabic letters (which only the Arabic font and the writer below draw). */
export const hasArabic = (text: string) => ARABIC.test(text);

/**
 * Draws text on a pdfkit document: bidi runs, widths, truncation with an ellipsis. Registers the
 * fonts of FONTS on the document. Other PDFs (the exit slip) draw their Arabic values through it.
 */
export class Writer {
  private readonly arabicGlyphs: (cp: number) => boolean;

  constructor(readonly doc: PDFKit.PDFDocument) {
    for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, fontFileData(file));
    doc.font('arabic');
    const arabic = (doc as unknown as { _font: { font: { hasGlyphForCodePoint(cp: number): boolean } } })._font.font;
    this.arabicGlyphs = (cp) => arabic.hasGlyphForCodePoint(cp);
  }

  private width(run: Run, size: number, bold: boolean): number {
    return this.doc
      .font(bold && run.font === 'regular' ? 'bold' : run.font)
      .fontSize(size)
      .widthOfString(run.text);
  }

  /** The runs of `text` that fit `room`, cut at the end (logical order) with '…' when needed. */
  fit(text: string, size: number, room: number, bold = false): { runs: Run[]; width: number; rtl: boolean } {
    // No glyph of these fonts is narrower than a tenth of an em (Arabic marks aside, which ride on a
    // letter): more characters than this can never fit, so they are not laid out at all.
    let source = oneLine(text).slice(0, Math.min(MAX_CELL_CHARS, Math.ceil(room / (0.1 * size)) + 2));
    for (;;) {
      const { runs, rtl } = bidiRuns(source, this.arabicGlyphs);
      const width = runs.reduce((w, r) => w + this.width(r, size, bold), 0);
      if (width <= room || source.length === 0) return { runs, width, rtl };
      // Cut in proportion, then one character at a time near the end.
      const keep = Math.max(0, Math.min(source.length - 2, Math.floor((source.replace(/…$/, '').length * room) / width)));
      source = `${source.replace(/…$/, '').slice(0, keep).trimEnd()}${ELLIPSIS}`;
      if (keep === 0) return { runs: [], width: 0, rtl };
    }
  }

  /**
   * Writes fitted runs on one baseline, placed left to right. pdfkit places text by the top of the
   * font's line box, which differs between Noto Sans and Noto Sans Arabic: each run is placed from
   * the baseline with its own font's ascender. The pieces are written in reading order (a
   * right-to-left cell from its rightmost word), which is the order a reader that follows the
   * content stream (pdftotext -raw, screen readers) gives them back in.
   */
  draw(runs: Run[], x: number, baseline: number, size: number, bold = false, rtl = false): void {
    const placed: { run: Run; pieces: { text: string; left: number }[] }[] = [];
    let left = x;
    for (const run of runs) {
      this.doc.font(bold && run.font === 'regular' ? 'bold' : run.font).fontSize(size);
      // pdfkit lays a string's words out in typing order, left to right: a right-to-left run is
      // placed word by word from its last word, each word shaped and reversed by fontkit.
      const pieces: { text: string; left: number }[] = [];
      for (const text of run.rtl ? run.text.split(/( +)/).reverse() : [run.text]) {
        if (text.trim()) pieces.push({ text, left });
        left += this.doc.widthOfString(text);
      }
      placed.push({ run, pieces: run.rtl ? pieces.reverse() : pieces });
    }
    for (const { run, pieces } of rtl ? placed.reverse() : placed) {
      this.doc.font(bold && run.font === 'regular' ? 'bold' : run.font).fontSize(size);
      const font = (this.doc as unknown as { _font: EmbeddedFont })._font;
      for (const piece of pieces) {
        if (run.rtl) this.arabicWord(font, piece.text, piece.left, baseline, size);
        else this.doc.text(piece.text, piece.left, baseline - (font.ascender * size) / 1000, { lineBreak: false });
      }
    }
  }

  /**
   * Draws one shaped Arabic word with each letter's glyph in a marked-content span whose
   * /ActualText is that letter. Noto Sans Arabic draws dotted letters as a shared dotless shape
   * plus dot glyphs, and a PDF font maps each glyph to one text only (ز and ر share a shape, so do
   * ب ت ث ن ي): without the spans, a text reader gets ريت for زيت. One letter per span keeps each
   * text where its glyph is drawn, so readers order the letters as they order any right-to-left
   * text (poppler and others place a span's characters left to right over the span: a span of
   * several Arabic letters would come back reversed). The dots and vowel signs go first, in one
   * span of empty text (their letters carry them), so that they do not split the word in two.
   * A word whose glyphs do not match its letters is drawn as pdfkit draws it.
   */
  private arabicWord(font: EmbeddedFont, word: string, left: number, baseline: number, size: number): void {
    const doc = this.doc;
    const [glyphs, positions] = font.encode(word);
    const letters = letterClusters(word, positions);
    if (!letters) {
      doc.text(word, left, baseline - (font.ascender * size) / 1000, { lineBreak: false });
      return;
    }
    const page = doc.page as unknown as { fonts: Record<string, unknown>; height: number };
    page.fonts[font.id] ??= font.ref();
    const scale = size / 1000;
    const pt = (v: number) => Math.round(v * 1000) / 1000;
    const y = page.height - baseline;
    // Each glyph at its own origin: the pen position plus the glyph's offset.
    const origins: number[] = [];
    let pen = left;
    for (const p of positions) {
      origins.push(pen + p.xOffset * scale);
      pen += p.xAdvance * scale;
    }
    const show = (i: number) => `1 0 0 1 ${pt(origins[i])} ${pt(y + positions[i].yOffset * scale)} Tm <${glyphs[i]}> Tj`;
    const content = [`BT /${font.id} ${pt(size)} Tf`];
    const marks = letters.flatMap((letter) => letter.marks);
    if (marks.length) content.push(`/Span <</ActualText ${pdfText('')}>> BDC`, ...marks.map(show), 'EMC');
    for (const letter of letters) content.push(`/Span <</ActualText ${pdfText(letter.text)}>> BDC`, show(letter.base), 'EMC');
    content.push('ET');
    // Text space as pdfkit's own text drawing sets it up: y upwards from the bottom of the page.
    doc.save();
    doc.transform(1, 0, 0, -1, 0, page.height);
    doc.addContent(content.join('\n'));
    doc.restore();
  }

  cell(text: string, x: number, width: number, top: number, height: number, size: number, opts: { bold?: boolean; right?: boolean } = {}): void {
    const room = width - 2 * PADDING;
    const fitted = this.fit(text, size, room, opts.bold);
    if (!fitted.runs.length) return;
    // Numbers and right-to-left text (an Arabic label) align right.
    const dx = opts.right || fitted.rtl ? room - fitted.width : 0;
    // The baseline that centres capitals (cap height 0.714 em) in the band.
    this.draw(fitted.runs, x + PADDING + dx, top + (height + 0.714 * size) / 2, size, opts.bold, fitted.rtl);
  }
}

const GENERATED = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Tunis' });

/** `now` is a parameter so that tests can pin the generation date. */
export function pdfStream<Row>(spec: ExportSpec<Row>, now = new Date()): Readable {
  const table = tableLayout(spec);
  const doc = new (PDFDocument())({
    size: [table.page.width, table.page.height],
    margin: 0,
    autoFirstPage: false,
    compress: true,
    info: { Title: spec.title, CreationDate: now },
  });
  const out = new PassThrough();
  doc.pipe(out);
  const w = new Writer(doc);
  let pageNumber = 0;
  let y = 0;
  let rowsOnPage = 0;
  let tableTop = 0;

  const header = () => {
    doc.addPage();
    pageNumber++;
    rowsOnPage = 0;
    let top = MARGIN;
    if (pageNumber === 1) {
      w.cell(spec.title, MARGIN - PADDING, table.right - MARGIN + 2 * PADDING, top, TITLE_SIZE * 1.4, TITLE_SIZE, { bold: true });
      top += TITLE_SIZE * 1.4;
      doc.fillColor('#595959');
      w.cell(`Généré le ${GENERATED.format(now)}`, MARGIN - PADDING, table.right - MARGIN + 2 * PADDING, top, 12, FONT_SIZE);
      doc.fillColor('black');
      top += 16;
    }
    tableTop = top;
    doc.rect(MARGIN, top, table.right - MARGIN, HEADER_HEIGHT).fill('#dbe5f2');
    doc.fillColor('black');
    y = top + HEADER_HEIGHT;
  };
  /** Header labels, grid and page number: drawn once the page's rows are known. */
  const finishPage = () => {
    for (const [i, c] of spec.columns.entries())
      w.cell(c.header, table.x[i], table.widths[i], tableTop, HEADER_HEIGHT, FONT_SIZE, { bold: true, right: table.numeric[i] });
    doc.lineWidth(0.5).strokeColor('#bfbfbf');
    doc.rect(MARGIN, tableTop, table.right - MARGIN, y - tableTop).stroke();
    for (const x of table.x.slice(1)) doc.moveTo(x, tableTop).lineTo(x, y).stroke();
    doc
      .moveTo(MARGIN, tableTop + HEADER_HEIGHT)
      .lineTo(table.right, tableTop + HEADER_HEIGHT)
      .stroke();
    doc.fillColor('#595959');
    const label = `Page ${pageNumber}`;
    const width = doc.font('regular').fontSize(FONT_SIZE).widthOfString(label);
    doc.text(label, (table.page.width - width) / 2, table.page.height - FOOTER_Y - FONT_SIZE, { lineBreak: false });
    doc.fillColor('black');
  };

  /**
   * pdfkit caches the layout of every word it measures, for the document's life: with 100,000 rows of
   * distinct values that cache would grow without end. It is emptied every few pages (words repeat
   * from row to row, so a short-lived cache still saves most layouts).
   */
  const forgetLayouts = () => {
    const families = (doc as unknown as { _fontFamilies: Record<string, { layoutCache?: object }> })._fontFamilies;
    for (const font of Object.values(families)) if (font.layoutCache) font.layoutCache = Object.create(null);
  };

  let drawingSince = performance.now();
  const pause = async () => {
    pdfDrawing.longestMs = Math.max(pdfDrawing.longestMs, performance.now() - drawingSince);
    await new Promise(setImmediate);
    drawingSince = performance.now();
  };
  const run = async () => {
    // The Arabic font was opened above; the first page opens the Latin ones: apart.
    await pause();
    header();
    for await (const row of spec.rows) {
      if (performance.now() - drawingSince > PDF_YIELD_MS) await pause();
      // The reader went away: stop reading rows (leaving the loop closes the source).
      if (out.destroyed) return;
      // Checked before adding, so that the last page is never an empty one.
      if (y + ROW_HEIGHT > table.page.height - MARGIN) {
        finishPage();
        if (pageNumber % LAYOUT_CACHE_PAGES === 0) forgetLayouts();
        // Backpressure: finished pages wait in pdfkit's and the pipe's buffers until the reader takes them.
        while (!out.destroyed && doc.readableLength + out.writableLength > BACKLOG) {
          await Promise.race([once(out, 'drain'), delay(50)]);
          drawingSince = performance.now();
        }
        if (out.destroyed) return;
        header();
      }
      const cells: ExportCell[] = spec.columns.map((c) => c.value(row));
      if (table.numeric.length === 0) table.numeric = cells.map((cell) => typeof cell === 'number');
      if (rowsOnPage % 2 === 1) doc.rect(MARGIN, y, table.right - MARGIN, ROW_HEIGHT).fill('#f5f5f5');
      doc.fillColor('black');
      for (const [i, cell] of cells.entries())
        w.cell(cellText(cell), table.x[i], table.widths[i], y, ROW_HEIGHT, FONT_SIZE, { right: typeof cell === 'number' });
      y += ROW_HEIGHT;
      rowsOnPage++;
    }
    if (pageNumber === 1 && rowsOnPage === 0) {
      doc.fillColor('#595959');
      w.cell('Aucune donnée à exporter.', MARGIN, table.right - MARGIN, y, ROW_HEIGHT, FONT_SIZE);
      doc.fillColor('black');
      y += ROW_HEIGHT;
    }
    finishPage();
    // Each font's subset is built and embedded at the end, a few milliseconds apiece (woff.ts): one at
    // a time, the event loop running between them (doc.end() then skips the fonts already embedded).
    const families = (doc as unknown as { _fontFamilies: Record<string, { finalize(): void }> })._fontFamilies;
    for (const font of new Set(Object.values(families))) {
      await pause();
      if (out.destroyed) return;
      font.finalize();
    }
    await pause();
    if (out.destroyed) return;
    doc.end();
  };
  run().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
