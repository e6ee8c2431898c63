import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { INVITATION_MSG, MSG, ROLE } from '@app/domain';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { hashPassword } from '../../src/lib/password';
import { auditLog } from '../../src/lib/audit/audit.table';
import { roles, sessions, users } from '../../src/lib/auth/accounts.table';
import { clientTypes } from '../../src/lib/clients/classification.table';
import { invitations } from '../../src/modules/communication/invitations.table';
import { INVITATION_CALLS_PER_WINDOW } from '../../src/modules/communication/invitations.routes';
import { messageTemplates } from '../../src/modules/communication/templates.table';
import { clients } from '../../src/lib/clients/clients.table';
import { createMailer } from '../../src/plugins/mail';
import { hashToken, newToken } from '../../src/plugins/auth';
import { createTestApp, type TestContext } from '../support/helpers';

/**
 * Invitations end to end: the API sends through the nodemailer transport of plugins/mail.ts to a
 * real SMTP server (smtp-server), the test reads the link out of the received mail and uses it on
 * the public calls, then signs in with the chosen password.
 */
interface Received {
  to: string[];
  raw: string;
}
const inbox: Received[] = [];
const REFUSED = 'refuse.me@demo.tn';
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address === REFUSED) return callback(new Error('Boîte aux lettres inexistante'));
    callback();
  },
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

/** Subject, text and HTML of a raw MIME message (quoted-printable / base64 parts, encoded-word subject). */
function parseMail(raw: string) {
  const decodePart = (head: string, body: string) => {
    if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => `%${h}`);
      return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
    }
    return body;
  };
  const [headers] = raw.split(/\r?\n\r?\n/);
  const subjectRaw = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(headers)?.[1] ?? '';
  const subject = subjectRaw
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodePart('content-transfer-encoding: quoted-printable', text.replace(/_/g, ' ')),
    )
    .trim();
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/).slice(1);
  const part = (type: string) => {
    const p = parts.find((x) => new RegExp(`content-type:\\s*${type}`, 'i').test(x.split(/\r?\n\r?\n/)[0]));
    if (!p) return '';
    const [head, ...rest] = p.split(/\r?\n\r?\n/);
    return decodePart(head, rest.join('\n\n').replace(/\r?\n--[^\r\n]*--\s*$/, ''));
  };
  return { subject, text: part('text/plain'), html: part('text/html') };
}

const mailsTo = (email: string) => inbox.filter((m) => m.to.includes(email));
const lastMailTo = (email: string) => parseMail(mailsTo(email).at(-1)?.raw ?? '');
const tokenIn = (html: string) => /href="[^"]*\/invitation#token=([\w-]+)"/.exec(html)?.[1] ?? '';

let t: TestContext;
let admin: Record<string, string>;
let templateId: number;
let smsTemplateId: number;
let staffId: number;
/** The fixtures' password hash: a refused link leaves it as it was. */
let passwordHash: string;
let clientUserId: number;
const STAFF = 'staff.invite@demo.tn';
const CLIENT_USER = 'client.user@demo.tn';

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  const env = { SMTP_URL: `smtp://127.0.0.1:${port}` };
  const mailer = createMailer(loadConfig({ ...env, LOG_LEVEL: 'silent' }), Fastify({ logger: false }).log);
  t = await createTestApp({ env, mailer });
  admin = await t.auth('admin@demo.tn');

  const roleIds = new Map((await t.db.select().from(roles)).map((r) => [r.label, r.id]));
  const [type] = await t.db.insert(clientTypes).values({ name: 'Grossiste', position: 1 }).returning();
  const [client] = await t.db.insert(clients).values({ code: 'C-0042', name: 'Épicerie <Zoé> & Fils' }).returning();
  passwordHash = await hashPassword('Temporaire-123');
  const inserted = await t.db
    .insert(users)
    .values([
      // Invitations go to accounts that may sign in (STATUS 1); test/auth/account-access.test.ts covers the others.
      { email: STAFF, firstname: 'Zoé <b>&</b>', lastname: "O'Neil", roleId: roleIds.get(ROLE.commercial)!, status: 1, typeClientId: type.id, passwordHash },
      { email: CLIENT_USER, firstname: 'Salma', lastname: 'Ben Ali', roleId: roleIds.get(ROLE.patente)!, status: 1, clientId: client.id, passwordHash },
      { email: REFUSED, firstname: 'Refus', lastname: 'SMTP', roleId: roleIds.get(ROLE.commercial)!, status: 1, passwordHash },
    ])
    .returning({ id: users.id });
  [staffId, clientUserId] = inserted.map((u) => u.id);

  const [tpl] = await t.db
    .insert(messageTemplates)
    .values({
      type: 'email',
      name: 'Invitation test',
      subject: 'Invitation {{PRENOM}} — {{SOCIETE}}',
      content:
        '<p>Bonjour {{PRENOM}} {{NOM}} ({{EMAIL}})</p><p>Client [{{CODE_CLIENT}}] — {{SOCIETE}}</p><p><a href="{{LIEN}}">Choisir mon mot de passe</a></p>',
    })
    .returning();
  templateId = tpl.id;
  const [sms] = await t.db.insert(messageTemplates).values({ type: 'sms', name: 'SMS', subject: 'SMS', content: 'Bonjour {{PRENOM}}' }).returning();
  smsTemplateId = sms.id;
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

