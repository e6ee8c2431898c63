import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of biome.json, proven able to fail: planted files are linted with the repository's own
 * configuration in a copy of its layout (a temporary folder), and each rule must name its planted file;
 * the clean files beside them must pass. `npm run lint` applies the same rules to the real sources.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const biome = path.join(root, 'node_modules/.bin/biome');
let dir: string;

const PLANTED: Record<string, string> = {
  // A module reaching into another module's file instead of its index.ts.
  'apps/api/src/modules/orders/into-a-file.ts': "import { applyPoints } from '../loyalty/points.service';\nexport const x = applyPoints;\n",
  // A table may take another module's table, but nothing else of it.
  'apps/api/src/modules/orders/other.table.ts': "import { applyPoints } from '../loyalty/points.service';\nexport const x = applyPoints;\n",
  // The composition root takes each module through its index.ts.
  'apps/api/src/modules/root-into-a-file.ts': "import { applyPoints } from './loyalty/points.service';\nexport const x = applyPoints;\n",
  // lib/ never imports a module.
  'apps/api/src/lib/into-modules.ts': "import { applyPoints } from '../modules/loyalty';\nexport const x = applyPoints;\n",
  // Two files importing each other.
  'apps/api/src/lib/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = () => b();\n",
  'apps/api/src/lib/cycle-b.ts': "import { a } from './cycle-a';\nexport const b = () => a();\n",
  // A feature importing another feature, at the feature's top and five folders down, and one importing app/.
  'apps/web/src/features/orders/SiblingPage.tsx': "import { x } from '../clients/clients.api';\nexport const y = x;\n",
  'apps/web/src/features/orders/a/b/c/d/e/Deep.tsx': "import { x } from '../../../../../../clients/clients.api';\nexport const y = x;\n",
  'apps/web/src/features/orders/IntoApp.tsx': "import { x } from '../../app/router';\nexport const y = x;\n",
};
const CLEAN: Record<string, string> = {
  'apps/api/src/modules/orders/through-the-index.ts':
    "import { applyPoints } from '../loyalty';\nimport { AppError } from '../../lib/http';\nexport const x = [applyPoints, AppError];\n",
  'apps/api/src/modules/orders/clean.table.ts': "import { products } from '../catalogue/catalogue.table';\nexport const x = products;\n",
  'apps/web/src/features/orders/a/b/Inside.tsx':
    "import { x } from '../../orders.api';\nimport { y } from '../../../../components/Thing';\nexport const z = [x, y];\n",
};

/** The files biome refuses in the planted copy, with the rule that refused each. */
function refusals(): Record<string, string[]> {
  let out = '';
  try {
    out = execFileSync(biome, ['lint', '--reporter=github', '--max-diagnostics=none', '.'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    out = (e as { stdout: string }).stdout;
  }
  const found: Record<string, string[]> = {};
  for (const m of out.matchAll(/^::error title=lint\/(\w+)\/(\w+),file=([^,]+),/gm)) {
    const file = path.relative(dir, m[3]);
    found[file] = [...(found[file] ?? []), m[2]];
  }
  return found;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  writeFileSync(path.join(dir, 'biome.json'), readFileSync(path.join(root, 'biome.json'), 'utf8'));
  cpSync(path.join(root, 'lint'), path.join(dir, 'lint'), { recursive: true });
  for (const [file, text] of Object.entries({ ...PLANTED, ...CLEAN })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the import rules', () => {
  it('refuse each planted crossing, and let the clean files through', () => {
    const found = refusals();
    expect(Object.fromEntries(Object.keys(PLANTED).map((f) => [f, found[f] ?? []]))).toEqual({
      'apps/api/src/modules/orders/into-a-file.ts': ['noRestrictedImports'],
      'apps/api/src/modules/orders/other.table.ts': ['noRestrictedImports'],
      'apps/api/src/modules/root-into-a-file.ts': ['noRestrictedImports'],
      'apps/api/src/lib/into-modules.ts': ['noRestrictedImports'],
      'apps/api/src/lib/cycle-a.ts': ['noImportCycles'],
      'apps/api/src/lib/cycle-b.ts': ['noImportCycles'],
      'apps/web/src/features/orders/SiblingPage.tsx': ['noRestrictedImports'],
      'apps/web/src/features/orders/a/b/c/d/e/Deep.tsx': ['noRestrictedImports'],
      'apps/web/src/features/orders/IntoApp.tsx': ['noRestrictedImports'],
    });
    expect(Object.keys(CLEAN).filter((f) => found[f])).toEqual([]);
  });

  it('reach every depth of the web features that exists', () => {
    // The feature rule is written per depth in biome.json (a relative path says how far it climbs):
    // a feature file deeper than the rules reach would escape it.
    const covered = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8'))
      .overrides.flatMap((o: { includes?: string[] }) => o.includes ?? [])
      .filter((i: string) => /^apps\/web\/src\/features(\/\*)+$/.test(i))
      .map((i: string) => i.split('/').length);
    const depths = globSync('apps/web/src/features/**/*.{ts,tsx}', { cwd: root }).map((f) => f.split('/').length);
    expect(Math.max(...depths)).toBeLessThanOrEqual(Math.max(...covered));
  });
});
