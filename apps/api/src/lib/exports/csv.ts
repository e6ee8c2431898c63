import { Readable } from 'node:stream';
import type { ExportCell, ExportSpec } from './types';

const SEPARATOR = ';'; // French Excel splits on ';' because ',' is its decimal separator
const EOL = '\r\n';
const BOM = '\uFEFF'; // without it, Excel reads the file as CP1252 and mangles accents
/** Rows are grouped into chunks of about this size: one chunk per row would cost a stream round-trip per row. */
const CHUNK_CHARS = 32 * 1024;

/**
 * Text of a cell for CSV and PDF. Numbers get a decimal comma and no grouping, so French Excel reads
 * them as numbers (a '.' would make "12.5" a date or text) and identifiers or years are not split.
 */
export function cellText(value: ExportCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', ',') : '';
  return value;
}

// A plain number, signed or not, with either decimal mark: Excel reads it as a value, never as a formula.
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/;
// Spreadsheets evaluate cells starting with these as formulas (CSV injection, OWASP).
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: formula-looking text is neutralised with an apostrophe, then quoted if needed. */
export function csvField(value: ExportCell): string {
  let text = cellText(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvStream<Row>(spec: ExportSpec<Row>): Readable {
  async function* chunks(): AsyncGenerator<string> {
    let buffer = BOM + spec.columns.map((c) => csvField(c.header)).join(SEPARATOR) + EOL;
    for await (const row of spec.rows) {
      buffer += spec.columns.map((c) => csvField(c.value(row))).join(SEPARATOR) + EOL;
      if (buffer.length >= CHUNK_CHARS) {
        yield buffer;
        buffer = '';
      }
    }
    yield buffer;
  }
  // Readable.from pulls the next chunk only when the consumer wants more: backpressure reaches `rows`.
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
}
