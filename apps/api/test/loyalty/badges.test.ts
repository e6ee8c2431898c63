import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { BADGE_NO_ACTIVE_USER, BADGE_POINTS_MESSAGE, BADGE_SENT_MESSAGE, MSG, ROLE } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { solidPng } from '../../src/lib/png';
import { auditLog } from '../../src/lib/audit/audit.table';
import { roles, users } from '../../src/lib/auth/accounts.table';
import { clients } from '../../src/lib/clients/clients.table';
import { badges } from '../../src/lib/clients/badges.table';
import { BADGE_IMAGE_CID } from '../../src/modules/loyalty/badges.mail';
import { seedBadges } from '../../src/modules/loyalty/badges.seed';
import { media } from '../../src/lib/media/media.table';
import { createMailer } from '../../src/plugins/mail';
import { createTestApp, type MemoryMailer, multipart, MULTIPART_BOUNDARY, type TestContext } from '../support/helpers';

/** Badges through the real app: CRUD, form-data create with its image, validate, mail, delete guard. */
let t: TestContext;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });

const png = solidPng(8, 8, [200, 150, 40]);
const BOUNDARY = MULTIPART_BOUNDARY;
/** A multipart body with text fields and, optionally, one file, sent as the admin. */
function form(fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) {
  const body = multipart(fields, file);
  return { payload: body.payload, headers: { ...admin, ...body.headers } };
}
const postForm = (body: ReturnType<typeof form>) => t.app.inject({ method: 'POST', url: '/api/badges', ...body });

const badgeCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(badges))[0].n;
const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
const storedFiles = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()).filter((f) => f.startsWith('badges-')) : []);

let clientSeq = 0;
/** A minimal client row, written directly (the clients API is another module). */
async function insertClient(badgeId: number | null = null) {
  clientSeq++;
  const [c] = await t.db
    .insert(clients)
    .values({ code: `BDG-${clientSeq}-${Date.now()}`, name: `Épicerie Badge ${clientSeq}`, badgeId })
    .returning({ id: clients.id, name: clients.name });
  return c;
}
async function insertClientUser(clientId: number, email: string, status = 1) {
  const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.label, ROLE.admin));
  await t.db.insert(users).values({ email, passwordHash: 'x', roleId: role.id, clientId, status, firstname: 'Nour', lastname: 'Ben Ali' });
}

