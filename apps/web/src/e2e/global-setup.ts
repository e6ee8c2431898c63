import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker (browser.ts picks the worker's own by VITEST_POOL_ID). */
    servers: { baseUrl: string; dataDir: string }[];
  }
}

const webRoot = path.resolve(import.meta.dirname, '../..');
const repoRoot = path.resolve(webRoot, '../..');
/** Where server n's output goes (LOG_LEVEL `E2E_LOG_LEVEL`, warn by default). */
const serverLog = (n: number) => path.join(webRoot, `test-results/server-${n}.log`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`Le serveur s'est arrêté (code ${server.exitCode}) :\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`Le serveur ne répond pas sur /api/health :\n${output()}`);
}

/**
 * The server's logged warnings and errors and what it wrote to stderr, printed after the run (the last
 * 50 at most): a browser test that failed on a server error shows only its own side in CI's output.
 */
function printServerProblems(n: number, stderr: string) {
  const logged = readFileSync(serverLog(n), 'utf8')
    .split('\n')
    .filter((line) => {
      try {
        return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 40;
      } catch {
        return false;
      }
    });
  // The log goes to stdout; what reaches stderr (a crash's stack, Node's own warnings) is a problem too.
  const problems = [...logged, ...stderr.split('\n').filter((line) => line.trim())];
  if (!problems.length) return;
  console.log(
    `\nJournal du serveur ${n} des tests navigateur : ${problems.length} avertissement(s) ou erreur(s)${problems.length > 50 ? ', les 50 derniers' : ''} (tout dans ${path.relative(repoRoot, serverLog(n))}) :`,
  );
  for (const line of problems.slice(-50)) console.log(line.length > 2000 ? `${line.slice(0, 2000)}…` : line);
}

/** A started server: its address and data directory, and how to stop it (printing its problems). */
interface Started {
  baseUrl: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/** Starts server n (the bundle already built) on a free port with a fresh data directory. */
async function startServer(n: number, apiRoot: string): Promise<Started> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fidelite-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    CAPTCHA: 'off',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  let log = '';
  const server = spawn(process.execPath, ['dist/server.mjs'], {
    cwd: apiRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server's whole output, kept for after the run: a test that failed on a server error (a 500, a
  // stall) shows only its own side; the server's log says why.
  mkdirSync(path.dirname(serverLog(n)), { recursive: true });
  const file = createWriteStream(serverLog(n));
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    file.write(chunk);
  };
  let stderr = '';
  server.stdout?.on('data', keep);
  server.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, server, () => log);
  } catch (e) {
    server.kill('SIGKILL');
    throw e;
  }
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await new Promise((done) => file.end(done));
    printServerProblems(n, stderr);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, dataDir, stop };
}

/**
 * Starts the real API (which also serves the built web app) once per worker, each on a free port with a
 * fresh data directory, so every file begins from the demo data and never shares a server with a file
 * running beside it. The test script builds the web app first; a missing build is made here.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(webRoot, 'dist/index.html'))) {
    execSync('npm run build -w apps/web', { cwd: repoRoot, stdio: 'inherit' });
  }
  // The server as `npm start` runs it: bundled (apps/api/build.mjs), then dist/server.mjs.
  const apiRoot = path.join(repoRoot, 'apps/api');
  execSync('node build.mjs', { cwd: apiRoot, stdio: 'inherit' });
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const started = await Promise.allSettled(Array.from({ length: workers }, (_, i) => startServer(i + 1, apiRoot)));
  const servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const refused = started.find((r) => r.status === 'rejected');
  if (refused) {
    await Promise.all(servers.map((s) => s.stop()));
    throw refused.reason;
  }
  project.provide(
    'servers',
    servers.map(({ baseUrl, dataDir }) => ({ baseUrl, dataDir })),
  );
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}
