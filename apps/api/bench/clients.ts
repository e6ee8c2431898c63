/**
 * Clients at volume: each API figure beside the same work done bare in the same run —
 * the route's own SQL through the same driver, or ExcelJS alone — printed as a ratio.
 * Volume: BENCH_CLIENTS (default 100,000).
 */
import { rowCount } from '../src/lib/counts/row-counts';
import { PassThrough } from 'node:stream';
import { asc, desc, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../src/db/client';
import { seedLarge } from '../src/modules/seed-large';
import { compileResource } from '../src/lib/crud/compile';
import { EXPORT_BATCH } from '../src/lib/crud/crud.routes';
import { idIn, searchWhere } from '../src/lib/crud/list-query';
import { clientsResource } from '../src/modules/clients/clients.resource';
import { clients } from '../src/lib/clients/clients.table';
import { mediaFor } from '../src/lib/media/media.service';
import { sessionUser } from '../src/plugins/auth';

export const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100_000);
export const RUNS = Number(process.env.BENCH_RUNS ?? 31);
/** Whole-list exports take seconds: their median is over fewer turns. */
const EXPORT_RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);

/**
 * Median times of the API call and of its bare work, run in turns (API, bare, API, …) after a
 * warm-up of each, so that both meet the same cache, autovacuum and garbage-collector weather.
 */
export async function compare(runs: number, api: () => Promise<unknown>, bare: () => Promise<unknown>): Promise<[number, number]> {
  await api();
  await bare();
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const [k, fn] of [api, bare].entries()) {
      const t0 = performance.now();
      await fn();
      times[k].push(performance.now() - t0);
    }
  }
  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return [mid(times[0]), mid(times[1])];
}

export const row = (label: string, api: number, bare: number, extra = '') =>
  `${label.padEnd(46)} API ${api.toFixed(1).padStart(8)} ms   nu ${bare.toFixed(1).padStart(8)} ms   ratio ${(api / bare).toFixed(2).padStart(5)}${extra}`;

/** The session token of an Authorization header, for the session check the bare work repeats. */
export const bearer = (auth: Record<string, string>) => auth.authorization.replace(/^Bearer\s+/i, '');

export async function seedClients(handle: DbHandle) {
  const t0 = performance.now();
  await seedLarge(handle.db, CLIENTS, 'Demo1234!', () => {});
  return performance.now() - t0;
}

