// The XLSX writer's thread (see xlsx.ts). Plain JavaScript so that it runs as is under tsx, vitest or
// node. ExcelJS takes ~100 µs of CPU per row; here it works beside the main thread, which keeps
// reading the database and answering the other requests instead of freezing for the whole export.
//
// Messages in:  { rows: cell[][] } (a batch), then { end: true }.
// Messages out: { chunk: Uint8Array } (file bytes, in order), { ack: true } after each batch once
//               the zip compressor has caught up with it (see caughtUp),
//               then { done: true }, or { error: message }.
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

const { title, headers, widths } = workerData;

// ExcelJS ignores backpressure; the main thread paces the batches instead, by the acks.
const sink = new Writable({
  write(chunk, _encoding, callback) {
    parentPort.postMessage({ chunk });
    callback();
  },
});

const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
  stream: sink,
  useSharedStrings: false, // a shared-strings table would keep every distinct string in memory
  useStyles: true, // needed for the bold header
});
const sheet = workbook.addWorksheet(title, { views: [{ state: 'frozen', ySplit: 1 }] });
sheet.columns = widths.map((width) => ({ width }));
const header = sheet.addRow(headers);
header.font = { bold: true };
header.commit();
if (headers.length > 0) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: headers.length } };

async function end() {
  sheet.commit();
  await workbook.commit(); // resolves once the sink has taken the last bytes
  parentPort.postMessage({ done: true });
}

/**
 * ExcelJS writes the sheet's XML into the zip entry without waiting for the compressor: left alone,
 * the uncompressed sheet (≈2.5 KB a row) piles up in the entry's buffer, 250 MB at 100,000 rows.
 * Each batch is therefore acknowledged only once the compressor has caught up, which is what paces
 * the main thread. (The entry stream is an ExcelJS internal; without it the batch is acked at once.)
 */
const ZIP_BACKLOG = 1 << 20;
async function caughtUp() {
  const entry = sheet.stream?.pipes?.[0];
  while (entry?._writableState && entry._writableState.length > ZIP_BACKLOG) {
    await new Promise((resolve) => entry.once('drain', resolve));
  }
}

async function handle(message) {
  if (message.rows) {
    for (const row of message.rows) sheet.addRow(row).commit();
    await caughtUp();
    parentPort.postMessage({ ack: true });
  } else if (message.end) await end();
}

// Batches are handled one after the other, even while one waits for the compressor.
let queue = Promise.resolve();
parentPort.on('message', (message) => {
  queue = queue.then(() => handle(message)).catch((error) => parentPort.postMessage({ error: String(error?.message ?? error) }));
});
