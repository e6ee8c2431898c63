import { type ChildProcess, execSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { openDatabase } from '../../src/db/client';
import { seedDemoAccounts } from '../../src/db/seed-accounts';
import { createDatabase, onPostgres } from '../support/helpers';
import { startS3 } from '../support/s3-server';

/**
 * `npm start` as a server host runs it: `npm run build` once, then each start runs the
 * built server (apps/api/dist, serving apps/web/dist) without building, under apps/api's start flags,
 * with the launch folder's `.env` loaded and the environment winning over it. Outside production, a
 * source newer than its artefact is rebuilt before the start. Real processes, through `npm start`.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const serverBundle = path.join(root, 'apps/api/dist/server.mjs');
const webPage = path.join(root, 'apps/web/dist/index.html');
const mtime = (file: string) => statSync(file).mtimeMs;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Every process under `pid` (Linux), to see the command line npm start gave the server. */
function descendants(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
  );
  return children.flatMap((child) => [child, ...descendants(child)]);
}
const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

let launchDir: string;
let database: Awaited<ReturnType<typeof createDatabase>> | null = null;
/** Settings the environment gives every start: the database, no captcha, a quiet log. */
let baseEnv: NodeJS.ProcessEnv;

beforeAll(async () => {
  // What a host does once after installing: both artefacts.
  execSync('npm run build', { cwd: root, stdio: 'pipe' });
  launchDir = mkdtempSync(path.join(os.tmpdir(), 'bo-start-'));
  // A production start on the embedded database has no demo data (DEMO_DATA): it creates this admin, as on PostgreSQL.
  baseEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    CAPTCHA: 'off',
    CAPTCHA_SECRET: 'secret-de-test-0123456789',
    DATA_DIR: 'donnees',
    ADMIN_EMAIL: 'admin@start.tn',
    ADMIN_PASSWORD: 'Admin1234!',
  };
  for (const name of ['DATABASE_URL', 'PORT', 'API_DOCS', 'LOG_LEVEL', 'SMTP_URL', 'INIT_CWD', 'NODE_ENV', 'DEMO_DATA', 'DEMO_PUBLIC']) delete baseEnv[name];
  if (onPostgres) {
    database = await createDatabase();
    await database.handle.close();
    baseEnv.DATABASE_URL = database.target;
  }
}, 180_000);

afterAll(async () => {
  await database?.drop();
  rmSync(launchDir, { recursive: true, force: true });
});