describe('badges: CRUD as JSON', () => {
  it('creates, lists, searches, reads, updates and deletes a badge, each write in the audit log', async () => {
    const created = await call('POST', 'badges', { NAME: '  Bronze  ', BONUS_BADGE: 100, BONUS_EVOLUTION: '50', DESCRIPTION: 'Premier palier' });
    expect(created.statusCode).toBe(201);
    const b = created.json().data;
    expect(b).toEqual({
      id: b.id,
      ID: b.id,
      NAME: 'Bronze',
      BONUS_BADGE: 100,
      BONUS_EVOLUTION: 50,
      BONUS_MAINTIEN: 0,
      DESCRIPTION: 'Premier palier',
      IS_ACTIVE: 0,
      MEDIA: null,
    });

    await call('POST', 'badges', { NAME: 'Argent', BONUS_BADGE: 250, IS_ACTIVE: 1 });
    const page = (await call('GET', 'badges?page=1')).json();
    expect(page.meta).toMatchObject({ current_page: 1, per_page: 50 });
    expect(page.data.map((d: { NAME: string }) => d.NAME)).toEqual(['Bronze', 'Argent']);
    const sorted = (await call('GET', 'badges?page=1&sort=NAME&order=asc')).json().data;
    expect(sorted.map((d: { NAME: string }) => d.NAME)).toEqual(['Argent', 'Bronze']);
    const found = (await call('GET', 'badges?page=1&search=bron')).json();
    expect(found.meta.total).toBe(1);

    // PUT takes a subset: the list's switch sends only the flag.
    const upd = await call('PUT', `badges/${b.id}`, { IS_ACTIVE: 1 });
    expect(upd.json().data).toMatchObject({ NAME: 'Bronze', BONUS_BADGE: 100, IS_ACTIVE: 1 });
    expect((await call('GET', `badges/${b.id}`)).json().data.IS_ACTIVE).toBe(1);

    expect((await call('DELETE', `badges/${b.id}`)).statusCode).toBe(200);
    expect((await call('GET', `badges/${b.id}`)).statusCode).toBe(404);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'badges'), eq(auditLog.entityId, String(b.id))));
    expect(trail.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(trail[1].changes).toEqual({ IS_ACTIVE: [0, 1] });
  });

  it('refuses bad input with field errors and a duplicate name (any case) with "Nom Existe"', async () => {
    const bad = await call('POST', 'badges', { NAME: '   ', BONUS_BADGE: -5, BONUS_MAINTIEN: 1.5 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ NAME: [MSG.blank], BONUS_BADGE: [BADGE_POINTS_MESSAGE], BONUS_MAINTIEN: [BADGE_POINTS_MESSAGE] });
    await call('POST', 'badges', { NAME: 'Or' });
    const dup = await call('POST', 'badges', { NAME: 'OR' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({ success: false, message: MSG.nameExists, errors: { NAME: [MSG.nameExists] } });
    expect((await call('PUT', 'badges/999999', { IS_ACTIVE: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', 'badges/999999')).statusCode).toBe(404);
  });

  it('exports the list', async () => {
    const csv = await call('GET', 'badges/export/csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.replace(/^\uFEFF/, '').split(/\r\n/)[0]).toBe('Nom;Bonus badge;Bonus évolution;Bonus maintien;Description;Actif;Image');
  });
});

describe('badges: POST as form data with the image', () => {
  it('creates the row and its image in one call, the numbers read from text fields', async () => {
    const r = await postForm(
      form(
        {
          NAME: 'Platine<script>alert(1)</script>',
          BONUS_BADGE: '1000',
          BONUS_EVOLUTION: '500',
          BONUS_MAINTIEN: '250',
          DESCRIPTION: 'Meilleur palier',
          IS_ACTIVE: '1',
        },
        { name: 'platine.png', type: 'image/png', content: png },
      ),
    );
    expect(r.statusCode).toBe(201);
    const b = r.json().data;
    expect(b).toMatchObject({ NAME: 'Platine', BONUS_BADGE: 1000, BONUS_EVOLUTION: 500, BONUS_MAINTIEN: 250, DESCRIPTION: 'Meilleur palier', IS_ACTIVE: 1 });
    expect(b.MEDIA).toMatchObject({ file_name: 'platine.png', mime_type: 'image/png', size: png.length });
    const served = await t.app.inject({ method: 'GET', url: b.MEDIA.original_url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    // The list shows the image too.
    const listed = (await call('GET', 'badges?page=1&search=platine')).json().data[0];
    expect(listed.MEDIA.original_url).toBe(b.MEDIA.original_url);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'badges'), eq(auditLog.entityId, String(b.id))));
    expect(trail.map((x) => x.action)).toEqual(['create', 'media']);
  });

  it('accepts the image under its media name, and a form without a file (or with an empty file input)', async () => {
    const named = await postForm(form({ NAME: 'Saphir' }, { field: 'image', name: 's.png', type: 'image/png', content: png }));
    expect(named.statusCode).toBe(201);
    expect(named.json().data.MEDIA).not.toBeNull();
    const none = await postForm(form({ NAME: 'Émeraude', BONUS_BADGE: '0' }));
    expect(none.statusCode).toBe(201);
    expect(none.json().data).toMatchObject({ NAME: 'Émeraude', BONUS_BADGE: 0, IS_ACTIVE: 0, MEDIA: null });
    const empty = await postForm(form({ NAME: 'Rubis' }, { name: '', type: 'application/octet-stream', content: Buffer.alloc(0) }));
    expect(empty.statusCode).toBe(201);
    expect(empty.json().data.MEDIA).toBeNull();
  });

  it('refuses a file of the wrong type (by its bytes) with 422 and writes no row and no file', async () => {
    const rows = await badgeCount();
    const files = storedFiles();
    const r = await postForm(
      form({ NAME: 'Faux', BONUS_BADGE: '10' }, { name: 'evil.png', type: 'image/png', content: Buffer.from('<?php system($_GET[1]); ?>') }),
    );
    expect(r.statusCode).toBe(422);
    expect(r.json()).toEqual({ success: false, message: MSG.fileType, errors: { file: [MSG.fileType] } });
    const pdf = await postForm(
      form(
        { NAME: 'Faux' },
        { name: 'doc.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF') },
      ),
    );
    expect(pdf.statusCode).toBe(422);
    expect(await badgeCount()).toBe(rows);
    expect(storedFiles()).toEqual(files);
    expect((await call('GET', 'badges?page=1&search=Faux')).json().meta.total).toBe(0);
  });

  it('refuses bad fields with the schema’s messages and stores nothing; a duplicate name leaves no file', async () => {
    const rows = await badgeCount();
    const files = storedFiles();
    const bad = await postForm(
      form({ NAME: '', BONUS_BADGE: '-1', BONUS_EVOLUTION: 'abc', BONUS_MAINTIEN: '' }, { name: 'x.png', type: 'image/png', content: png }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      NAME: [MSG.required],
      BONUS_BADGE: [BADGE_POINTS_MESSAGE],
      BONUS_EVOLUTION: [BADGE_POINTS_MESSAGE],
      BONUS_MAINTIEN: [MSG.required],
    });
    const dup = await postForm(form({ NAME: 'platine' }, { name: 'x.png', type: 'image/png', content: png }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().message).toBe(MSG.nameExists);
    const unknownField = await postForm(form({ NAME: 'Quartz' }, { field: 'logo', name: 'x.png', type: 'image/png', content: png }));
    expect(unknownField.statusCode).toBe(422);
    expect(await badgeCount()).toBe(rows);
    expect(storedFiles()).toEqual(files);
  });

  it('answers a malformed or cut-off multipart body with 422', async () => {
    const cut = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="NAME"\r\n\r\nCoupé\r\n--${BOUNDARY}\r\nContent-Disposition: form-da`);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/badges',
      payload: cut,
      headers: { ...admin, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ success: false, message: MSG.multipartInvalid });
    const noBoundary = await t.app.inject({ method: 'POST', url: '/api/badges', payload: 'abc', headers: { ...admin, 'content-type': 'multipart/form-data' } });
    expect(noBoundary.statusCode).toBe(422);
  });

  it('replaces the image through POST badges/media/{id}', async () => {
    const b = (await call('POST', 'badges', { NAME: 'Topaze' })).json().data;
    const up = await t.app.inject({ method: 'POST', url: `/api/badges/media/${b.id}`, ...form({}, { name: 'topaze.png', type: 'image/png', content: png }) });
    expect(up.statusCode).toBe(200);
    expect(up.json().data.MEDIA).toMatchObject({ file_name: 'topaze.png' });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/badges/media/999999', ...form({}, { name: 't.png', type: 'image/png', content: png }) })).statusCode,
    ).toBe(404);
  });
});

describe('badges: validate', () => {
  it('activates a badge, and answers 404 for an unknown one', async () => {
    const b = (await call('POST', 'badges', { NAME: 'À valider' })).json().data;
    expect(b.IS_ACTIVE).toBe(0);
    const r = await call('PUT', `badges/validate/${b.id}`);
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ id: b.id, IS_ACTIVE: 1 });
    expect((await call('GET', `badges/${b.id}`)).json().data.IS_ACTIVE).toBe(1);
    // Already active: nothing changes, still 200.
    expect((await call('PUT', `badges/validate/${b.id}`)).statusCode).toBe(200);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'badges'), eq(auditLog.entityId, String(b.id)), eq(auditLog.action, 'update')));
    expect(trail.map((x) => x.changes)).toEqual([{ IS_ACTIVE: [0, 1] }]);
    expect((await call('PUT', 'badges/validate/999999')).statusCode).toBe(404);
  });
});

describe('badges: sendEmail', () => {
  it('mails the badge with its image to every active user of the client', async () => {
    const b = (
      await postForm(
        form(
          { NAME: 'Or & Co', BONUS_BADGE: '1500', BONUS_EVOLUTION: '300', BONUS_MAINTIEN: '100', DESCRIPTION: 'Client <fidèle>', IS_ACTIVE: '1' },
          { name: 'or.png', type: 'image/png', content: png },
        ),
      )
    ).json().data;
    const client = await insertClient();
    await insertClientUser(client.id, 'u1.badge@demo.tn');
    await insertClientUser(client.id, 'u2.badge@demo.tn');
    await insertClientUser(client.id, 'inactif.badge@demo.tn', 0);
    const other = await insertClient();
    await insertClientUser(other.id, 'autre.badge@demo.tn');

    const mailer = t.mailer as MemoryMailer;
    mailer.sent.length = 0;
    const r = await call('GET', `badges/${b.id}/sendEmail/${client.id}`);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ success: true, data: { message: BADGE_SENT_MESSAGE, sent: 2 } });
    expect(mailer.sent.map((m) => m.to).sort()).toEqual(['u1.badge@demo.tn', 'u2.badge@demo.tn']);
    const m = mailer.sent[0];
    expect(m.subject).toBe('Votre badge « Or & Co »');
    expect(m.text).toContain('1\u00a0500 points');
    expect(m.text).toContain('Client <fidèle>');
    expect(m.html).toContain('Or &amp; Co');
    expect(m.html).toContain('Client &lt;fidèle&gt;');
    expect(m.html).toContain(`cid:${BADGE_IMAGE_CID}`);
    expect(m.attachments).toHaveLength(1);
    expect(m.attachments?.[0]).toMatchObject({ cid: BADGE_IMAGE_CID, contentType: 'image/png', filename: 'or.png' });
    expect(m.attachments?.[0].content.equals(png)).toBe(true);
  });

  it('records each sending in the audit trail as a security event: who, which client, to whom, from which IP', async () => {
    const b = (await call('POST', 'badges', { NAME: 'Audité' })).json().data;
    const client = await insertClient();
    await insertClientUser(client.id, 'audit.badge@demo.tn');
    const r = await t.app.inject({ method: 'GET', url: `/api/badges/${b.id}/sendEmail/${client.id}`, headers: admin, remoteAddress: '10.55.0.9' });
    expect(r.statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'badges'), eq(auditLog.entityId, String(b.id)), eq(auditLog.action, 'badge_mail')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userEmail: 'admin@demo.tn',
      changes: { client: client.id, recipients: ['audit.badge@demo.tn'], sent: 1, failed: [], ip: '10.55.0.9' },
    });
    expect(rows[0].at).toBeInstanceOf(Date);
    const trail = (await call('GET', `audit?ACTION=security&ENTITY=badges&search=${b.id}`)).json().data;
    expect(trail.map((e: { ACTION: string; ENTITY_ID: string }) => [e.ACTION, e.ENTITY_ID])).toEqual([['badge_mail', String(b.id)]]);
  });

  it('sends without an image when the badge has none', async () => {
    const b = (await call('POST', 'badges', { NAME: 'Sans image' })).json().data;
    const client = await insertClient();
    await insertClientUser(client.id, 'sans.image@demo.tn');
    const mailer = t.mailer as MemoryMailer;
    mailer.sent.length = 0;
    expect((await call('GET', `badges/${b.id}/sendEmail/${client.id}`)).json().data.sent).toBe(1);
    expect(mailer.sent[0].attachments).toBeUndefined();
    expect(mailer.sent[0].html).not.toContain('cid:');
  });

  it('answers 404 for an unknown badge or client and 422 when the client has no active user', async () => {
    const b = (await call('POST', 'badges', { NAME: 'Envoi refusé' })).json().data;
    const client = await insertClient();
    const unknownBadge = await call('GET', `badges/999999/sendEmail/${client.id}`);
    expect(unknownBadge.statusCode).toBe(404);
    expect(unknownBadge.json().message).toBe('Badge introuvable');
    const unknownClient = await call('GET', `badges/${b.id}/sendEmail/999999`);
    expect(unknownClient.statusCode).toBe(404);
    expect(unknownClient.json().message).toBe('Client introuvable');
    await insertClientUser(client.id, 'seul.inactif@demo.tn', 0);
    const none = await call('GET', `badges/${b.id}/sendEmail/${client.id}`);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ success: false, message: BADGE_NO_ACTIVE_USER });
  });
});

describe('badges: delete guard', () => {
  it('refuses to delete a badge a client holds (409), and deletes it with its image once released', async () => {
    const b = (await postForm(form({ NAME: 'Détenu' }, { name: 'd.png', type: 'image/png', content: png }))).json().data;
    const client = await insertClient(b.id);
    const r = await call('DELETE', `badges/${b.id}`);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({ success: false, message: MSG.inUse('ce badge est encore attribué à des clients') });
    expect((await call('GET', `badges/${b.id}`)).statusCode).toBe(200);

    await t.db.update(clients).set({ badgeId: null }).where(eq(clients.id, client.id));
    expect((await call('DELETE', `badges/${b.id}`)).statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(media)
        .where(and(eq(media.entity, 'badges'), eq(media.entityId, b.id))),
    ).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: b.MEDIA.original_url })).statusCode).toBe(404);
  });
});

describe('badges: permissions', () => {
  it('lets a zone chief read badges but not write, validate or mail them', async () => {
    const chef = await t.auth('chef@demo.tn');
    expect((await call('GET', 'badges?page=1', undefined, chef)).statusCode).toBe(200);
    expect((await call('POST', 'badges', { NAME: 'Chef' }, chef)).statusCode).toBe(403);
    expect((await call('PUT', 'badges/validate/1', undefined, chef)).statusCode).toBe(403);
    expect((await call('GET', 'badges/1/sendEmail/1', undefined, chef)).statusCode).toBe(403);
    // 403 before the body is read: a forbidden role learns nothing about its form.
    const r = await t.app.inject({ method: 'POST', url: '/api/badges', ...form({ NAME: '' }), headers: { ...form({}).headers, ...chef } });
    expect(r.statusCode).toBe(403);
  });
});

describe('badges: demo seed', () => {
  it('creates the four active tiers with an image each and returns their ids by name', async () => {
    const ctx = await createTestApp();
    try {
      const ids = await seedBadges(ctx.db, ctx.app.storage.media);
      expect(Object.keys(ids)).toEqual(['Bronze', 'Argent', 'Or', 'Platine']);
      const list = (await ctx.app.inject({ method: 'GET', url: '/api/badges', headers: await ctx.auth('admin@demo.tn') })).json().data;
      expect(list.map((b: { id: number; NAME: string }) => [b.NAME, b.id])).toEqual(Object.entries(ids));
      for (const b of list) {
        expect(b.IS_ACTIVE).toBe(1);
        expect(b.BONUS_BADGE).toBeGreaterThan(0);
        expect(b.MEDIA).toMatchObject({ mime_type: 'image/png' });
        expect((await ctx.app.inject({ method: 'GET', url: b.MEDIA.original_url })).statusCode).toBe(200);
      }
      const bonuses = list.map((b: { BONUS_BADGE: number }) => b.BONUS_BADGE);
      expect([...bonuses].sort((x, y) => x - y)).toEqual(bonuses);
    } finally {
      await ctx.close();
    }
  });
});

/** The badge mail through real SMTP, as in production: the image travels inline (Content-ID). */
describe('badges: sendEmail over SMTP', () => {
  const inbox: { to: string[]; raw: string }[] = [];
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
  let s: TestContext;
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}` };
    s = await createTestApp({ env, mailer: createMailer(loadConfig({ ...env, LOG_LEVEL: 'silent' }), Fastify({ logger: false }).log) });
  });
  afterAll(async () => {
    await s?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers one message per active user with the badge image as an inline part', async () => {
    const headers = await s.auth('admin@demo.tn');
    const [c] = await s.db.insert(clients).values({ code: 'SMTP-1', name: 'Superette SMTP' }).returning({ id: clients.id });
    const [role] = await s.db.select({ id: roles.id }).from(roles).where(eq(roles.label, ROLE.admin));
    await s.db
      .insert(users)
      .values({ email: 'smtp.client@demo.tn', passwordHash: 'x', roleId: role.id, clientId: c.id, firstname: 'Hela', lastname: 'Jaziri' });
    const created = await s.app.inject({
      method: 'POST',
      url: '/api/badges',
      payload: form({ NAME: 'Argent', BONUS_BADGE: '250', DESCRIPTION: 'Client régulier' }, { name: 'argent.png', type: 'image/png', content: png }).payload,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    const b = created.json().data;
    const r = await s.app.inject({ method: 'GET', url: `/api/badges/${b.id}/sendEmail/${c.id}`, headers });
    expect(r.json()).toEqual({ success: true, data: { message: BADGE_SENT_MESSAGE, sent: 1 } });
    expect(inbox).toHaveLength(1);
    const raw = inbox[0].raw;
    expect(inbox[0].to).toEqual(['smtp.client@demo.tn']);
    expect(raw).toMatch(/^Subject: /m);
    expect(raw).toMatch(/Content-Type: image\/png; name=argent\.png/);
    expect(raw).toContain(`Content-ID: <${BADGE_IMAGE_CID}>`);
    expect(raw).toMatch(/Content-Disposition: inline/);
    expect(raw).toContain(png.toString('base64').slice(0, 40));
  });
});
