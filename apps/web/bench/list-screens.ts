/**
 * npm run bench -w apps/web — not a test: how soon a list of 100 rows answers the user once its data
 * has arrived, on every list screen of the admin's menu, beside the same 100 rows drawn bare (one plain
 * DOM table, no React, no PrimeReact) in the same browser and the same run.
 *
 * The server runs as `npm start` runs it (apps/api/dist/server.mjs, embedded database, demo data) in a
 * process of its own; Chromium at 1366×900 signs in as the admin. Each list opens with `?perPage=100`;
 * from the last byte of its data, the bench finds the first row and moves the pointer onto it, each
 * step waiting for the page's main thread as a click would; the figure is the time until the page
 * handles that pointer event on the row. Also printed: Chromium's main-thread long tasks summed over the
 * 3 s after the data. Each screen is opened once unmeasured (its code loads), then BENCH_LIST_RUNS times
 * (default 3), and the median is printed; BENCH_LISTS=users,orders measures only those screens,
 * BENCH_LIST_TRACE=1 prints each opening's long tasks. The target: under 1 s on every list.
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MENU } from '@app/domain';
import { chromium, type Page } from 'playwright-core';

const webRoot = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(webRoot, '../..');
const apiRoot = path.join(repoRoot, 'apps/api');
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 3);
const ROWS = 100;
const TARGET_MS = 1000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

async function startServer(): Promise<{ base: string; server: ChildProcess; dataDir: string }> {
  if (!existsSync(path.join(webRoot, 'dist/index.html'))) execSync('npm run build -w apps/web', { cwd: repoRoot, stdio: 'inherit' });
  execSync('node build.mjs', { cwd: apiRoot, stdio: 'inherit' });
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lists-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const server = spawn(process.execPath, ['dist/server.mjs'], { cwd: apiRoot, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (
      await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return { base, server, dataDir };
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not answer /api/health');
}

/** In every page: when a pointer event first reaches a row, and the long tasks, both in the page's clock. */
const PROBE = () => {
  const w = window as unknown as { __bench: { clickAt: number | null; longTasks: { start: number; duration: number }[] } };
  w.__bench = { clickAt: null, longTasks: [] };
  // (No named function in here: the page runs this text, without the bundler's helpers.)
  for (const type of ['pointerover', 'pointerdown'])
    document.addEventListener(
      type,
      (e) => {
        if (e.target instanceof Element && e.target.closest('tbody tr')) w.__bench.clickAt ??= performance.now();
      },
      { capture: true },
    );
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__bench.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
};

interface Sample {
  /** From the data response's last byte to the first pointer event handled on a row. */
  firstClickMs: number;
  /** Main-thread long tasks in the 3 s after the data. */
  busyMs: number;
  rows: number;
  /** The long tasks around the data (start after the data's end + duration, ms), for BENCH_LIST_TRACE. */
  tasks?: string[];
}

/** Opens the list, points at its first row as soon as it shows, and reads the probe. */
async function openOnce(page: Page, url: string, isData: (u: string) => boolean): Promise<(Sample & { data: Record<string, unknown>[] }) | null> {
  await page.goto('about:blank');
  await page.mouse.move(0, 0);
  const data = page.waitForResponse((r) => isData(r.url()), { timeout: 10_000 }).catch(() => null);
  await page.goto(url, { waitUntil: 'commit' });
  const response = await data;
  if (!response) return null;
  await response.finished();
  const body = (await response.json().catch(() => ({ data: [] }))) as { data?: Record<string, unknown>[] };
  // The user points at the first row as soon as it shows: finding it and moving the pointer there each
  // wait for the page's main thread, as a click would.
  const row = await page.locator('.dt-resource tbody tr:not(.p-datatable-emptymessage)').first().boundingBox({ timeout: 10_000 });
  if (!row) return null;
  // Its first cells, inside the window: the row itself may be wider than the screen.
  await page.mouse.move(row.x + 60, row.y + row.height / 2);
  await page.waitForTimeout(3000);
  const sample = await page.evaluate(
    ({ dataUrl }) => {
      const w = window as unknown as { __bench: { clickAt: number | null; longTasks: { start: number; duration: number }[] } };
      const entry = performance.getEntriesByType('resource').find((e) => e.name === dataUrl) as PerformanceResourceTiming | undefined;
      const end = entry?.responseEnd ?? 0;
      const busy = w.__bench.longTasks.filter((t) => t.start + t.duration > end && t.start < end + 3000).reduce((s, t) => s + t.duration, 0);
      const tasks = w.__bench.longTasks.filter((t) => t.start + t.duration > end - 500).map((t) => `${Math.round(t.start - end)}+${Math.round(t.duration)}`);
      return {
        tasks,
        firstClickMs: (w.__bench.clickAt ?? Number.NaN) - end,
        busyMs: busy,
        rows: document.querySelectorAll('.dt-resource tbody tr:not(.p-datatable-emptymessage)').length,
      };
    },
    { dataUrl: response.url() },
  );
  return { ...sample, data: body.data ?? [] };
}

