import type { AddressInfo } from 'node:net';
import { MSG, RESET_CODE_MAX_TRIES } from '@app/domain';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { auditLog } from '../../src/lib/audit/audit.table';
import { users } from '../../src/lib/auth/accounts.table';
import { passwordResets, throttles } from '../../src/modules/auth/auth.table';
import { RESET_CHECKS_PER_WINDOW } from '../../src/modules/auth/password-reset.routes';
import { createMailer } from '../../src/plugins/mail';
import { createTestApp, DEMO_PASSWORD, type TestContext } from '../support/helpers';

/**
 * The reset flow end to end, with the code read from a real SMTP server: the app sends through
 * the nodemailer transport of plugins/mail.ts, exactly as in production.
 */
interface Received {
  to: string[];
  raw: string;
}
const inbox: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      raw += chunk;
    });
    stream.on('end', () => {
      inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});

let t: TestContext;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  const env = { SMTP_URL: `smtp://127.0.0.1:${port}` };
  const mailer = createMailer(loadConfig({ ...env, LOG_LEVEL: 'silent' }), Fastify({ logger: false }).log);
  t = await createTestApp({ env, mailer });
});
// Each test starts with fresh limits; the tests below provoke them on purpose.
beforeEach(async () => {
  await t.db.delete(throttles);
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const PASSWORD_RESET_ANSWER = { success: true, data: { message: 'Si un compte existe pour cette adresse, un code vous a été envoyé.' } };
const INVALID = { success: false, message: 'Code invalide ou expiré', errors: { reset_code: ['Code invalide ou expiré'] } };

const post = (url: string, payload: object, ip = '10.5.0.1') => t.app.inject({ method: 'POST', url: `/api/password/${url}`, payload, remoteAddress: ip });
const sendEmail = (email: string, ip?: string) => post('send-email', { email }, ip);
const validate = (email: string, reset_code: string) => post('validate-code', { email, reset_code });
const reset = (email: string, reset_code: string, password: string) => post('reset-pwd', { email, reset_code, password });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/loginBO', payload: { email, password, from: 'BO' }, remoteAddress: '10.5.9.9' });

const mailsTo = (email: string) => inbox.filter((m) => m.to.includes(email));

/**
 * Waits for the next mail to `email` that carries a code (sending is not awaited by the API, and a
 * reset's notice to the same address may land in between) and reads its code.
 */
async function nextCode(email: string, already = mailsTo(email).length): Promise<string> {
  const deadline = Date.now() + 5_000;
  const codeIn = (raw: string) => raw.match(/^(\d{6})\r?$/m)?.[1];
  for (;;) {
    const code = mailsTo(email)
      .slice(already)
      .map((m) => codeIn(m.raw))
      .findLast(Boolean);
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('password reset', () => {
  it('sends a code by mail, validates it, sets the new password and signs the account out everywhere', async () => {
    const email = 'chef@demo.tn';
    const oldSession = await t.auth(email);
    const before = mailsTo(email).length;

    const sent = await sendEmail(email);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual(PASSWORD_RESET_ANSWER);
    const code = await nextCode(email, before);
    const mail = mailsTo(email).at(-1)!.raw;
    expect(mail).toMatch(/^Subject: /m);
    expect(mail).toContain('valable 15 minutes');

    // Only the hash is stored.
    const [chef] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const [row] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, chef.id));
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);

    const valid = await validate(email, code);
    expect(valid.statusCode).toBe(200);
    expect(valid.json().success).toBe(true);

    const done = await reset(email, code, 'Nouveau-mot-2025');
    expect(done.statusCode).toBe(200);
    expect(done.json().success).toBe(true);

    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: oldSession })).statusCode).toBe(401);
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(401);
    const signedIn = await login(email, 'Nouveau-mot-2025');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.login).toBe(email);

    // A code works once.
    expect((await reset(email, code, 'Encore-un-autre-1')).json()).toEqual(INVALID);
    expect((await validate(email, code)).statusCode).toBe(422);
    expect((await login(email, 'Nouveau-mot-2025')).statusCode).toBe(200);

    // The owner is told, at the same address, once the password has changed (mail sent after the answer).
    const deadline = Date.now() + 5_000;
    const isNotice = (raw: string) => /^Subject: .*Mot[_ ]de[_ ]passe[_ ]de[_ ]votre[_ ]compte/m.test(raw);
    while (!mailsTo(email).some((m) => isNotice(m.raw)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const notice = mailsTo(email).find((m) => isNotice(m.raw));
    expect(notice).toBeDefined();
    expect(notice!.raw).not.toMatch(/^\d{6}\r?$/m);

    // Sent, failed (none here) and done, each with the IP.
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.userEmail, email));
    const events = trail.filter((a) => ['reset_code_sent', 'password_reset'].includes(a.action)).map((a) => [a.action, (a.changes as { ip: string }).ip]);
    expect(events).toEqual([
      ['reset_code_sent', '10.5.0.1'],
      ['password_reset', '10.5.0.1'],
    ]);
    expect(JSON.stringify(trail)).not.toContain('Nouveau-mot-2025');
  });

  it(`voids a code after ${RESET_CODE_MAX_TRIES} wrong tries, even when typed right afterwards`, async () => {
    const email = 'magasin@demo.tn';
    const before = mailsTo(email).length;
    await sendEmail(email, '10.5.1.1');
    const code = await nextCode(email, before);
    for (let i = 0; i < RESET_CODE_MAX_TRIES; i++) {
      const wrong = await validate(email, otherCode(code));
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual(INVALID);
    }
    expect((await validate(email, code)).json()).toEqual(INVALID);
    expect((await reset(email, code, 'Nouveau-mot-2025')).statusCode).toBe(422);
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('a right code does not use up the tries: wrong, wrong, right, then reset still works', async () => {
    const email = 'commercial@demo.tn';
    const before = mailsTo(email).length;
    await sendEmail(email, '10.5.2.1');
    const code = await nextCode(email, before);
    for (let i = 0; i < RESET_CODE_MAX_TRIES - 1; i++) expect((await validate(email, otherCode(code))).statusCode).toBe(422);
    expect((await validate(email, code)).statusCode).toBe(200);
    expect((await reset(email, code, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('a new code replaces the previous one', async () => {
    const email = 'commercial@demo.tn';
    let count = mailsTo(email).length;
    await sendEmail(email, '10.5.3.1');
    const first = await nextCode(email, count);
    count = mailsTo(email).length;
    await sendEmail(email, '10.5.3.1');
    const second = await nextCode(email, count);
    if (first !== second) expect((await validate(email, first)).json()).toEqual(INVALID);
    expect((await validate(email, second)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = 'admin@demo.tn';
    const before = mailsTo(email).length;
    await sendEmail(email, '10.5.4.1');
    const code = await nextCode(email, before);
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, admin.id));
    expect((await validate(email, code)).json()).toEqual(INVALID);
  });

  it('answers the same for an unknown or inactive address and sends nothing', async () => {
    await t.db.update(users).set({ status: 0 }).where(eq(users.email, 'magasin@demo.tn'));
    try {
      const total = inbox.length;
      for (const email of ['personne@demo.tn', 'magasin@demo.tn']) {
        const res = await sendEmail(email, '10.5.5.1');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(PASSWORD_RESET_ANSWER);
        expect((await validate(email, '123456')).json()).toEqual(INVALID);
      }
      // Give a stray mail time to arrive before asserting there is none.
      await new Promise((r) => setTimeout(r, 300));
      expect(inbox.length).toBe(total);
    } finally {
      await t.db.update(users).set({ status: 1 }).where(eq(users.email, 'magasin@demo.tn'));
    }
  });

  it('limits code requests per address and per IP, known account or not', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.email, 'admin@demo.tn'));
    await t.db.insert(users).values({ email: 'limite@demo.tn', passwordHash: admin.passwordHash, roleId: admin.roleId });
    for (const email of ['inconnu@demo.tn', 'limite@demo.tn']) {
      for (let i = 0; i < 5; i++) expect((await sendEmail(email, `10.6.${i}.1`)).statusCode).toBe(200);
      const limited = await sendEmail(email, '10.6.9.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().success).toBe(false);
    }
    for (let i = 0; i < 5; i++) expect((await sendEmail(`x${i}@demo.tn`, '10.7.0.1')).statusCode).toBe(200);
    expect((await sendEmail('x9@demo.tn', '10.7.0.1')).statusCode).toBe(429);
  });

  it('keeps the per-address limit for the day, after the 15-minute IP window has passed', async () => {
    for (let i = 0; i < 5; i++) expect((await sendEmail('journee@demo.tn', `10.8.${i}.1`)).statusCode).toBe(200);
    // Every window older than 15 minutes: the IP's count is over, the address's day is not.
    await t.db.update(throttles).set({ startedAt: new Date(Date.now() - 16 * 60_000) });
    const limited = await sendEmail('journee@demo.tn', '10.8.9.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Trop de demandes de code pour cette adresse aujourd’hui. Réessayez demain.');
    expect((await sendEmail('autre@demo.tn', '10.8.0.1')).statusCode).toBe(200);
  });

  it(`throttles code checks per IP: ${RESET_CHECKS_PER_WINDOW} within 15 minutes, across addresses`, async () => {
    for (let i = 0; i < RESET_CHECKS_PER_WINDOW; i++) {
      expect((await post('validate-code', { email: `essai${i}@demo.tn`, reset_code: '000000' }, '10.9.0.1')).statusCode).toBe(422);
    }
    const limited = await post('validate-code', { email: 'admin@demo.tn', reset_code: '000000' }, '10.9.0.1');
    expect(limited.statusCode).toBe(429);
    expect((await post('reset-pwd', { email: 'admin@demo.tn', reset_code: '000000', password: 'Nouveau-mot-2025' }, '10.9.0.1')).statusCode).toBe(429);
    expect((await post('validate-code', { email: 'admin@demo.tn', reset_code: '000000' }, '10.9.0.2')).statusCode).toBe(422);
    // Each refused code is in the audit trail with the IP.
    const failed = await t.db.select().from(auditLog).where(eq(auditLog.action, 'reset_code_failed'));
    expect(failed.filter((a) => (a.changes as { ip: string }).ip === '10.9.0.1')).toHaveLength(RESET_CHECKS_PER_WINDOW);
  });

  it('validates input with the spec messages', async () => {
    const noCode = await post('validate-code', { email: 'admin@demo.tn' });
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json().errors.reset_code).toEqual([MSG.resetCodeRequired]);
    const noPassword = await post('reset-pwd', { email: 'admin@demo.tn', reset_code: '123456' });
    expect(noPassword.json().errors.password).toEqual([MSG.newPasswordRequired]);
    const short = await post('reset-pwd', { email: 'admin@demo.tn', reset_code: '123456', password: 'court' });
    expect(short.json().errors.password).toEqual([MSG.passwordMin]);
    const badEmail = await post('send-email', { email: 'pas-un-email' });
    expect(badEmail.json().errors.email).toEqual([MSG.email]);
  });
});
