/**
 * The memory a whole-list export costs the server as it runs in production: `npm start`'s own
 * command (apps/api/package.json "start", its Node flags included) in a process of its own on the
 * bench's database, the exports downloaded over HTTP, the process's RSS read from /proc while they
 * run. (The in-process figures of clients.ts share their process with the bench and its bare work.)
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiDir, startCommand } from './start-command';

const rssMb = (pid: number) => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return kb ? Number(kb[1]) / 1024 : 0;
};

export async function listening(child: ChildProcess, base: string) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`Le serveur s'est arrêté (code ${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("Le serveur n'a pas démarré en 60 s");
}

/** Starts the server on `databaseUrl` (which holds the demo accounts), downloads each export, prints RSS. */
export async function benchServerMemory(databaseUrl: string, exports: [label: string, path: string][]) {
  if (process.platform !== 'linux') return console.log('(RSS du serveur : /proc requis, mesure ignorée)');
  // What `npm start` runs first (prestart): the server bundled into dist/.
  if (spawnSync(process.execPath, ['build.mjs'], { cwd: apiDir, stdio: 'inherit' }).status !== 0) throw new Error('npm run build a échoué');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-bench-server-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  const start = startCommand();
  const child = spawn(process.execPath, start.args, {
    cwd: apiDir,
    env: {
      ...process.env,
      ...start.env,
      DATABASE_URL: databaseUrl,
      CAPTCHA_SECRET: 'bench-secret-0123456789',
      PORT: String(port),
      HOST: '127.0.0.1',
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await listening(child, base);
    const login = await fetch(`${base}/api/loginBO`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.tn', password: 'Demo1234!', from: 'BO' }),
    });
    const auth = { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
    const pid = child.pid!;
    console.log(`serveur seul (node ${start.args.join(' ')}) : RSS au repos ${rssMb(pid).toFixed(0)} Mo`);
    for (const [label, url] of exports) {
      let peak = rssMb(pid);
      const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
      const t0 = performance.now();
      const res = await fetch(`${base}${url}`, { headers: auth });
      if (!res.ok || !res.body) throw new Error(`${url} → ${res.status}`);
      let bytes = 0;
      for await (const chunk of res.body) bytes += chunk.length;
      clearInterval(timer);
      const s = ((performance.now() - t0) / 1000).toFixed(1);
      console.log(
        `${label.padEnd(46)} ${s.padStart(6)} s   ${(bytes / 1e6).toFixed(1).padStart(5)} Mo   RSS max du serveur ${peak.toFixed(0)} Mo (objectif < 300)`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
