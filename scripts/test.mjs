#!/usr/bin/env node
// The README's test command: type-check, lint, unit tests, API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set; in CI, PostgreSQL again under the current Node LTS), browser tests in
// Chromium. Ends with the plain line "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const failures = [];
/**
 * Each failed test (phase, file, name, the first line of its error), printed again at the end of the
 * run: CI keeps only the output's last lines, and the phase alone does not say what to look at.
 */
const failedTests = [];
/** Each phase's label and minutes, printed at the end: where CI's 90 minutes go. */
const phases = [];
const runStarted = performance.now();

/** Runs fn, records its duration as a phase. */
async function timed(label, fn) {
  const started = performance.now();
  try {
    return await fn();
  } finally {
    phases.push([label, (performance.now() - started) / 60_000]);
  }
}

function run(label, cmd, args, opts = {}) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { cwd: opts.cwd ?? root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  return r.status === 0;
}

/** A check that is one test: type-check, lint. */
function check(label, cmd, args, opts) {
  const started = performance.now();
  const ok = run(label, cmd, args, opts);
  phases.push([label, (performance.now() - started) / 60_000]);
  if (ok) passed++;
  else {
    failed++;
    failures.push(label);
  }
}

/**
 * The current Node LTS. The product supports Node 20.19+ (this machine's), 22 and 24: CI runs the API
 * suite once more under the LTS, on PostgreSQL only (the production database; one database is enough
 * to prove the runtime, and keeps the added time to one suite). npx takes the binary from the npm
 * registry's `node` package, cached after the first run.
 */
const LTS_NODE = '24';
/**
 * What the LTS run repeats: the files that lean on Node's own APIs (crypto and scrypt, streams and the
 * export writers, fetch, child processes and signals, the file system and S3, worker threads), not every
 * route a second time: the whole suite under the LTS pushed CI past its 90 minutes.
 */
const LTS_FILES = [
  'src/lib/exports',
  'test/runtime/startup.test.ts',
  'test/runtime/start.test.ts',
  'test/auth/auth-login.test.ts',
  'test/app/app-auth.test.ts',
  'test/runtime/storage-contract.test.ts',
  'test/runtime/storage-s3.test.ts',
  'test/exports/export-jobs.test.ts',
  'test/catalogue/products-pdf.test.ts',
  'test/sync/sync.test.ts',
  'test/webhooks/webhooks-delivery.test.ts',
  'test/contract/security-headers.test.ts',
  'test/contract/concurrency.test.ts',
  'test/runtime/pglite-thread.test.ts',
];

/**
 * A vitest suite: its own counts are added (a suite that runs no test counts as a failure). With
 * `node`, vitest and the processes it starts run under that Node major instead of this one.
 */
function vitest(label, cwd, args, env = {}, node = null) {
  const out = path.join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const vitestArgs = ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${out}`];
  const [cmd, cmdArgs] = node
    ? ['npx', ['--yes', '--package', `node@${node}`, 'node', path.join(root, 'node_modules/vitest/vitest.mjs'), ...vitestArgs]]
    : ['npx', ['vitest', ...vitestArgs]];
  const started = performance.now();
  const ok = run(label, cmd, cmdArgs, { cwd, env });
  const minutes = (performance.now() - started) / 60_000;
  phases.push([label, minutes]);
  console.log(`(${label} : ${minutes.toFixed(1)} min)`);
  let p = 0;
  let f = 0;
  if (existsSync(out)) {
    const json = JSON.parse(readFileSync(out, 'utf8'));
    p = json.numPassedTests ?? 0;
    // Failed tests, and files that failed with none of their tests failing (an error on import or in a
    // hook). The report's numFailedTestSuites counts a file and each of its describe blocks again.
    f = json.numFailedTests ?? 0;
    for (const file of json.testResults ?? []) {
      const where = path.relative(cwd, file.name);
      const firstLine = (text) =>
        (text ?? '')
          .split('\n')
          .find((line) => line.trim())
          ?.trim()
          .slice(0, 300) ?? '';
      const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of tests) failedTests.push(`${label} · ${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      if (!tests.length && file.status === 'failed') {
        f++;
        failedTests.push(`${label} · ${where}: ${firstLine(file.message)}`);
      }
    }
  }
  if (!ok && f === 0) f = 1; // crashed before reporting
  if (p + f === 0) f = 1; // ran nothing
  passed += p;
  failed += f;
  if (f) failures.push(label);
}

