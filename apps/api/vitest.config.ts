import { defineConfig } from 'vitest/config';

/**
 * Test files that never use the run's database (API_TEST_DB picks it, through test/support/helpers.ts or
 * src/db/client.ts): the unit tests beside the code (src/) and the files of test/ whose subject is
 * something else (device names, resource metadata, storage, PGlite's own thread). `npm test` runs them
 * once, on the PGlite run; its PostgreSQL run (API_TEST_DATABASE_ONLY=1) leaves them out, since they
 * would prove the same thing a second time. test/code/database-free.test.ts checks that none of them reaches
 * the run's database.
 */
export const DATABASE_FREE = [
  'src/**/*.test.ts',
  'test/auth/auth-device.test.ts',
  'test/contract/resource-meta.test.ts',
  'test/code/boundaries.test.ts',
  'test/code/declared-indexes.test.ts',
  'test/code/status-literals.test.ts',
  'test/runtime/storage-config.test.ts',
  'test/runtime/storage-contract.test.ts',
  'test/runtime/pglite-thread.test.ts',
];

const exclude = process.env.API_TEST_DATABASE_ONLY === '1' ? ['**/node_modules/**', ...DATABASE_FREE] : ['**/node_modules/**'];

export default defineConfig({
  test: {
    // Each test file opens its own database (PGlite in memory, or a PostgreSQL database), a copy of the
    // run's migrated template.
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // The unit tests beside the code, each file in a fresh process: some read the process itself
      // (its threads' priorities, its environment).
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'], exclude } },
      // The calls through the app: each file builds its own app on its own database, so the files of a
      // worker share its loaded modules (isolate: false) instead of importing the whole server again,
      // about a quarter of the suite's time.
      { extends: true, test: { name: 'app', include: ['test/**/*.test.ts'], exclude, isolate: false } },
    ],
  },
});