/** Opens the screen once: a list asks for a page of ROWS rows. */
async function isList(page: Page, url: string, isData: (u: string) => boolean): Promise<boolean> {
  const data = page.waitForResponse((r) => isData(r.url()), { timeout: 10_000 }).catch(() => null);
  await page.goto(url);
  return (
    !!(await data) &&
    (await page
      .locator('.dt-resource tbody tr')
      .first()
      .waitFor({ timeout: 10_000 })
      .then(
        () => true,
        () => false,
      ))
  );
}

/** The same rows drawn bare: one plain table of every field's text, and the same pointer on its first row. */
async function bareOnce(page: Page, rows: Record<string, unknown>[]): Promise<Sample> {
  await page.goto('about:blank');
  await page.setContent('<div id="t"></div>');
  await page.evaluate(PROBE);
  const at = page.evaluate((data) => {
    const start = performance.now();
    const table = document.createElement('table');
    const body = table.createTBody();
    const keys = Object.keys(data[0] ?? {});
    for (const row of data) {
      const tr = document.createElement('tr');
      for (const k of keys) {
        const td = document.createElement('td');
        const v = row[k];
        td.textContent = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
        tr.append(td);
      }
      body.append(tr);
    }
    document.getElementById('t')!.append(table);
    return start;
  }, rows);
  const start = await at;
  const row = await page.locator('tbody tr').first().boundingBox();
  await page.mouse.move(0, 0);
  await page.mouse.move((row?.x ?? 0) + 20, (row?.y ?? 0) + (row?.height ?? 0) / 2);
  await page.waitForTimeout(300);
  return page.evaluate((s) => {
    const w = window as unknown as { __bench: { clickAt: number | null; longTasks: { start: number; duration: number }[] } };
    return {
      firstClickMs: (w.__bench.clickAt ?? Number.NaN) - s,
      busyMs: w.__bench.longTasks.reduce((sum, t) => sum + t.duration, 0),
      rows: document.querySelectorAll('tr').length,
    };
  }, start);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (n: number) => `${Math.round(n).toString().padStart(5)} ms`;

async function main() {
  const { base, server, dataDir } = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 900 }, locale: 'fr-FR' });
    await context.addCookies([{ name: 'myShinyCookie', value: 'true', url: base }]);
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('#email').fill('admin@demo.tn');
    await page.locator('#password').fill('Demo1234!');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(/\/layout\//);

    console.log(
      `\nListes de ${ROWS} lignes, Chromium 1366×900, médiane de ${RUNS} ouvertures : première ligne qui répond au pointeur après l’arrivée des données (cible ≤ ${TARGET_MS} ms)`,
    );
    console.log(`${'écran'.padEnd(34)} ${'lignes'.padStart(6)}  ${'réponse'.padStart(8)}  ${'occupé 3 s'.padStart(10)}  ${'nu'.padStart(8)}  rapport`);
    const only = process.env.BENCH_LISTS?.split(',').filter(Boolean);
    const screens = MENU.flatMap((g) => g.entries.map((e) => ({ key: e.key, path: e.path }))).filter((s) => !only || only.includes(s.key));
    const slow: string[] = [];
    for (const s of screens) {
      const samples: (Sample & { data: Record<string, unknown>[] })[] = [];
      const isData = (u: string) => u.includes('/api/') && u.includes(`perPage=${ROWS}`);
      // A first opening, not measured: it loads the screen's code (and says whether it is a list).
      if (!(await isList(page, `${s.path}?perPage=${ROWS}`, isData))) continue;
      for (let i = 0; i < RUNS; i++) {
        const sample = await openOnce(page, `${s.path}?perPage=${ROWS}`, isData);
        if (!sample) break;
        if (process.env.BENCH_LIST_TRACE) console.log(`  ${s.key}: clic ${Math.round(sample.firstClickMs)} ms, tâches longues ${sample.tasks?.join(' ')}`);
        samples.push(sample);
      }
      if (!samples.length) continue;
      // The bare reference draws the rows this list received.
      const rows = samples[0].data;
      const bare: Sample[] = [];
      for (let i = 0; i < RUNS; i++) bare.push(await bareOnce(page, rows));
      await page.goto('/layout/dashboard', { waitUntil: 'commit' });
      const click = median(samples.map((x) => x.firstClickMs));
      const bareClick = median(bare.map((x) => x.firstClickMs));
      if (click > TARGET_MS) slow.push(s.key);
      console.log(
        `${s.key.padEnd(34)} ${String(samples[0].rows).padStart(6)}  ${ms(click)}  ${ms(median(samples.map((x) => x.busyMs)))}    ${ms(bareClick)}  ${(click / Math.max(1, bareClick)).toFixed(1)}×`,
      );
    }
    console.log(slow.length ? `Au-delà de ${TARGET_MS} ms : ${slow.join(', ')}` : `Toutes les listes répondent en moins de ${TARGET_MS} ms.`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
