import { defineConfig } from 'vitest/config';

/**
 * Browser tests: the real server (embedded PGlite with demo data, CAPTCHA=off) started once by
 * the global setup, driven through Debian's Chromium. One file at a time: the files share the
 * server and its demo accounts.
 */
export default defineConfig({
  test: {
    include: ['src/e2e/**/*.e2e.ts'],
    globalSetup: ['src/e2e/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 240_000,
    // The screens load their chunks and data over a real server on a shared machine: 1 s is too short.
    expect: { poll: { timeout: 10_000 } },
  },
});