/** Runs the list and export measures against a started app whose database holds CLIENTS clients. */
export async function benchClients(app: FastifyInstance, handle: DbHandle, auth: Record<string, string>) {
  const r = compileResource(clientsResource);
  const db = handle.db;
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: auth });
    if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode}`);
    return res;
  };
  const usersOf = clientsResource.fields.find((f) => f.api === 'USERS')!.load!;
  const token = bearer(auth);
  /**
   * The call's SQL alone, in the order the server sends it: the session check, the page rows beside
   * the count (crud.routes.ts), then the page's accounts (USERS) beside its images.
   */
  /** `where`, or the search read as the API reads it (its reference targets first), inside the timed work. */
  const bare =
    (condition: SQL | undefined | (() => Promise<SQL | undefined>), order: (ReturnType<typeof asc> | ReturnType<typeof desc>)[], page: number, perPage = 100) =>
    async () => {
      await sessionUser(db, token, undefined, app.sessionCache);
      const where = typeof condition === 'function' ? await condition() : condition;
      const [rows] = await Promise.all([
        r
          .select(db)
          .rows.where(where)
          .orderBy(...order)
          .limit(perPage)
          .offset((page - 1) * perPage),
        // As the API counts: the kept count for the list with no condition (lib/counts), else count(*).
        where === undefined ? rowCount(db, 'clients') : r.select(db).count.where(where),
      ]);
      const ids = rows.map((x) => x.id as number);
      await Promise.all([usersOf(db, ids), mediaFor(db, 'clients', ids)]);
    };

  const byCode = [asc(r.sortable.CODE_CLIENT), asc(clients.id)];
  const measures: [string, string, () => Promise<unknown>][] = [
    ['clients page 1 (100 lignes)', '/api/clients?page=1&perPage=100', bare(undefined, byCode, 1)],
    [
      'recherche à deux étiquettes',
      '/api/clients?page=1&perPage=100&tags=caf&tags=tunis',
      bare(() => searchWhere(db, r.searchTargets, undefined, ['caf', 'tunis']), byCode, 1),
    ],
    [
      'tri POINTS_FID décroissant',
      '/api/clients?page=1&perPage=100&sort=POINTS_FID&order=desc',
      bare(undefined, [desc(clients.pointsFid), desc(clients.id)], 1),
    ],
    ['page profonde (page 900)', `/api/clients?page=900&perPage=100`, bare(undefined, byCode, 900)],
  ];
  for (const [label, url, bareFn] of measures) {
    const [api, sql] = await compare(RUNS, () => get(url), bareFn);
    console.log(row(label, api, sql));
  }

  // Whole-list exports: the API stream read to its end, beside the bare work.
  const exportOnce = async (path: string) => {
    const before = process.memoryUsage().rss;
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: path, headers: auth, payloadAsStream: true });
    let bytes = 0;
    for await (const chunk of res.stream()) bytes += (chunk as Buffer).length;
    clearInterval(timer);
    return { ms: performance.now() - t0, bytes, peakMb: peak / 1024 / 1024, addedMb: (peak - before) / 1024 / 1024 };
  };
  /**
   * The export's SQL alone: the session check, the ids in order, then the same batches the route reads
   * (the exported columns only; the clients' accounts and images are not among them).
   */
  const bareBatches = async () => {
    await sessionUser(db, token, undefined, app.sessionCache);
    const ids = (
      await r
        .select(db)
        .ids.where(undefined)
        .orderBy(...byCode)
    ).map((x) => x.id);
    for (let i = 0; i < ids.length; i += EXPORT_BATCH) await r.select(db).exportRows.where(idIn(clients.id, ids.slice(i, i + EXPORT_BATCH)));
  };
  /** An export's median over EXPORT_RUNS turns, alternated with its bare work (one run of each is noisy at seconds). */
  const exportMedian = async (path: string, bareWork: () => Promise<unknown>) => {
    const api: Awaited<ReturnType<typeof exportOnce>>[] = [];
    const bare: number[] = [];
    for (let i = 0; i < EXPORT_RUNS; i++) {
      api.push(await exportOnce(path));
      const t = performance.now();
      await bareWork();
      bare.push(performance.now() - t);
    }
    const mid = <T>(xs: T[], key: (x: T) => number) => [...xs].sort((a, b) => key(a) - key(b))[Math.floor(xs.length / 2)];
    const peak = Math.max(...api.map((x) => x.peakMb));
    return { ...mid(api, (x) => x.ms), peakMb: peak, bareMs: mid(bare, (x) => x) };
  };
  const csv = await exportMedian('/api/export/csv', bareBatches);
  console.log(
    row(
      `export CSV (${CLIENTS} lignes, ${(csv.bytes / 1e6).toFixed(1)} Mo)`,
      csv.ms,
      csv.bareMs,
      `   RSS max ${csv.peakMb.toFixed(0)} Mo (+${csv.addedMb.toFixed(0)})`,
    ),
  );

  // ExcelJS alone: the same number of rows and columns, values already in memory (no database).
  const columns = r.exportColumns.length;
  const sample = Array.from({ length: columns }, (_, i) => (i % 3 ? `Valeur ${i}` : i * 1000.5));
  const bareExcel = async () => {
    const out = new PassThrough();
    out.resume();
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
    const sheet = book.addWorksheet('Clients');
    for (let i = 0; i < CLIENTS; i++) sheet.addRow(sample).commit();
    sheet.commit();
    await book.commit();
  };
  const xlsx = await exportMedian('/api/export/excel', bareExcel);
  console.log(row(`export XLSX (${CLIENTS} lignes)`, xlsx.ms, xlsx.bareMs, `   RSS max ${xlsx.peakMb.toFixed(0)} Mo (+${xlsx.addedMb.toFixed(0)})`));
}
