import { defineConfig } from 'vitest/config';

/**
 * Browser tests: the real server (embedded PGlite with demo data, CAPTCHA=off), one per worker, started
 * by the global setup, driven through Debian's Chromium. One worker, so one file at a time: on these
 * 2-core machines two files side by side saved a sixth of the time when nothing else ran, and made the
 * tests that sign in or save a password (a second of scrypt each) miss their waits when something did.
 * `--maxWorkers=2` runs two, each file on its worker's own server.
 */
export default defineConfig({
  test: {
    include: ['src/e2e/**/*.e2e.ts'],
    globalSetup: ['src/e2e/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 90_000,
    hookTimeout: 240_000,
    // The screens load their chunks and data over a real server on a shared machine: 1 s is too short.
    expect: { poll: { timeout: 10_000 } },
  },
});
