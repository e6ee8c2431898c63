#!/usr/bin/env node
// `npm run build -w apps/api`: the server as one plain-JavaScript module, dist/server.mjs, for
// `npm start`. Running the TypeScript through tsx costs a loader thread and every file's source map:
// about 75 MB of RSS at rest, which a 100,000-row export must not have to share with.
// Packages stay in node_modules (external); the workspace's own domain package is bundled in.
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => !name.startsWith('@app/'))
  .flatMap((name) => [name, `${name}/*`]);

const dist = path.join(here, 'dist');
mkdirSync(dist, { recursive: true });
// Old chunks of an earlier build would linger beside the new ones.
rmSync(path.join(dist, 'chunks'), { recursive: true, force: true });
await build({
  entryPoints: { server: path.join(here, 'src/server.ts') },
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  // What the code imports on demand (`await import(…)`, the S3 store) is a chunk of its own, with the
  // packages only it needs: the AWS SDK loads when a bucket is configured, not at every start.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: 'linked', // on disk, read only when Node is asked to (--enable-source-maps)
  logLevel: 'warning',
});
// The XLSX writer's thread is loaded by URL next to the module that starts it (lib/exports/xlsx.ts).
copyFileSync(path.join(here, 'src/lib/exports/xlsx-worker.mjs'), path.join(dist, 'xlsx-worker.mjs'));
// The embedded database's thread, likewise (db/pglite-thread.ts).
copyFileSync(path.join(here, 'src/db/pglite-worker.mjs'), path.join(dist, 'pglite-worker.mjs'));
console.log('apps/api/dist/server.mjs');
