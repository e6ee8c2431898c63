import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { ExportCell, ExportColumn, ExportSpec } from './types';

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
  return weights.map((w, i) => Math.min(80, Math.max(8, Math.round((16 * w) / mean), columns[i].header.length + 2)));
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

/** Rows sent to the writer's thread at once, and batches in flight (one written, one waiting). */
const BATCH_ROWS = 500;
const IN_FLIGHT = 2;
const WORKER = new URL('./xlsx-worker.mjs', import.meta.url);

type FromWorker = { chunk: Uint8Array } | { ack: true } | { done: true } | { error: string };

/**
 * The workbook is written by ExcelJS in a worker thread (xlsx-worker.mjs): this thread turns rows into
 * cells and sends them by batches, at most IN_FLIGHT unacknowledged, and none while the file bytes
 * already produced wait for the client (backpressure reaches `rows`). A 100,000-row export thus no
 * longer holds the event loop for the ten seconds ExcelJS needs, and reading the next rows overlaps
 * with writing the last ones.
 */
export function xlsxStream<Row>(spec: ExportSpec<Row>): Readable {
  const worker = new Worker(WORKER, {
    // ExcelJS's live data is a few rows and the zip window: a small heap makes it collect as it goes
    // instead of letting garbage pile up (a 8 MB young generation alone saves 40 MB of RSS).
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 },
    // Plain JavaScript: the parent's flags (tsx's loader, vitest's) would only load more code in here.
    execArgv: [],
    workerData: { title: sheetName(spec.title), headers: spec.columns.map((c) => xlsxValue(c.header)), widths: columnWidths(spec.columns) },
  });
  let wake: (() => void) | null = null;
  const nudge = () => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  let unacked = 0;
  let written = false;
  const out = new Readable({
    highWaterMark: 64 * 1024,
    read: nudge,
    destroy(error, callback) {
      nudge();
      void worker.terminate();
      callback(error);
    },
  });
  worker.on('message', (message: FromWorker) => {
    if ('chunk' in message) out.push(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength));
    else if ('ack' in message) {
      unacked--;
      nudge();
    } else if ('done' in message) {
      written = true;
      out.push(null);
      void worker.terminate();
    } else out.destroy(new Error(message.error));
  });
  worker.on('error', (error) => out.destroy(error));
  // A writer that stops without saying done (killed, out of memory) must not leave the download hanging.
  worker.on('exit', () => {
    if (!written && !out.destroyed) out.destroy(new Error("L'écriture du fichier XLSX s'est arrêtée"));
  });

  /** Waits while the writer has enough to do or the client has not taken what is ready. */
  const room = async () => {
    while (!out.destroyed && (unacked >= IN_FLIGHT || out.readableLength >= out.readableHighWaterMark)) {
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  };
  const send = async (rows: (string | number | null)[][]) => {
    await room();
    if (out.destroyed) return;
    unacked++;
    worker.postMessage({ rows });
  };
  (async () => {
    let batch: (string | number | null)[][] = [];
    for await (const row of spec.rows) {
      if (out.destroyed) return; // client gone: leaving the loop also closes the rows iterator
      batch.push(spec.columns.map((c) => xlsxValue(c.value(row))));
      if (batch.length === BATCH_ROWS) {
        await send(batch);
        batch = [];
      }
    }
    if (batch.length) await send(batch);
    if (!out.destroyed) worker.postMessage({ end: true });
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
