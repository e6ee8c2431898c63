import { defineConfig } from 'vitest/config';

/**
 * Browser tests: the real server (embedded PGlite with demo data, CAPTCHA=off), one per worker, started
 * by the global setup, driven through Debian's Chromium. Two files at a time, each on its worker's own
 * server: a file spends most of its time waiting on the screen and the server, so two side by side
 * take little more than one; within a server, files run one after the other, since they share its
 * demo accounts.
 */
export default defineConfig({
  test: {
    include: ['src/e2e/**/*.e2e.ts'],
    globalSetup: ['src/e2e/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 90_000,
    hookTimeout: 240_000,
    // The screens load their chunks and data over a real server on a shared machine: 1 s is too short.
    expect: { poll: { timeout: 10_000 } },
  },
});
