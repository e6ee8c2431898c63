/**
 * Streaming exports of whole filtered lists (CSV, XLSX, PDF). Rows are pulled from an async iterable
 * only as fast as the client downloads, so 100,000 rows never sit in memory at once.
 *
 * Route usage:
 *   reply.header('Content-Type', EXPORT_CONTENT_TYPES[format])
 *        .header('Content-Disposition', contentDisposition('activites', format));
 *   return reply.send(exportStream({ format, fileName: 'activites', title: 'Activités', ... }));
 */
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http';
import { csvStream } from './csv';
import { pdfStream } from './pdf';
import type { ExportFormat, ExportSpec } from './types';
import { xlsxStream } from './xlsx';

export type { CountedRows, ExportCell, ExportColumn, ExportFormat, ExportSpec } from './types';

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/**
 * Returns a Node Readable producing the file; the caller pipes it to the Fastify reply with
 * Content-Type and `Content-Disposition: attachment; filename="<fileName>.<ext>"`.
 * If `rows` throws, the stream is destroyed with that error (the download is then cut short:
 * headers are already sent, so there is no other way to tell the client).
 */
export function exportStream<Row>(spec: ExportSpec<Row>): Readable {
  switch (spec.format) {
    case 'csv':
      return csvStream(spec);
    case 'xlsx':
      return xlsxStream(spec);
    case 'pdf':
      return pdfStream(spec);
    default:
      throw new Error(`Format d'export inconnu : ${String(spec.format satisfies never)}`);
  }
}

/**
 * Sends an export as the reply of a route: the first row is read BEFORE the headers go out, so a
 * query that fails at once (a NUL byte in a search, a value the database refuses) becomes the
 * API's error reply (422…) instead of a file header followed by a broken stream, which Fastify can
 * only answer with a 500 (FST_ERR_FAILED_ERROR_SERIALIZATION). Every export route sends through it.
 *
 * Asked with `job=1` (a route whose querystring declares it: every list's export, lib/crud/schemas.ts),
 * the export runs in the background instead: the first row read here has fixed the
 * list's ids, so the file holds the rows of the filter at this moment; the reply is 202
 * `{ id, total }` and the file is written into the storage by lib/exports/jobs. A user with
 * EXPORT_JOBS_PER_USER exports running (on any node), or a node writing EXPORT_JOBS_PER_NODE, gets a
 * 429 (EXPORT_JOB_MSG) before the list is read. A direct download is rationed the same way on the node
 * that streams it (DirectExportSeats).
 */
export async function sendExport<Row>(reply: FastifyReply, spec: ExportSpec<Row>): Promise<FastifyReply> {
  if (asksForJob(reply.request)) {
    const owner = reply.request.user?.id;
    if (owner === undefined) throw new AppError(401, 'Authentification requise');
    const route = `${reply.request.method} ${reply.request.routeOptions.url ?? ''}`;
    const jobs = reply.server.exportJobs;
    // Admitted before the list is read: past the running exports allowed (per user, per node) the
    // answer is a 429 and nothing is read or started.
    const id = await jobs.admit(owner, route, spec);
    let rows: AsyncIterable<Row>;
    try {
      rows = await started(spec.rows);
    } catch (err) {
      await jobs.withdraw(id).catch(() => {});
      throw err;
    }
    const total = spec.rows.total ?? null;
    await jobs.launch(id, { ...spec, rows }, total);
    return reply.code(202).send({ success: true, data: { id, total } });
  }
  // A download streams from its first row to its end: it holds one of this node's seats meanwhile
  // (direct-seats.ts), taken before the list is read.
  const owner = reply.request.user?.id;
  const release = owner === undefined ? () => {} : reply.server.directExports.take(owner);
  try {
    const rows = await started(spec.rows);
    reply.header('content-type', EXPORT_CONTENT_TYPES[spec.format]);
    reply.header('content-disposition', contentDisposition(spec.fileName, spec.format));
    const stream = exportStream({ ...spec, rows });
    // Ended, failed or dropped by its client: a stream closes once, whichever comes.
    stream.once('close', release);
    // A stream is sent as is: the reply schema only documents the file types.
    return reply.send(stream as never);
  } catch (err) {
    release();
    throw err;
  }
}

const asksForJob = (req: FastifyRequest) => (req.query as { job?: unknown } | undefined)?.job === '1';

/** The same rows, the first one already read (its error thrown here). */
async function started<Row>(source: AsyncIterable<Row>): Promise<AsyncIterable<Row>> {
  const it = source[Symbol.asyncIterator]();
  const first = await it.next();
  async function* rest(): AsyncGenerator<Row> {
    try {
      if (first.done) return;
      yield first.value;
      for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
    } finally {
      // A download dropped mid-way closes the source too (its finally blocks run).
      await it.return?.();
    }
  }
  return rest();
}

/**
 * `attachment` header value: an ASCII fallback `filename` (accents stripped, unsafe characters
 * replaced) for old clients, plus the exact UTF-8 name as RFC 5987 `filename*`.
 */
export function contentDisposition(fileName: string, ext: string): string {
  // Path separators and control characters never belong in a downloaded file name.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  const name = `${fileName}.${ext}`.replace(/[\u0000-\u001f\u007f/\\]/g, '_');
  const ascii =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["%;]/g, '_')
      .trim() || `export.${ext}`;
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