let ipCounter = 0;
/** Each call from its own address, so the public calls' per-IP limit is only met where tested. */
const freshIp = () => `10.77.${Math.floor(++ipCounter / 200)}.${ipCounter % 200}`;
const invite = (emails: string[], template_key: unknown = templateId, headers: Record<string, string> = admin) =>
  t.app.inject({ method: 'POST', url: '/api/invite/mail', payload: { emails, template_key }, headers });
const readLink = (token: unknown, ip = freshIp()) => t.app.inject({ method: 'POST', url: '/api/invitations/lookup', payload: { token }, remoteAddress: ip });
const accept = (token: string, password: string, confirm = password, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/invitations/accept', payload: { token, password, confirm }, remoteAddress: ip });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/loginBO', payload: { email, password, from: 'BO' }, remoteAddress: freshIp() });

async function sendAndReadToken(email: string): Promise<string> {
  const before = mailsTo(email).length;
  const r = await invite([email]);
  expect(r.statusCode).toBe(200);
  expect(mailsTo(email).length).toBe(before + 1);
  return tokenIn(lastMailTo(email).html);
}

describe('POST invite/mail', () => {
  it('mails each recipient the template with its placeholders filled and escaped, one row per recipient', async () => {
    const r = await invite([STAFF, CLIENT_USER.toUpperCase(), 'inconnu@nulle.tn'], String(templateId));
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      success: true,
      data: { message: 'Invitation envoyée', sent: 2, failed: [{ email: 'inconnu@nulle.tn', message: INVITATION_MSG.noAccount }] },
    });

    const staff = lastMailTo(STAFF);
    expect(staff.subject).toBe('Invitation Zoé <b>&</b> — Grossiste');
    expect(staff.html).toContain('<p>Bonjour Zoé &lt;b&gt;&amp;&lt;/b&gt; O&#39;Neil (staff.invite@demo.tn)</p>');
    // Staff: no client code; the company is the account's client type.
    expect(staff.html).toContain('<p>Client [] — Grossiste</p>');
    expect(staff.html).not.toContain('{{');
    // The token rides in the fragment, which browsers never send: no server or proxy log holds it.
    expect(staff.html).toMatch(/href="http:\/\/localhost(:80)?\/invitation#token=[\w-]{43}"/);
    expect(staff.text).toContain("Bonjour Zoé <b>&</b> O'Neil (staff.invite@demo.tn)");
    expect(staff.text).toMatch(/Choisir mon mot de passe \(http:\/\/localhost(:80)?\/invitation#token=[\w-]{43}\)/);
    expect(staff.html).not.toMatch(/[?&]token=/);

    const client = lastMailTo(CLIENT_USER);
    expect(client.subject).toBe('Invitation Salma — Épicerie <Zoé> & Fils');
    expect(client.html).toContain('<p>Client [C-0042] — Épicerie &lt;Zoé&gt; &amp; Fils</p>');

    const rows = await t.db.select().from(invitations).orderBy(invitations.id);
    expect(rows).toHaveLength(3);
    const [adminUser] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.tn'));
    expect(rows.map((x) => [x.email, x.userId, x.result, x.error, x.templateId, x.invitedById])).toEqual([
      [STAFF, staffId, 'sent', null, templateId, adminUser.id],
      [CLIENT_USER, clientUserId, 'sent', null, templateId, adminUser.id],
      ['inconnu@nulle.tn', null, 'failed', INVITATION_MSG.noAccount, templateId, adminUser.id],
    ]);
    // Only the SHA-256 of the link's token is stored; the link lives 7 days.
    const token = tokenIn(staff.html);
    expect(rows[0].tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const days = (rows[0].expiresAt!.getTime() - rows[0].sentAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    expect(tokenIn(client.html)).not.toBe(token);
  });

  it('records a refused mail as failed with its reason and a dead link; nothing sent at all is 422 Invitation échouée', async () => {
    const partial = await invite([REFUSED, CLIENT_USER]);
    expect(partial.json().data).toEqual({ message: 'Invitation envoyée', sent: 1, failed: [{ email: REFUSED, message: INVITATION_MSG.mailFailed }] });
    const [row] = await t.db.select().from(invitations).where(eq(invitations.email, REFUSED));
    expect(row).toMatchObject({ result: 'failed', tokenHash: null, expiresAt: null });
    expect(row.error).toMatch(/inexistante/);

    const none = await invite(['personne@nulle.tn', REFUSED]);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({
      success: false,
      message: 'Invitation échouée',
      errors: { emails: [`personne@nulle.tn : ${INVITATION_MSG.noAccount}`, `${REFUSED} : ${INVITATION_MSG.mailFailed}`] },
    });
  });

  it('needs a template and at least one recipient; the template must be an email template', async () => {
    const empty = await invite([], null);
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({
      message: INVITATION_MSG.required,
      errors: { emails: [INVITATION_MSG.required], template_key: [INVITATION_MSG.required] },
    });
    expect((await invite(['pas-un-email'])).json().errors).toEqual({ 'emails.0': [MSG.email] });
    for (const key of [smsTemplateId, 999_999]) {
      const r = await invite([STAFF], key);
      expect(r.statusCode).toBe(422);
      expect(r.json().errors).toEqual({ template_key: [INVITATION_MSG.templateNotFound] });
    }
  });

  it('builds the link on the address the request came to (forwarded headers ignored without TRUST_PROXY)', async () => {
    const before = mailsTo(CLIENT_USER).length;
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/invite/mail',
      payload: { emails: [CLIENT_USER], template_key: templateId },
      headers: { ...admin, host: 'bo.fidelite.tn', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
    });
    expect(r.statusCode).toBe(200);
    expect(mailsTo(CLIENT_USER).length).toBe(before + 1);
    expect(lastMailTo(CLIENT_USER).html).toMatch(/href="http:\/\/bo\.fidelite\.tn\/invitation#token=/);
  });

  it('builds the link on PUBLIC_URL when it is set, whatever host the request came to', async () => {
    t.app.config.PUBLIC_URL = 'https://fidelite.example.tn/bo';
    try {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/invite/mail',
        payload: { emails: [CLIENT_USER], template_key: templateId },
        headers: { ...admin, host: 'interne:3000' },
      });
      expect(r.statusCode).toBe(200);
      expect(lastMailTo(CLIENT_USER).html).toMatch(/href="https:\/\/fidelite\.example\.tn\/bo\/invitation#token=[\w-]{43}"/);
    } finally {
      t.app.config.PUBLIC_URL = undefined;
    }
  });
});

