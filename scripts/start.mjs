#!/usr/bin/env node
// `npm start`: the server from the prebuilt artefacts, apps/api/dist/server.mjs (which also serves
// apps/web/dist), made by `npm run build`. Outside production, what is missing or older than its
// sources is built first, so that `npm ci && npm start` stays one command for a newcomer and a
// pulled change shows without thinking of it. With NODE_ENV=production nothing is ever built: a
// server host may have no dev tools (`npm ci --omit=dev`), and a restart must neither spend a
// minute building nor change files under a running fleet; a missing artefact stops the start with
// one line saying to run `npm run build`.
// The server runs as apps/api's "start" script says (its Node flags are defined there, once).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = path.join(root, 'apps/api');

// NODE_ENV may be set in .env, which the server loads itself (apps/api/src/config.ts): this script
// reads that one variable from the same file, by the same rule (the environment wins).
const envFile = path.resolve(process.env.INIT_CWD ?? process.cwd(), '.env');
const fromFile = process.env.NODE_ENV === undefined && existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')) : {};
const production = (process.env.NODE_ENV ?? fromFile.NODE_ENV) === 'production';

/** Each artefact, the files it is built from, and the workspace whose build script makes it. */
const ARTEFACTS = [
  {
    label: "de l'application web",
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src', 'package-lock.json'],
    workspace: 'apps/web',
  },
  {
    label: 'du serveur',
    output: 'apps/api/dist/server.mjs',
    sources: ['apps/api/src', 'apps/api/build.mjs', 'packages/domain/src', 'package-lock.json'],
    workspace: 'apps/api',
  },
];

/** Newest modification time under `rel` (a file or a folder), 0 when absent (a runtime image has no sources). */
function newest(rel) {
  const full = path.join(root, rel);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

for (const artefact of ARTEFACTS) {
  const output = path.join(root, artefact.output);
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const stale = built > 0 && Math.max(...artefact.sources.map(newest)) > built;
  if (built > 0 && !stale) continue;
  if (production) {
    if (!built) {
      console.error(`${artefact.output} manque : lancez « npm run build » avant « npm start » (NODE_ENV=production ne construit jamais).`);
      process.exit(1);
    }
    console.warn(`Attention : ${artefact.output} est plus ancien que ses sources ; « npm run build » le mettrait à jour.`);
    continue;
  }
  console.log(`Construction ${artefact.label} (${built ? 'sources modifiées' : 'première fois'})…`);
  const r = spawnSync('npm', ['run', 'build', '-w', artefact.workspace], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const pkg = JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8'));
// `NAME=value` words before `node` are the server's environment settings (MALLOC_ARENA_MAX).
const words = pkg.scripts.start.split(/\s+/);
const settings = {};
while (/^[A-Z_]+=/.test(words[0] ?? '')) {
  const [name, value] = words.shift().split('=');
  settings[name] = value;
}
const [command, ...args] = words;
if (command !== 'node') throw new Error(`apps/api/package.json : le script start doit lancer node (${pkg.scripts.start})`);
const server = spawn(process.execPath, args, {
  cwd: apiDir,
  stdio: 'inherit',
  env: { ...settings, ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() },
});
// The server shuts down cleanly on SIGTERM/SIGINT (server.ts): pass them on, and leave with its code.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
