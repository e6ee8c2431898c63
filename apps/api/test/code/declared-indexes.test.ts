import { readFileSync } from 'node:fs';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';

/**
 * Every index the migrations leave on a database is declared on its Drizzle table (the table file says
 * which searches and sorts are served), so `db:generate` and a reader of the table see them all. An
 * index written only in a hand-made migration is named here.
 */
const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');

function indexesLeftByMigrations(): Set<string> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const left = new Set<string>();
  for (const { tag } of journal.entries) {
    const text = readFileSync(path.join(MIGRATIONS, `${tag}.sql`), 'utf8').replace(/--[^\n]*/g, '');
    for (const m of text.matchAll(/\b(create|drop)\s+(?:unique\s+)?index\s+(?:concurrently\s+)?(?:if\s+(?:not\s+)?exists\s+)?"?(\w+)"?/gi)) {
      if (m[1].toLowerCase() === 'create') left.add(m[2]);
      else left.delete(m[2]);
    }
  }
  return left;
}

function indexesDeclared(): Set<string> {
  const names = new Set<string>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    for (const i of getTableConfig(value).indexes) if (i.config.name) names.add(i.config.name);
  }
  return names;
}

describe('indexes', () => {
  it('every index the migrations create (and do not drop) is declared in its table file', () => {
    const declared = indexesDeclared();
    const left = indexesLeftByMigrations();
    expect(left.size).toBeGreaterThan(200);
    expect([...left].filter((name) => !declared.has(name)).sort()).toEqual([]);
  });
});