describe('public invitation page calls', () => {
  it('shows who is invited, sets the password once, leaves the account active, closes its sessions; the password signs in', async () => {
    const token = await sendAndReadToken(STAFF);
    const info = await readLink(token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ success: true, data: { FIRSTNAME: 'Zoé <b>&</b>', EMAIL: STAFF, MOBILE: false } });

    const oldSession = newToken();
    await t.db.insert(sessions).values({ userId: staffId, tokenHash: hashToken(oldSession), expiresAt: new Date(Date.now() + 3_600_000) });
    expect((await login(STAFF, 'Bienvenue-2025')).statusCode).toBe(401);

    const mismatch = await accept(token, 'Bienvenue-2025', 'Autre-2025');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ confirm: [MSG.passwordsMismatch] });
    expect((await accept(token, 'court')).json().errors).toEqual({ password: [MSG.passwordMin] });

    const done = await accept(token, 'Bienvenue-2025');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, data: { message: INVITATION_MSG.accepted, FIRSTNAME: 'Zoé <b>&</b>', EMAIL: STAFF, MOBILE: false } });

    const [user] = await t.db.select().from(users).where(eq(users.id, staffId));
    expect(user.status).toBe(1);
    const [old] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(oldSession)));
    expect(old.revokedAt).not.toBeNull();

    const signedIn = await login(STAFF, 'Bienvenue-2025');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.login).toBe(STAFF);

    // One use only, and every other open link of the account dies with it.
    const invalid = { success: false, message: INVITATION_MSG.invalid };
    expect((await readLink(token)).json()).toEqual(invalid);
    expect((await accept(token, 'Encore-2025-x')).json()).toEqual(invalid);
    const first = (await t.db.select().from(invitations).where(eq(invitations.userId, staffId)).orderBy(invitations.id))[0];
    expect(first.usedAt).not.toBeNull();
    expect((await login(STAFF, 'Bienvenue-2025')).statusCode).toBe(200);
  });

  it('a client user is told to use the mobile app; a link that expired is refused', async () => {
    const token = await sendAndReadToken(CLIENT_USER);
    expect((await readLink(token)).json().data).toEqual({ FIRSTNAME: 'Salma', EMAIL: CLIENT_USER, MOBILE: true });

    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.tokenHash, hashToken(token)));
    expect((await readLink(token)).statusCode).toBe(404);
    const refused = await accept(token, 'Bienvenue-2025');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(INVITATION_MSG.invalid);
    const [user] = await t.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, clientUserId));
    expect(user.passwordHash).toBe(passwordHash);

    // A fresh link still works.
    const again = await sendAndReadToken(CLIENT_USER);
    expect((await accept(again, 'Mobile-2025-ok')).json().data.MOBILE).toBe(true);
  });

  it('refuses unknown and malformed tokens, and limits the calls per address', async () => {
    expect((await readLink(newToken())).json()).toEqual({ success: false, message: INVITATION_MSG.invalid });
    for (const bad of ['abc', undefined, 123456789, ['x'.repeat(43)], 'x'.repeat(201)]) {
      const r = await readLink(bad);
      expect(r.statusCode).toBe(422);
      expect(r.json().errors.token).toContain(INVITATION_MSG.invalid);
    }

    const ip = '10.99.0.1';
    for (let i = 0; i < INVITATION_CALLS_PER_WINDOW; i++) expect((await readLink(newToken(), ip)).statusCode).toBe(404);
    const limited = await readLink(newToken(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: INVITATION_MSG.tooManyAttempts });
    // Even a good token is not read from that address any more; another address still is.
    const token = await sendAndReadToken(CLIENT_USER);
    expect((await readLink(token, ip)).statusCode).toBe(429);
    expect((await readLink(token)).statusCode).toBe(200);

    const acceptIp = '10.99.0.2';
    for (let i = 0; i < INVITATION_CALLS_PER_WINDOW; i++) expect((await accept(newToken(), 'Bienvenue-2025', 'Bienvenue-2025', acceptIp)).statusCode).toBe(404);
    const refused = await accept(newToken(), 'Bienvenue-2025', 'Bienvenue-2025', acceptIp);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(INVITATION_MSG.tooManyAttempts);
  });

  it('never reads a token from a path or a query: the former GET invitations/{token} is gone', async () => {
    const token = await sendAndReadToken(CLIENT_USER);
    const byPath = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}`, remoteAddress: freshIp() });
    expect(byPath.statusCode).toBe(404);
    expect(byPath.body).not.toContain(CLIENT_USER);
    const byQuery = await t.app.inject({ method: 'POST', url: `/api/invitations/lookup?token=${token}`, payload: {}, remoteAddress: freshIp() });
    expect(byQuery.statusCode).toBe(422);
    // The link still works through the body.
    expect((await readLink(token)).json().data.EMAIL).toBe(CLIENT_USER);
  });

  it('records each send in the audit trail as a security event: who, to whom, from which IP, when', async () => {
    const [{ last }] = await t.db.select({ last: sql<number>`coalesce(max(${auditLog.id}), 0)::int` }).from(auditLog);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/invite/mail',
      payload: { emails: [STAFF, 'personne.audit@nulle.tn'], template_key: templateId },
      headers: admin,
      remoteAddress: '10.42.0.7',
    });
    expect(r.statusCode).toBe(200);
    const [adminUser] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.tn'));
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'invitations'), gt(auditLog.id, last)))
      .orderBy(auditLog.id);
    expect(
      rows.map((x) => [
        x.action,
        x.userId,
        x.userEmail,
        (x.changes as Record<string, unknown>).email,
        (x.changes as Record<string, unknown>).result,
        (x.changes as Record<string, unknown>).ip,
      ]),
    ).toEqual([
      ['invitation', adminUser.id, 'admin@demo.tn', STAFF, 'sent', '10.42.0.7'],
      ['invitation', adminUser.id, 'admin@demo.tn', 'personne.audit@nulle.tn', 'failed', '10.42.0.7'],
    ]);
    // Never the token, nor its hash.
    expect(JSON.stringify(rows)).not.toMatch(/token/i);
    const trail = await t.app.inject({ method: 'GET', url: '/api/audit?ACTION=security&ENTITY=invitations&page=1', headers: admin });
    expect(
      trail
        .json()
        .data.slice(0, 2)
        .map((e: { ACTION: string; AT: string }) => e.ACTION),
    ).toEqual(['invitation', 'invitation']);
  });

  it('never gives out tokens or their hashes', async () => {
    const r = await invite([CLIENT_USER]);
    expect(JSON.stringify(r.json())).not.toMatch(/token/i);
    const hashes = (
      await t.db
        .select({ h: invitations.tokenHash })
        .from(invitations)
        .where(inArray(invitations.userId, [staffId, clientUserId]))
    ).map((x) => x.h);
    for (const h of hashes.filter(Boolean)) expect(r.body).not.toContain(h);
  });
});