/** Debian packages the tests use: Chromium (browser tests), poppler-utils (reading exported PDFs back). */
const DEBIAN_TOOLS = [
  { pkg: 'chromium', bin: '/usr/bin/chromium' },
  { pkg: 'poppler-utils', bin: '/usr/bin/pdftotext' },
];

function ensureDebianTools() {
  const missing = DEBIAN_TOOLS.filter((t) => !existsSync(t.bin)).map((t) => t.pkg);
  if (!missing.length) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Paquets manquants : installez-les avec « sudo apt-get install -y ${missing.join(' ')} » (paquets Debian), puis relancez npm test.`);
    return false;
  }
  console.log(`Installation de ${missing.join(', ')} (paquets Debian)…`);
  return (
    run('apt-get update', 'apt-get', ['update', '-qq']) &&
    run(`apt-get install ${missing.join(' ')}`, 'apt-get', ['install', '-y', '-qq', ...missing], { env: { DEBIAN_FRONTEND: 'noninteractive' } })
  );
}

const toolsReady = ensureDebianTools();

/**
 * Checks run side by side, each one test: a type-check is one thread's work, and the machine has more.
 * Each check's output is printed whole when it ends, so outputs do not interleave.
 */
async function checksTogether(list) {
  const results = await Promise.all(
    list.map(
      ([label, cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { cwd: root, env: process.env });
          let out = '';
          child.stdout.on('data', (d) => {
            out += d;
          });
          child.stderr.on('data', (d) => {
            out += d;
          });
          child.on('close', (code) => resolve({ label, ok: code === 0, out }));
        }),
    ),
  );
  for (const { label, ok, out } of results) {
    console.log(`\n=== ${label} ===\n${out}`);
    if (ok) passed++;
    else {
      failed++;
      failures.push(label);
    }
  }
}

await timed('type-checks and lint, side by side', () =>
  checksTogether([
    ...['packages/domain', 'apps/api', 'apps/web', 'apps/web/src/e2e'].map((project) => [`type-check ${project}`, 'npx', ['tsc', '-p', project, '--noEmit']]),
    ['lint', 'npx', ['biome', 'check', '.']],
    ['no issue or spec numbers', 'node', ['scripts/check-references.mjs']],
  ]),
);
vitest('unit: domain', path.join(root, 'packages/domain'), []);
vitest('unit: web', path.join(root, 'apps/web'), []);
vitest('api: PGlite', path.join(root, 'apps/api'), []);
if (process.env.TEST_DATABASE_URL) {
  // The files that never use the run's database ran on PGlite already (apps/api/vitest.config.ts).
  vitest('api: PostgreSQL', path.join(root, 'apps/api'), [], { API_TEST_DB: 'postgres', API_TEST_DATABASE_ONLY: '1' });
  if (process.env.CI && process.versions.node.split('.')[0] !== LTS_NODE) {
    vitest(`api: PostgreSQL, Node ${LTS_NODE}`, path.join(root, 'apps/api'), LTS_FILES, { API_TEST_DB: 'postgres' }, LTS_NODE);
  }
} else {
  console.log('\n(TEST_DATABASE_URL non défini : tests API sur PostgreSQL ignorés)');
}
if (toolsReady) {
  check('build web', 'npm', ['run', 'build', '-w', 'apps/web']);
  check('bundle budget', 'node', ['scripts/bundle-budget.mjs']);
  vitest('browser: Chromium', path.join(root, 'apps/web'), ['-c', 'vitest.e2e.config.ts']);
} else {
  failed++;
  failures.push('browser: paquets Debian manquants');
}

console.log('\nDurée par phase :');
for (const [label, minutes] of phases) console.log(`  ${label.padEnd(40)} ${minutes.toFixed(1).padStart(5)} min`);
console.log(`  ${'total'.padEnd(40)} ${((performance.now() - runStarted) / 60_000).toFixed(1).padStart(5)} min`);
if (failedTests.length) {
  console.log(`\nTests en échec (${failedTests.length}${failedTests.length > 30 ? ', les 30 premiers' : ''}) :`);
  for (const line of failedTests.slice(0, 30)) console.log(`  ${line}`);
}
if (failures.length) console.log(`\nÉchecs : ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
