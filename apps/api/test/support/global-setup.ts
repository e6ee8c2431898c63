import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';
import { EMBEDDED_SETTINGS } from '../../src/db/pglite-thread';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite dump of a migrated database (embedded runs): each test's database starts as its copy. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database (API_TEST_DB=postgres): each test's database is created from it. */
    postgresTemplate: string;
  }
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/**
 * One migrated database for the whole run, copied by each test file (test/support/helpers.ts createDatabase):
 * a new embedded database spent 7 s of its 9 in PostgreSQL's initdb and the migrations, run a hundred
 * times a run. The migrations themselves stay tested: here, by the files that ask for a fresh database,
 * and at every start of a server the tests spawn.
 */
type Template = { key: 'postgresTemplate' | 'pgliteTemplate'; value: string; remove: () => Promise<void> | void };

async function makeTemplate(): Promise<Template> {
  if (process.env.API_TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('API_TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `bo_template_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const onServer = async (statement: string) => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(statement).finally(() => admin.end());
    };
    const drop = () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await onServer(`CREATE DATABASE ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    try {
      const handle = await openDatabase({ url: u.toString() });
      await handle.migrate();
      // CREATE DATABASE … TEMPLATE refuses a template with open connections.
      await handle.close();
    } catch (e) {
      await drop();
      throw e;
    }
    return { key: 'postgresTemplate', value: name, remove: drop };
  }
  const db = await PGlite.create({ extensions: { pg_trgm, unaccent }, postgresqlconf: EMBEDDED_SETTINGS });
  await migrate(drizzle(db), { migrationsFolder });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-template-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  await db.close();
  return { key: 'pgliteTemplate', value: file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The run's template, made once however many projects of vitest.config.ts call this setup (each does,
 * and the root too): shared through the main process's globals, removed after the last one's teardown.
 */
const shared = globalThis as { apiTestTemplate?: Promise<Template>; apiTestTemplateUsers?: number };

export default async function setup(project: TestProject) {
  shared.apiTestTemplate ??= makeTemplate();
  shared.apiTestTemplateUsers = (shared.apiTestTemplateUsers ?? 0) + 1;
  const template = await shared.apiTestTemplate;
  project.provide(template.key, template.value);
  return async () => {
    shared.apiTestTemplateUsers = (shared.apiTestTemplateUsers ?? 1) - 1;
    if (shared.apiTestTemplateUsers === 0) await template.remove();
  };
}
