/**
 * Hostile bodies: the time to refuse a 1 MB body built to make a sanitiser quadratic,
 * beside a 1 MB ordinary body refused by the same route in the same run (target: ratio ≤ 2), and the
 * slowest answer of GET /api/health polled while the hostile body is in flight (target: < 100 ms).
 * Each pattern is sent twice: as one 1 MB string (longer than any field: refused before it is
 * scanned) and as ten strings of 100,000 characters (the longest a field takes: scanned in full).
 * Run inside `npm run bench`, or alone: `npx tsx bench/hostile.ts` (embedded database).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const SIZE = 1_000_000;
const RUNS = Number(process.env.BENCH_HOSTILE_RUNS ?? 15);
const fill = (unit: string) => unit.repeat(Math.floor(SIZE / unit.length));

const BODIES: [string, string][] = [
  ['<script x répété', fill('<script x')],
  ['balises imbriquées <script><script>', fill('<script><script>')],
  ['suite de <', fill('<')],
  ['PHP non fermé <?', fill('<?')],
  ['fermetures </script sans >', fill('</script ')],
];
// ASCII like the hostile bodies, so both weigh the same on the wire (under the 1 MiB body limit).
const ORDINARY = fill('Epicerie du centre ');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One string in `email`, or ten fields of 100,000 characters beside it. */
function bodyOf(text: string, split: boolean): string {
  if (!split) return JSON.stringify({ email: text, password: 'x' });
  const fields: Record<string, string> = { email: 'x', password: 'x' };
  for (let k = 0; k < 10; k++) fields[`f${k}`] = text.slice(k * 100_000, (k + 1) * 100_000);
  return JSON.stringify(fields);
}

async function post(base: string, body: string): Promise<{ ms: number; status: number }> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/loginBO`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  await res.arrayBuffer();
  return { ms: performance.now() - t0, status: res.status };
}

/** The slowest /api/health answer while `work` runs, polled one after another. */
async function slowestHealthDuring(base: string, work: Promise<unknown>): Promise<number> {
  let done = false;
  void work.finally(() => {
    done = true;
  });
  let worst = 0;
  while (!done) {
    const t0 = performance.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    worst = Math.max(worst, performance.now() - t0);
  }
  await work;
  return worst;
}

export async function benchHostile(base: string) {
  console.log(`\nCorps hostiles de 1 Mo refusés par POST /api/loginBO, médiane de ${RUNS} envois en alternance avec un corps ordinaire de 1 Mo`);
  for (const [name, text] of BODIES.flatMap(
    ([l, t]) =>
      [
        [`${l}, 1 chaîne`, t, false],
        [`${l}, 10 × 100 000`, t, true],
      ] as const,
  )) {
    const label = name;
    const hostileBody = bodyOf(text, name.endsWith('100 000'));
    const ordinaryBody = bodyOf(ORDINARY, name.endsWith('100 000'));
    const hostile: number[] = [];
    const ordinary: number[] = [];
    let worstHealth = 0;
    let statuses = new Set<number>();
    for (let k = 0; k < RUNS; k++) {
      const o = await post(base, ordinaryBody);
      ordinary.push(o.ms);
      const work = post(base, hostileBody);
      worstHealth = Math.max(worstHealth, await slowestHealthDuring(base, work));
      const h = await work;
      hostile.push(h.ms);
      statuses = new Set([...statuses, h.status, o.status]);
    }
    const ratio = median(hostile) / median(ordinary);
    console.log(
      `${label.padEnd(52)} ${median(hostile).toFixed(1).padStart(7)} ms   ordinaire ${median(ordinary).toFixed(1).padStart(7)} ms   ratio ${ratio.toFixed(2)} (cible ≤ 2)   /api/health au pire ${worstHealth.toFixed(1)} ms (cible < 100)   statuts ${[...statuses].join(',')}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { buildApp } = await import('../src/app');
  const { loadConfig } = await import('../src/config');
  const { openDatabase } = await import('../src/db/client');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-bench-'));
  const handle = await openDatabase({});
  await handle.migrate();
  const app = await buildApp({ config: loadConfig({ CAPTCHA: 'off', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), database: handle, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    await benchHostile(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
  } finally {
    await app.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
