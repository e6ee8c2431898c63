#!/usr/bin/env node
// JavaScript budget per route, read from Vite's manifest (build.manifest in apps/web/vite.config.ts).
// A route loads the entry chunk and, for each lazy screen on its path in app/router.tsx, that
// screen's chunk, each with its static imports. Dynamic imports inside them (editor, charts, captcha,
// dialogs) load on use: shown as "on demand", not counted.
// Usage: node scripts/bundle-budget.mjs [dist]   (default apps/web/dist, after `npm run build -w apps/web`)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const SIGN_IN_BUDGET = 200 * KB;
// 350 KB until every list got row selection, saved views, the column chooser, compact density,
// keyboard shortcuts and export progress (their dialogs and bars load on use; about 2 KB stays in the
// first load of each list); 352 KB kept that room. 356 KB since links are built by name from the screen
// registry (hrefFor, in the entry) and field labels and limits come from the metadata, which took the
// fullest lists 0.4 KB past it. Known room below it: the shared resource page still imports the form
// fields (about 10 KB) that only its dialogs use.
const SCREEN_BUDGET = 356 * KB;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(root, 'apps/web');
const routerFile = path.join(webRoot, 'src/app/router.tsx');
const registryFile = path.join(root, 'packages/domain/src/screens.ts');
const dist = path.resolve(process.argv[2] ?? path.join(webRoot, 'dist'));
const manifestFile = path.join(dist, '.vite/manifest.json');

function fail(message) {
  console.error(`bundle budget: ${message}`);
  process.exit(1);
}

if (!existsSync(manifestFile)) fail(`${manifestFile} is missing: build the web app first (npm run build -w apps/web).`);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) fail('no entry chunk in the manifest.');

/** `const Name = lazy(() => import('./x')...)` in router.tsx → manifest key of the imported module. */
function lazyModules(source) {
  const found = new Map();
  const re = /const\s+(\w+)\s*=\s*lazy\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const [, name, spec] of source.matchAll(re)) {
    const base = path
      .relative(webRoot, path.resolve(path.dirname(routerFile), spec))
      .split(path.sep)
      .join('/');
    const key = ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts'].map((ext) => base + ext).find((k) => manifest[k]);
    if (!key) fail(`lazy screen ${name} (${spec}) has no chunk in the manifest: is the build older than router.tsx?`);
    found.set(name, key);
  }
  // Another way of loading a screen later (route `lazy:`, a helper) would be measured as nothing.
  const imports = source.match(/\bimport\(/g)?.length ?? 0;
  if (imports !== found.size)
    fail(`router.tsx has ${imports} import() calls but ${found.size} of the form const X = lazy(() => import('…')): teach this script the new form.`);
  return found;
}

/**
 * The route objects of router.tsx, by a small scan: each `{ ... }` is an object; `path:`, `index:`
 * and the JSX tags written directly inside it belong to it. Returns each route's full path with
 * the tags met from the root route down to it.
 */
