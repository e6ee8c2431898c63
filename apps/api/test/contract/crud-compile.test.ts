import { drizzle } from 'drizzle-orm/node-postgres';
import { pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import { activitiesResource } from '../../src/modules/classification/activities.resource';
import { clientTypesResource } from '../../src/modules/classification/client-types.resource';
import { compileResource } from '../../src/lib/crud/compile';
import { flag01Field, yesNo } from '../../src/lib/crud/fields';
import { defineResource } from '../../src/lib/crud/resource';

/** What the generic router derives from one declaration per field. */
describe('compileResource', () => {
  const activities = compileResource(activitiesResource);

  it('maps a (partial) body to the table columns, writing only the fields the form sends', () => {
    expect(activities.toValues({ NAME: 'Boulangerie', CIRCUIT: 3, E_COMMERCE: 1 })).toEqual({ name: 'Boulangerie', circuitId: 3, eCommerce: 1 });
    // A joined display field and the id are never written, even when a client sends them.
    expect(activities.toValues({ CIRCUIT_NAME: 'x', id: 9, ID: 9 })).toEqual({});
  });

  it('maps a row to the DTO with id and ID, flags as 0 or 1', () => {
    const row = { id: 4, NAME: 'Boulangerie', CODE: 'B', CIRCUIT: 3, CIRCUIT_NAME: 'Trad', DESCRIPTION: null, E_COMMERCE: 1, FIDELITE: 0, REMISE_RISTOUNE: 7 };
    const dto = activities.toDto({ ...row });
    expect(dto).toEqual({ ...row, ID: 4, REMISE_RISTOUNE: 0 });
    expect(activities.dto.parse(dto)).toEqual(dto);
  });

  it('derives sort keys, search targets and export columns from the same list', () => {
    expect(Object.keys(activities.sortable).sort()).toEqual(['CIRCUIT_NAME', 'CODE', 'E_COMMERCE', 'FIDELITE', 'NAME', 'REMISE_RISTOUNE', 'id']);
    expect(activities.searchTargets).toHaveLength(3);
    expect(activities.exportColumns.map((c) => c.header)).toEqual(['Nom', 'Code', 'Circuit', 'E-commerce', 'Fidélité', 'Remise / ristourne']);
    const dto = activities.toDto({
      id: 1,
      NAME: 'N',
      CODE: 'C',
      CIRCUIT: 1,
      CIRCUIT_NAME: 'Ci',
      DESCRIPTION: null,
      E_COMMERCE: 1,
      FIDELITE: 0,
      REMISE_RISTOUNE: 0,
    });
    expect(activities.exportColumns.map((c) => c.value(dto))).toEqual(['N', 'C', 'Ci', 'Oui', 'Non', 'Non']);
  });

  it('adds MEDIA and its export column for a resource with files, and knows its position column', () => {
    const types = compileResource(clientTypesResource);
    expect(types.toDto({ id: 2, position: 1, NAME: 'Grossiste' })).toEqual({ id: 2, ID: 2, position: 1, NAME: 'Grossiste', MEDIA: null });
    expect(types.exportColumns.map((c) => c.header)).toEqual(['Position', 'Nom', 'Image']);
    expect(types.positionKey).toBe('position');
    expect(types.toValues({ NAME: 'x', position: 5 })).toEqual({ name: 'x' });
  });
});

/** An export reads only its columns' fields (a client row has 70, its export 20). */
describe('compileResource: what an export reads', () => {
  const things = pgTable('things', {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    note: text('note'),
    done: smallint('done'),
  });
  type Thing = { id: number; CODE: string; KIND: string; NOTE: string | null; DONE: 0 | 1 };
  const thingsDef = (format: (v: unknown, d: Thing) => string, uses?: readonly ('KIND' | 'NOTE')[]) =>
    defineResource<Thing>()({
      meta: {
        path: 'things',
        noun: 'cette chose',
        perPage: 50,
        defaultSort: { field: 'CODE', order: 'asc' },
        sortable: [],
        labels: {},
        export: { fileName: 'choses', title: 'Choses', orientation: 'portrait' },
      },
      tag: 'things',
      actions: { read: 'clients:read', write: 'clients:write' },
      table: things,
      idColumn: things.id,
      body: z.object({}),
      fields: [
        { api: 'CODE', column: things.code, export: { header: 'Code', format, uses } },
        { api: 'KIND', column: things.kind },
        { api: 'NOTE', column: things.note },
        { api: 'DONE', column: things.done, ...flag01Field, export: { header: 'Fait', format: yesNo } },
      ],
      inUseMessage: 'x',
    });
  // A pool that is never connected: the queries are only turned into SQL.
  const db: Db = drizzle(new pg.Pool(), { schema });

  it('selects the exported fields and those their formats name, and reads them as the DTO does', () => {
    const r = compileResource(thingsDef((_v, d) => `${d.CODE} (${d.KIND})`, ['KIND']));
    const query = (r.select(db).exportRows as unknown as { toSQL(): { sql: string } }).toSQL().sql;
    expect(query).toContain('"kind"');
    expect(query).toContain('"done"');
    expect(query).not.toContain('"note"');
    const dto = r.toExportDto({ id: 3, CODE: 'A1', KIND: 'rouge', DONE: 7 });
    expect(r.exportColumns.map((c) => c.value(dto))).toEqual(['A1 (rouge)', 'Non']);
    expect(dto.DONE).toBe(0); // the flag's read applies, as in the list
  });

  it('refuses at start-up a format that reads the DTO without naming what it reads', () => {
    expect(() => compileResource(thingsDef((_v, d) => d.KIND))).toThrow(/CODE lit d'autres champs, nommez-les dans uses/);
    // A format of the value alone needs nothing more.
    expect(() => compileResource(thingsDef((v) => String(v)))).not.toThrow();
  });
});
