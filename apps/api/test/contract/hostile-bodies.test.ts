import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/helpers';

/**
 * Bodies built to make a backtracking or rescanning sanitiser quadratic. The former
 * regular expressions took 46 s on the first of these; the test timeout is the only clock here, the
 * bench measures the ratio to an ordinary body of the same size.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const MB = 1_000_000;
const fill = (unit: string) => unit.repeat(Math.floor(MB / unit.length));

describe('hostile bodies on a public route', () => {
  it.each([
    ['<script x', fill('<script x')],
    ['nested tags', fill('<script><script>')],
    ['runs of <', fill('<')],
    ['unclosed PHP', fill('<?')],
    ['unclosed close tags', fill('</script ')],
  ])('refuses a megabyte of %s on the sign-in with 422, and nothing else waits', async (_label, text) => {
    const body = JSON.stringify({ email: text, password: 'x' });
    const [res, health] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/loginBO', headers: { 'content-type': 'application/json' }, payload: body }),
      t.app.inject({ method: 'GET', url: '/api/health' }),
    ]);
    expect(res.statusCode).toBe(422);
    expect(health.statusCode).toBe(200);
  });

  it('refuses JSON nested deeper than any form sends, with 422', async () => {
    const body = `{"email":${'['.repeat(5000)}1${']'.repeat(5000)},"password":"x"}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/loginBO', headers: { 'content-type': 'application/json' }, payload: body });
    expect(res.statusCode).toBe(422);
  });
});
