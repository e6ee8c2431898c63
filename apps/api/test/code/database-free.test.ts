import { readFileSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { DATABASE_FREE } from '../../vitest.config';

/**
 * The PostgreSQL run leaves out the files of DATABASE_FREE (vitest.config.ts). That is only sound while
 * none of them uses the run's database. A test gets it in one of a few ways, each a name in its source:
 * the helpers that open one (createTestApp, createDatabase, openDatabase), the variables that choose it
 * (API_TEST_DB, TEST_DATABASE_URL, DATABASE_URL), or a process started from test/fixtures/, which opens
 * one itself.
 */
const apiDir = path.resolve(import.meta.dirname, '../..');
const WAYS_IN = /\b(createTestApp|createDatabase|openDatabase|API_TEST_DB|TEST_DATABASE_URL|DATABASE_URL)\b|fixtures\//;

const wayIn = (file: string) => readFileSync(file, 'utf8').match(WAYS_IN)?.[0] ?? null;

describe('files the PostgreSQL run leaves out', () => {
  const files = globSync(DATABASE_FREE, { cwd: apiDir, absolute: true });

  it('never use the run’s database', () => {
    expect(files.length).toBeGreaterThan(10);
    const using = files.filter((f) => wayIn(f)).map((f) => `${path.relative(apiDir, f)}: ${wayIn(f)}`);
    expect(using).toEqual([]);
  });

  it('would be caught if one did', () => {
    expect(wayIn(path.join(apiDir, 'test/clients/clients.test.ts'))).toBe('createTestApp');
    expect(wayIn(path.join(apiDir, 'test/runtime/time-zone.test.ts'))).toBe('fixtures/');
  });
});