/** `npm start`, run from the launch folder as a host would (npm --prefix the checkout), until /api/health answers. */
async function start(env: NodeJS.ProcessEnv, port: number) {
  const child = spawn('npm', ['--prefix', root, 'start'], { cwd: launchDir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c));
  child.stderr?.on('data', (c: Buffer) => (output += c));
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error(`npm start s'est arrêté (${child.exitCode}) :\n${output}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    if (res?.ok) return { child, output: () => output };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop(child);
  throw new Error(`/api/health ne répond pas après 120 s :\n${output}`);
}

/** SIGTERM to the whole group started (npm, the start script, the server), as a service manager does. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

describe('npm start', () => {
  it('in production, starts the built server without building, with source maps, .env loaded and the environment winning', async () => {
    const [envPort, filePort] = [await freePort(), await freePort()];
    // The file sets a port the environment overrides, and a setting the environment leaves alone.
    writeFileSync(path.join(launchDir, '.env'), `PORT=${filePort}\nAPI_DOCS=private\nLOG_LEVEL=warn\n`);
    const before = [mtime(serverBundle), mtime(webPage)];
    const { child, output } = await start({ ...baseEnv, NODE_ENV: 'production', PORT: String(envPort) }, envPort);
    try {
      const health = await fetch(`http://127.0.0.1:${envPort}/api/health`);
      expect(health.status).toBe(200);
      expect(await fetch(`http://127.0.0.1:${filePort}/api/health`).catch(() => null)).toBeNull();
      // API_DOCS=private came from the file only: the contract now needs a session.
      expect((await fetch(`http://127.0.0.1:${envPort}/api/docs/json`)).status).toBe(401);
      // The built web app is what / serves.
      const page = await fetch(`http://127.0.0.1:${envPort}/`);
      expect(await page.text()).toBe(readFileSync(webPage, 'utf8'));

      expect([mtime(serverBundle), mtime(webPage)]).toEqual(before);
      expect(output()).not.toContain('Construction');
      const server = descendants(child.pid!)
        .map(commandLine)
        .find((args) => args.includes('dist/server.mjs'));
      expect(server).toBeDefined();
      expect(server).toContain('--enable-source-maps');
      // The relative DATA_DIR lies in the folder npm start was run from.
      expect(existsSync(path.join(launchDir, 'donnees'))).toBe(true);
    } finally {
      await stop(child);
      rmSync(path.join(launchDir, '.env'));
    }
  }, 180_000);

  it('on a bucket, the built server loads its S3 store (a chunk of its own, loaded on demand) and keeps its files there', async () => {
    const s3 = await startS3('start-check');
    const port = await freePort();
    // A data folder of its own: the embedded database is new, and asked for the demo (on loopback), it seeds it.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-start-s3-'));
    const demo = onPostgres ? {} : { DEMO_DATA: 'true' };
    const { child } = await start({ ...baseEnv, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, ...demo, ...s3.env }, port);
    try {
      // Ready means the bucket answered (the readiness probe asks the store).
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
      expect(ready.status).toBe(200);
      // The embedded start seeds the demo's media: into the bucket, not onto the disk.
      if (!onPostgres) {
        const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'uploads/' }));
        expect(listed.KeyCount).toBeGreaterThan(0);
      }
    } finally {
      await stop(child);
      await s3.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('outside production, rebuilds a stale artefact before starting, and only that one', async () => {
    const port = await freePort();
    const source = path.join(root, 'apps/api/src/server.ts');
    const now = new Date();
    utimesSync(source, now, now); // an edited source, newer than dist/server.mjs (built in beforeAll)
    const before = [mtime(serverBundle), mtime(webPage)];
    const { child, output } = await start({ ...baseEnv, NODE_ENV: 'development', PORT: String(port), LOG_LEVEL: 'warn' }, port);
    try {
      expect(output()).toContain('Construction du serveur');
      expect(mtime(serverBundle)).toBeGreaterThan(before[0]);
      expect(mtime(webPage)).toBe(before[1]);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    } finally {
      await stop(child);
    }
  }, 180_000);

  it('in production (NODE_ENV from .env), refuses to start with one line when nothing was built', () => {
    // A checkout where `npm run build` never ran: the start script and apps/api's manifest, no dist/.
    const bare = mkdtempSync(path.join(os.tmpdir(), 'bo-start-bare-'));
    try {
      mkdirSync(path.join(bare, 'scripts'));
      mkdirSync(path.join(bare, 'apps/api'), { recursive: true });
      copyFileSync(path.join(root, 'scripts/start.mjs'), path.join(bare, 'scripts/start.mjs'));
      copyFileSync(path.join(root, 'apps/api/package.json'), path.join(bare, 'apps/api/package.json'));
      writeFileSync(path.join(bare, '.env'), 'NODE_ENV=production\n');
      const r = spawnSync(process.execPath, [path.join(bare, 'scripts/start.mjs')], { cwd: bare, env: baseEnv, encoding: 'utf8' });
      expect(r.status).toBe(1);
      expect(r.stderr.trim()).toBe('apps/web/dist/index.html manque : lancez « npm run build » avant « npm start » (NODE_ENV=production ne construit jamais).');
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

/** The Dockerfile's ENV settings, and its CMD with the bundle's path made absolute (the image's root is the checkout's). */
function image() {
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const env = Object.fromEntries([...dockerfile.matchAll(/^ENV (.*)$/gm)].flatMap((m) => m[1].split(/\s+/).map((w) => w.split('=') as [string, string])));
  const [node, ...args] = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]) as string[];
  expect(node).toBe('node');
  return { env, args: args.map((a) => (a.startsWith('-') ? a : path.join(root, a))) };
}

/**
 * The built server, run from an empty folder (no .env) with only `env`, to its exit: for starts that
 * must be refused, which stop before listening.
 */
function refusedStart(env: Record<string, string>, args = image().args) {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'bo-start-refused-'));
  try {
    const r = spawnSync(process.execPath, args, {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
      encoding: 'utf8',
      timeout: 120_000,
    });
    return { status: r.status, stderr: r.stderr.trim(), stdout: r.stdout };
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

describe('demo accounts and the listening address', () => {
  /** The one line of a refused demo start: it names HOST and DEMO_PUBLIC. */
  const exposed = (host: string) => new RegExp(`^Configuration invalide : HOST ${host.replaceAll('.', '\\.')} n'est pas une adresse locale .*DEMO_PUBLIC=true`);

  it('refuses the demo on a HOST other than loopback without DEMO_PUBLIC=true, before opening any database', () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'bo-start-demo-')), 'data');
    try {
      // Outside production the embedded database gets the demo accounts (DEMO_DATA's default).
      const r = refusedStart({ NODE_ENV: 'development', HOST: '0.0.0.0', DATA_DIR: dataDir, PORT: '0' });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(exposed('0.0.0.0'));
      expect(r.stderr.split('\n')).toHaveLength(1);
      // Stopped before the database was created, so before any seed.
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });

  it('the image (HOST 0.0.0.0) never seeds the demo unless asked: an empty embedded database asks for ADMIN_EMAIL/ADMIN_PASSWORD; one holding the demo accounts is refused', async () => {
    const { env } = image();
    expect(env).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0' });
    expect(env.DEMO_DATA ?? 'false').toBe('false');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-start-image-'));
    try {
      const first = refusedStart({ ...env, DATA_DIR: dataDir, PORT: '0' });
      expect(first.status, first.stdout).toBe(1);
      // No admin at all, so none of the demo's (admin@demo.tn) either: nothing was seeded.
      expect(first.stderr).toBe(
        'Configuration invalide : ADMIN_EMAIL et ADMIN_PASSWORD sont requis au premier démarrage de la base embarquée sans données de démonstration (DEMO_DATA=false) (aucun administrateur).',
      );
      // A database that holds the demo accounts with DEMO_PASSWORD (an earlier trial, a seed script):
      // the embedded folder above, or on PostgreSQL the run's database.
      const target: Record<string, string> = onPostgres ? { DATABASE_URL: database!.target, CAPTCHA_SECRET: baseEnv.CAPTCHA_SECRET! } : { DATA_DIR: dataDir };
      const handle = await openDatabase(onPostgres ? { url: database!.target } : { dataDir });
      try {
        await handle.migrate();
        await seedDemoAccounts(handle.db, 'Demo1234!');
      } finally {
        await handle.close();
      }
      const demo = refusedStart({ ...env, ...target, PORT: '0', ADMIN_EMAIL: 'admin@start.tn', ADMIN_PASSWORD: 'Admin1234!' });
      expect(demo.status, demo.stdout).toBe(1);
      expect(demo.stderr).toMatch(exposed('0.0.0.0'));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('Dockerfile', () => {
  it('runs the server with the same Node flags as npm start', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'apps/api/package.json'), 'utf8')) as { scripts: { start: string } };
    const words = pkg.scripts.start.split(/\s+/);
    const settings = words.filter((w) => /^[A-Z_]+=/.test(w));
    const [node, ...args] = words.slice(settings.length);
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    // The script's environment settings (MALLOC_ARENA_MAX) are the image's too.
    const env = [...dockerfile.matchAll(/^ENV (.*)$/gm)].flatMap((m) => m[1].split(/\s+/));
    for (const setting of settings) expect(env).toContain(setting);
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile);
    expect(cmd).not.toBeNull();
    // The image's working folder is the checkout's root: apps/api's relative paths gain its prefix.
    expect(JSON.parse(cmd![1])).toEqual([node, ...args.map((a) => (a.startsWith('-') ? a : `apps/api/${a}`))]);
  });
});
