import { MSG } from '@app/domain';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCaptcha } from '../../src/plugins/captcha';
import { createTestApp, DEMO_PASSWORD, MemoryMailer, type TestContext } from '../support/helpers';

let t: TestContext;
const mailer = new MemoryMailer();
beforeAll(async () => {
  t = await createTestApp({ env: { CAPTCHA: 'altcha' }, mailer });
});
afterAll(() => t?.close());

const encode = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64');

/** What the widget does: fetch a challenge, solve it, send base64 JSON { challenge, solution }. */
async function solvedCaptcha(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/captcha' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const { enabled, challenge } = res.json().data as { enabled: boolean; challenge: Challenge };
  expect(enabled).toBe(true);
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
  expect(solution).not.toBeNull();
  return encode({ challenge, solution });
}

const login = (captcha?: string, ip = '10.9.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/loginBO', payload: { email: 'admin@demo.tn', password: DEMO_PASSWORD, from: 'BO', captcha }, remoteAddress: ip });

const captchaRefused = { success: false, message: MSG.captcha, errors: { captcha: [MSG.captcha] } };

describe('captcha (CAPTCHA=altcha)', () => {
  it('serves a signed, expiring challenge', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha' });
    const { challenge } = res.json().data;
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    const minutes = (challenge.parameters.expiresAt * 1000 - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  it('requires a captcha to sign in', async () => {
    for (const captcha of [undefined, '', 'pas du base64 !', encode({ challenge: {}, solution: {} })]) {
      const res = await login(captcha);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(captchaRefused);
    }
  });

  it('accepts a solved challenge once and refuses its replay', async () => {
    const captcha = await solvedCaptcha();
    expect((await login(captcha)).statusCode).toBe(200);
    const replay = await login(captcha);
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toEqual(captchaRefused);
  });

  it('refuses a wrong solution and a tampered challenge', async () => {
    const captcha = JSON.parse(Buffer.from(await solvedCaptcha(), 'base64').toString());
    // The derived key is the proof of work; the library checks it against the signed key signature.
    const key: string = captcha.solution.derivedKey;
    const wrongKey = { ...captcha, solution: { ...captcha.solution, derivedKey: (key[0] === '0' ? '1' : '0') + key.slice(1) } };
    expect((await login(encode(wrongKey))).statusCode).toBe(422);
    const cheaper = { ...captcha, challenge: { ...captcha.challenge, parameters: { ...captcha.challenge.parameters, cost: 1 } } };
    expect((await login(encode(cheaper))).statusCode).toBe(422);
    // The untouched payload still works: failed checks do not spend it.
    expect((await login(encode(captcha))).statusCode).toBe(200);
  });

  it('refuses a challenge signed with another key', async () => {
    const other = createCaptcha({ CAPTCHA: 'altcha', CAPTCHA_SECRET: 'une-autre-cle-de-test-assez-longue' });
    const challenge = (await other.challenge())!;
    const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
    expect((await login(encode({ challenge, solution }))).statusCode).toBe(422);
  });

  it('protects the forgot-password mail the same way', async () => {
    const send = (captcha?: string) =>
      t.app.inject({ method: 'POST', url: '/api/password/send-email', payload: { email: 'admin@demo.tn', captcha }, remoteAddress: '10.9.1.1' });
    const missing = await send();
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual(captchaRefused);
    expect(mailer.sent).toHaveLength(0);
    const captcha = await solvedCaptcha();
    expect((await send(captcha)).statusCode).toBe(200);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: 'admin@demo.tn', subject: 'Code de réinitialisation du mot de passe' });
    expect(mailer.sent[0].text).toMatch(/^\d{6}$/m);
    expect((await send(captcha)).statusCode).toBe(422);
    expect(mailer.sent).toHaveLength(1);
  });
});

describe('captcha expiry', () => {
  it('refuses a challenge past its expiry even when correctly signed and solved', async () => {
    const secret = 'cle-de-test-pour-expiration-0001';
    const captcha = createCaptcha({ CAPTCHA: 'altcha', CAPTCHA_SECRET: secret });
    const challenge = (await captcha.challenge())!;
    const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
    const later = Date.now() + 11 * 60_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      await expect(captcha.verify(t.db, encode({ challenge, solution }))).rejects.toMatchObject({ statusCode: 422, message: MSG.captcha });
    } finally {
      clock.mockRestore();
    }
    // Within its lifetime the same solution passes, which shows the refusal above was the expiry.
    await expect(captcha.verify(t.db, encode({ challenge, solution }))).resolves.toBeUndefined();
  });
});
