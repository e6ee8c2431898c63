import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ExportCell, ExportColumn, ExportSpec } from './types';

/** Rows written between two checks of the output buffer (and a turn of the event loop). */
const ROWS_PER_CHECK = 100;
const EXCEL_MAX_CELL_CHARS = 32_767;

/** Excel refuses sheet names with []:*?/\, longer than 31 characters, empty or wrapped in quotes. */
export function sheetName(title: string): string {
  const cleaned = title
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
    .replace(/[[\]:*?/\\\u0000-\u001f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^'+|'+$/g, '');
  let name = '';
  for (const ch of cleaned) {
    // 31 UTF-16 units at most, without cutting a surrogate pair in half.
    if (name.length + ch.length > 31) break;
    name += ch;
  }
  name = name.trim();
  if (name.toLowerCase() === 'history') return 'History_'; // reserved by Excel
  return name || 'Export';
}

/** Relative weights → widths in characters, around 16 for an average column, never narrower than the header. */
function columnWidths<Row>(columns: ExportColumn<Row>[]): number[] {
  const weights = columns.map((c) => (c.width !== undefined && c.width > 0 ? c.width : 1));
  const mean = weights.reduce((a, b) => a + b, 0) / (weights.length || 1);
  return weights.map((w, i) =>
    Math.min(80, Math.max(8, Math.round((16 * w) / mean), columns[i].header.length + 2)),
  );
}

// Lone surrogates and U+FFFE/FFFF are not valid XML: Excel would call the file corrupt.
// (ExcelJS already strips the forbidden control characters.)
const INVALID_XML = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\uFFFE\uFFFF]/g;

function xlsxValue(value: ExportCell): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  // Strings are stored as text cells, never as formulas: no CSV-style injection to neutralise here.
  return value.replace(INVALID_XML, '').slice(0, EXCEL_MAX_CELL_CHARS);
}

/**
 * ExcelJS writes into its zip without honouring backpressure, so the producer itself waits while the
 * output is full (nobody is reading), and yields to the event loop so that compression keeps up.
 */
function waitForRoom(out: PassThrough): Promise<void> {
  if (out.destroyed || !out.writableNeedDrain) return new Promise((resolve) => setImmediate(resolve));
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

async function writeWorkbook<Row>(spec: ExportSpec<Row>, out: PassThrough): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false, // a shared-strings table would keep every distinct string in memory
    useStyles: true, // needed for the bold header
  });
  const sheet = workbook.addWorksheet(sheetName(spec.title), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const widths = columnWidths(spec.columns);
  sheet.columns = widths.map((width) => ({ width }));
  const header = sheet.addRow(spec.columns.map((c) => xlsxValue(c.header)));
  header.font = { bold: true };
  header.commit();
  if (spec.columns.length > 0) {
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: spec.columns.length } };
  }

  let count = 0;
  for await (const row of spec.rows) {
    if (out.destroyed) return; // client gone: leaving the loop also closes the rows iterator
    sheet.addRow(spec.columns.map((c) => xlsxValue(c.value(row)))).commit();
    if (++count % ROWS_PER_CHECK === 0) await waitForRoom(out);
  }
  sheet.commit();
  await workbook.commit();
}

export function xlsxStream<Row>(spec: ExportSpec<Row>): Readable {
  const out = new PassThrough({ highWaterMark: 64 * 1024 });
  writeWorkbook(spec, out).catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
