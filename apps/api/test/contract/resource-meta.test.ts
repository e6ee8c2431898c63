import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as domain from '@app/domain';
import type { ResourceMeta } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { compileResource } from '../../src/lib/crud/compile';
import type { ResourceDef } from '../../src/lib/crud/resource';

/**
 * Resource metadata is declared once, in @app/domain (resources.ts), and read by the API and the
 * list screens: the fields a resource declares with `sort` must be exactly the metadata's sortable
 * keys, so a screen's sort columns (checked against the same keys in the web's columns tests) match
 * what the server sorts on. The compiler checks it where it can; this checks every resource.
 */
const modulesDir = join(import.meta.dirname, '../../src/modules');
const resourceFiles = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.resources?\.ts$/.test(f));

type AnyDef = ResourceDef<{ id: number }>;
const isDef = (v: unknown): v is AnyDef => !!v && typeof v === 'object' && 'meta' in v && 'fields' in v && 'table' in v;

/** Every resource a module exports: declared, compiled (`{ def }`) or built from the upload folder (gifts). */
async function loadResources(): Promise<{ file: string; name: string; def: AnyDef }[]> {
  const found: { file: string; name: string; def: AnyDef }[] = [];
  for (const file of resourceFiles) {
    const mod: Record<string, unknown> = await import(join(modulesDir, file));
    for (const [name, value] of Object.entries(mod)) {
      const candidate = typeof value === 'function' && name.endsWith('Resource') ? (value as (dir: string) => unknown)('/nonexistent') : value;
      const def = isDef(candidate)
        ? candidate
        : candidate && typeof candidate === 'object' && 'def' in candidate && isDef(candidate.def)
          ? candidate.def
          : null;
      if (def) found.push({ file, name, def });
    }
  }
  return found;
}

const isMeta = (v: unknown): v is ResourceMeta => !!v && typeof v === 'object' && 'path' in v && 'sortable' in v && 'perPage' in v && 'export' in v;
const domainMetas = Object.entries(domain as Record<string, unknown>).flatMap(([name, value]) =>
  name.endsWith('Meta') && isMeta(value) ? [[name, value] as const] : [],
);

describe('resource metadata (one declaration for the API and the screens)', async () => {
  const resources = await loadResources();

  it('finds the resources and the domain metadata', () => {
    expect(resources.length).toBeGreaterThanOrEqual(30);
    expect(domainMetas.length).toBeGreaterThanOrEqual(30);
  });

  it.each(resources.map((r) => [`${r.file} ${r.name}`, r.def] as const))('%s: the fields declared with sort are the metadata’s sortable keys', (_, def) => {
    const sorted = def.fields.filter((f) => f.sort).map((f) => f.api);
    expect([...sorted].sort()).toEqual([...def.meta.sortable].sort());
    expect(['id', ...def.meta.sortable]).toContain(def.meta.defaultSort.field);
  });

  it.each(resources.map((r) => [`${r.file} ${r.name}`, r.def] as const))(
    '%s: each export column is headed by its field’s label, or by words of its own that differ from it',
    (_, def) => {
      const labels = def.meta.labels as Record<string, string | undefined>;
      const exported = def.fields.filter((f) => f.export);
      const copies = exported.filter((f) => f.export !== true && f.export?.header !== undefined && f.export.header === labels[f.api]).map((f) => f.api);
      expect(copies, 'an export header that repeats the label: write `export: true` or drop `header`').toEqual([]);
      const headers = compileResource(def).exportColumns.map((c) => c.header);
      expect(headers).toHaveLength(exported.length + (def.media?.export ? 1 : 0));
      for (const h of headers) expect(h).toMatch(/\S/);
    },
  );

  it.each(domainMetas)('%s is the metadata of exactly one resource, which reads it whole', (_, meta) => {
    const users = resources.filter((r) => r.def.meta === meta || r.def.meta.path === meta.path);
    expect(users.map((r) => `${r.file} ${r.name}`)).toHaveLength(1);
    const { def } = users[0];
    // Staff lists still declare theirs inline (until they move onto the generic router): same values.
    expect({ ...def.meta, titles: meta.titles }).toEqual({ ...meta });
    expect({ path: def.path, noun: def.noun, perPage: def.defaultPerPage, defaultSort: def.defaultSort, export: def.export }).toEqual({
      path: meta.path,
      noun: meta.noun,
      perPage: meta.perPage,
      defaultSort: meta.defaultSort,
      export: meta.export,
    });
  });
});