function routes(source) {
  const start = source.indexOf('createBrowserRouter(');
  if (start < 0) fail('createBrowserRouter( not found in router.tsx.');
  const out = [];
  const stack = [];
  let i = start;
  while (i < source.length) {
    const c = source[i];
    if (c === "'" || c === '"' || c === '`') {
      i = source.indexOf(c, i + 1) + 1;
      if (i === 0) break;
      continue;
    }
    if (c === '{') stack.push({ path: null, index: false, tags: [] });
    else if (c === '}') {
      const node = stack.pop();
      if (!node) break;
      if (node.path !== null || node.index) {
        const chain = [...stack, node];
        out.push({
          path: `/${chain
            .map((n) => n.path)
            .filter(Boolean)
            .join('/')}`.replace(/\/+/g, '/'),
          tags: chain.flatMap((n) => n.tags),
        });
      } else if (stack.length) {
        // Not a route (props, handle): its tags belong to the enclosing route.
        stack[stack.length - 1].tags.push(...node.tags);
      }
    } else if (stack.length && /\W/.test(source[i - 1])) {
      const rest = source.slice(i, i + 200);
      const top = stack[stack.length - 1];
      const p = /^path:\s*(['"])(.*?)\1/.exec(rest);
      if (p) {
        top.path = p[2];
        i += p[0].length;
        continue;
      }
      if (/^index:\s*true/.test(rest)) top.index = true;
    }
    if (c === '<') {
      const tag = /^<([A-Z]\w*)/.exec(source.slice(i, i + 100));
      if (tag && stack.length) stack[stack.length - 1].tags.push(tag[1]);
    }
    i++;
  }
  if (!out.length) fail('no route found in router.tsx.');
  return out;
}

const sizes = new Map();
function gz(file) {
  if (!sizes.has(file)) {
    const full = path.join(dist, file);
    if (!existsSync(full)) fail(`${file} is listed in the manifest but missing from ${dist}.`);
    sizes.set(file, gzipSync(readFileSync(full)).length);
  }
  return sizes.get(file);
}

/** What a chunk needs before it runs: itself and its static imports, transitively. */
function collect(key, files, css, later) {
  const chunk = manifest[key];
  if (!chunk) fail(`chunk ${key} is imported but not in the manifest.`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const f of chunk.css ?? []) css.add(f);
  for (const k of chunk.imports ?? []) collect(k, files, css, later);
  for (const k of chunk.dynamicImports ?? []) later.add(k);
}

// Comments out, so an apostrophe or a brace in one does not count.
const source = readFileSync(routerFile, 'utf8')
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .replace(/(^|\s)\/\/[^\n]*/g, '$1');
/**
 * The registry screens' routes: router.tsx builds /layout's children from
 * @app/domain's SCREENS (`key`, `route`) and its SCREEN_COMPONENTS map (key → lazy component); each
 * such route loads what /layout loads plus its screen.
 */
function registryRoutes(source, scanned) {
  const block = /const\s+SCREEN_COMPONENTS\b[^=]*=\s*\{([\s\S]*?)\n\};/.exec(source);
  if (!block) return [];
  const elements = new Map([...block[1].matchAll(/(['"]?)([\w-]+)\1:\s*([A-Z]\w*)/g)].map((m) => [m[2], m[3]]));
  const registry = readFileSync(registryFile, 'utf8');
  const screens = [...registry.matchAll(/key:\s*'([^']+)',\s*route:\s*'([^']+)'/g)].map((m) => ({ key: m[1], route: m[2] }));
  if (!screens.length) fail(`no screen (key, route) found in ${registryFile}.`);
  const layout = scanned.find((r) => r.path === '/layout');
  if (!layout) fail('the /layout route is not in router.tsx.');
  for (const key of elements.keys()) if (!screens.some((s) => s.key === key)) fail(`SCREEN_COMPONENTS names ${key}, which is not a screen of the registry.`);
  return screens.map(({ key, route }) => {
    if (!elements.has(key)) fail(`registry screen ${key} has no component in SCREEN_COMPONENTS.`);
    return { path: `/layout/${route}`, tags: [...layout.tags, elements.get(key)] };
  });
}

const lazy = lazyModules(source);
const screens = new Set(lazy.values());
const used = new Set();
const byPath = new Map();
const scanned = routes(source);
for (const r of [...scanned, ...registryRoutes(source, scanned)]) {
  const names = r.tags.filter((t) => lazy.has(t));
  for (const n of names) used.add(n);
  byPath.set(r.path, [...new Set([...(byPath.get(r.path) ?? []), ...names])]);
}
for (const name of lazy.keys()) if (!used.has(name)) fail(`lazy screen ${name} is declared in router.tsx but used by no route.`);
if (!byPath.has('/')) fail('the sign-in route "/" is not in router.tsx.');

const sum = (files) => [...files].reduce((s, f) => s + gz(f), 0);
const rows = [];
for (const [route, names] of byPath) {
  const js = new Set();
  const css = new Set();
  const later = new Set();
  collect(entryKey, js, css, later);
  for (const n of names) collect(lazy.get(n), js, css, later);
  // On demand: dynamic imports other than route screens, with what they add on top of the route.
  const extra = new Set(js);
  const pending = [...later];
  while (pending.length) {
    const k = pending.pop();
    if (screens.has(k)) continue;
    const more = new Set();
    collect(k, extra, new Set(), more);
    pending.push(...more);
  }
  for (const f of js) extra.delete(f);
  const bytes = sum(js);
  const budget = route === '/' ? SIGN_IN_BUDGET : SCREEN_BUDGET;
  rows.push({ route, bytes, budget, css: sum(css), later: sum(extra), names: names.join(', ') || '-' });
}

const kb = (n) => (n / KB).toFixed(1);
const w = Math.max(5, ...rows.map((r) => r.route.length));
console.log(`${'route'.padEnd(w)}  JS gzip KB  budget  on demand  CSS gzip KB  lazy screens`);
for (const r of rows) {
  const flag = r.bytes > r.budget ? '  <-- OVER BUDGET' : '';
  console.log(
    `${r.route.padEnd(w)}  ${kb(r.bytes).padStart(10)}  ${String(r.budget / KB).padStart(6)}  ${kb(r.later).padStart(9)}  ${kb(r.css).padStart(11)}  ${r.names}${flag}`,
  );
}
const over = rows.filter((r) => r.bytes > r.budget);
const rule = `sign-in ≤ ${SIGN_IN_BUDGET / KB} KB gzip JS, other screens ≤ ${SCREEN_BUDGET / KB} KB`;
if (over.length) fail(`over budget (${rule}): ${over.map((r) => `${r.route} ${kb(r.bytes)} KB`).join(', ')}.`);
console.log(`All ${rows.length} routes within budget (${rule}).`);
