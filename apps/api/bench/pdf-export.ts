/**
 * The PDF export of the whole clients list (BENCH_CLIENTS rows) beside a page of clients asked again
 * and again while it is written. pdfkit draws and compresses synchronously; the writer lets the event
 * loop run every PDF_YIELD_MS (lib/exports/pdf.ts), so other calls are served during the export. Prints
 * the longest event-loop stall during the export, and the page's median latency during the export
 * beside the same page alone, as a ratio. BENCH_PDF=0 skips it.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { PDF_YIELD_MS, pdfDrawing } from '../src/lib/exports/pdf';
import { CLIENTS, RUNS } from './clients';

const PAGE = '/api/clients?page=1&perPage=100';
const EXPORT = '/api/clients/export/pdf';

const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchPdfExport(app: FastifyInstance, auth: Record<string, string>) {
  const page = async () => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: PAGE, headers: auth });
    if (res.statusCode !== 200) throw new Error(`${PAGE} → ${res.statusCode}`);
    return performance.now() - t0;
  };
  // Warm-up: the page, and a PDF of no row (pdfkit, bidi-js and the fonts are loaded by the first PDF).
  await page();
  const empty = await app.inject({ method: 'GET', url: `${EXPORT}?search=aucun-client-de-ce-nom`, headers: auth });
  if (empty.statusCode !== 200) throw new Error(`${EXPORT} → ${empty.statusCode}`);

  // The machine's own weather: the longest stall while only the page is asked.
  const quiet = monitorEventLoopDelay({ resolution: 10 });
  quiet.enable();
  const alone: number[] = [];
  for (let i = 0; i < RUNS; i++) alone.push(await page());
  quiet.disable();

  const loop = monitorEventLoopDelay({ resolution: 10 });
  pdfDrawing.longestMs = 0;
  loop.enable();
  const t0 = performance.now();
  let exported = false;
  const file = (async () => {
    const res = await app.inject({ method: 'GET', url: EXPORT, headers: auth, payloadAsStream: true });
    if (res.statusCode !== 200) throw new Error(`${EXPORT} → ${res.statusCode}`);
    let bytes = 0;
    for await (const chunk of res.stream()) bytes += (chunk as Buffer).length;
    return bytes;
  })().finally(() => {
    exported = true;
  });
  const during: number[] = [];
  do during.push(await page());
  while (!exported);
  const bytes = await file;
  const ms = performance.now() - t0;
  loop.disable();

  const stall = loop.max / 1e6;
  console.log(
    `${`export PDF (${CLIENTS} lignes, ${(bytes / 1e6).toFixed(1)} Mo)`.padEnd(46)} ${(ms / 1000).toFixed(1).padStart(7)} s   plus long dessin sans pause ${pdfDrawing.longestMs.toFixed(0)} ms (objectif ≤ 50 ; pause toutes les ${PDF_YIELD_MS} ms) ; plus long arrêt de la boucle ${stall.toFixed(0)} ms, appels servis compris (p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms ; sans export ${(quiet.max / 1e6).toFixed(0)} ms)`,
  );
  const [a, d] = [mid(alone), mid(during)];
  console.log(
    `${'clients page 1 pendant l’export PDF'.padEnd(46)} seule ${a.toFixed(1).padStart(7)} ms   pendant ${d.toFixed(1).padStart(7)} ms   ratio ${(d / a).toFixed(2).padStart(5)}   (max ${Math.max(...during).toFixed(0)} ms, ${during.length} appels)`,
  );
}
