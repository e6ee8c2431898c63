import { FLUX_MSG } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../../src/lib/png';
import { auditLog } from '../../src/lib/audit/audit.table';
import { clientActivities, clientCircuits } from '../../src/lib/clients/classification.table';
import { clients } from '../../src/lib/clients/clients.table';
import { flux, fluxRecipients } from '../../src/modules/flux/flux.table';
import { createTestApp, MULTIPART_BOUNDARY, type TestContext } from '../support/helpers';

/** Flux notifications through the real app. */
let t: TestContext;
let admin: { authorization: string };
const c: Record<string, number> = {};
let cafes: number;
let epiceries: number;

type File = { field: string; name: string; type: string; content: Buffer };
/** A multipart body with repeated fields allowed and any number of files. */
function form(fields: [string, string][], files: File[] = []) {
  const parts: Buffer[] = [];
  for (const [name, value] of fields) parts.push(Buffer.from(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files)
    parts.push(
      Buffer.from(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`),
      f.content,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { ...admin, 'content-type': `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` } };
}
const post = (url: string, body: ReturnType<typeof form>) => t.app.inject({ method: 'POST', url: `/api/${url}`, ...body });
const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url: `/api/${url}`, headers });
const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(flux))[0].n;
const recipientsOf = async (id: number) =>
  (await t.db.select({ id: fluxRecipients.clientId }).from(fluxRecipients).where(eq(fluxRecipients.fluxId, id))).map((r) => r.id).sort((a, b) => a - b);
const content: [string, string][] = [
  ['TITLE', 'Double points ce week-end'],
  ['MESSAGE', '<p>Tous vos achats comptent double 🎉 <script>alert(1)</script><strong>samedi</strong></p>'],
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  const [circuit] = await t.db.insert(clientCircuits).values({ name: 'Traditionnel' }).returning();
  [{ id: cafes }] = await t.db.insert(clientActivities).values({ name: 'Cafés', code: 'CAF', circuitId: circuit.id }).returning();
  [{ id: epiceries }] = await t.db.insert(clientActivities).values({ name: 'Épiceries', code: 'EPI', circuitId: circuit.id }).returning();
  const rows = await t.db
    .insert(clients)
    .values([
      { code: 'C-A', name: 'Café Atlas', activityId: cafes, isActive: 1 },
      { code: 'C-B', name: 'Café Byrsa', activityId: cafes, isActive: 1 },
      { code: 'C-C', name: 'Café Carthage', activityId: cafes, isActive: 0 },
      { code: 'C-D', name: 'Épicerie Dar', activityId: epiceries, isActive: 1 },
    ])
    .returning();
  for (const r of rows) c[r.code] = r.id;
});
afterAll(() => t.close());

describe("'Clients actifs': POST flux", () => {
  it('sends to the chosen clients with an image, recipients stored in the same write; the message is cleaned', async () => {
    const r = await post(
      'flux',
      form(
        [...content, ['DESTINATION[0]', String(c['C-A'])], ['DESTINATION[1]', String(c['C-D'])]],
        [{ field: 'file', name: 'promo.png', type: 'image/png', content: solidPng(20, 20, [200, 0, 0]) }],
      ),
    );
    expect(r.statusCode).toBe(201);
    const { id, RECIPIENTS, message } = r.json().data;
    expect(RECIPIENTS).toBe(2);
    expect(message).toBe(FLUX_MSG.sent(2));
    expect(await recipientsOf(id)).toEqual([c['C-A'], c['C-D']].sort((a, b) => a - b));
    const one = (await get(`flux/${id}`)).json().data;
    expect(one).toMatchObject({ TITLE: 'Double points ce week-end', RECIPIENTS: 2, MESSAGE_TEXT: 'Tous vos achats comptent double 🎉 samedi' });
    expect(one.MESSAGE).not.toContain('<script');
    expect(one.MESSAGE).toContain('<strong>samedi</strong>');
    expect(one.MEDIA).toMatchObject({ mime_type: 'image/png' });
    expect(one.DESTINATION.map((d: { CODE_CLIENT: string }) => d.CODE_CLIENT)).toEqual(['C-A', 'C-D']);
    const [trail] = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'flux'));
    expect(trail).toMatchObject({ action: 'create', entityId: String(id) });
  });

  it('refuses an inactive or unknown client, an empty message or no client (422), sending nothing', async () => {
    const before = await count();
    const inactive = await post('flux', form([...content, ['DESTINATION[0]', String(c['C-A'])], ['DESTINATION[1]', String(c['C-C'])]]));
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().message).toContain('C-C');
    expect((await post('flux', form([...content, ['DESTINATION[0]', '999999']]))).statusCode).toBe(422);
    const empty = await post(
      'flux',
      form([
        ['TITLE', ''],
        ['MESSAGE', '<p><br></p>'],
      ]),
    );
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['DESTINATION', 'MESSAGE', 'TITLE']);
    expect(empty.json().errors.MESSAGE).toEqual([FLUX_MSG.messageRequired]);
    const notImage = await post(
      'flux',
      form([...content, ['DESTINATION[0]', String(c['C-A'])]], [{ field: 'file', name: 'x.png', type: 'image/png', content: Buffer.from('texte') }]),
    );
    expect(notImage.statusCode).toBe(422);
    expect(await count()).toBe(before);
  });
});

describe("'Par Activité': POST flux/activities", () => {
  it('sends to every active client of the activities and records them', async () => {
    const r = await post('flux/activities', form([...content, ['ACTIVITIES[0]', String(cafes)]]));
    expect(r.statusCode).toBe(201);
    const { id, RECIPIENTS } = r.json().data;
    expect(RECIPIENTS).toBe(2);
    expect(await recipientsOf(id)).toEqual([c['C-A'], c['C-B']].sort((a, b) => a - b));
    expect((await get(`flux/${id}`)).json().data.ACTIVITIES).toEqual([{ id: cafes, CODE: 'CAF', NAME: 'Cafés' }]);
  });
  it('refuses no activity, an unknown one, or activities without an active client', async () => {
    const before = await count();
    expect((await post('flux/activities', form(content))).statusCode).toBe(422);
    expect((await post('flux/activities', form([...content, ['ACTIVITIES[0]', '999999']]))).statusCode).toBe(422);
    await t.db.update(clients).set({ isActive: 0 }).where(eq(clients.id, c['C-D']));
    const none = await post('flux/activities', form([...content, ['ACTIVITIES[0]', String(epiceries)]]));
    expect(none.json().message).toBe(FLUX_MSG.noActiveClient);
    await t.db.update(clients).set({ isActive: 1 }).where(eq(clients.id, c['C-D']));
    expect(await count()).toBe(before);
  });
});

describe("'Mutiple': POST flux/clients_file", () => {
  const csv = (text: string, name = 'codes.csv', type = 'text/csv'): File => ({ field: 'CLIENTS_FILE', name, type, content: Buffer.from(text) });
  it('sends to the codes of a CSV file (header, BOM, either separator), with an image beside it', async () => {
    const r = await post(
      'flux/clients_file',
      form(content, [
        csv('\uFEFFCODE_CLIENT;NOM\r\nc-a;Atlas\r\nC-D,Dar\r\n'),
        { field: 'file', name: 'p.png', type: 'image/png', content: solidPng(10, 10, [0, 0, 200]) },
      ]),
    );
    expect(r.statusCode).toBe(201);
    expect(await recipientsOf(r.json().data.id)).toEqual([c['C-A'], c['C-D']].sort((a, b) => a - b));
  });
  it('reports unknown, inactive and repeated codes by line and sends nothing when any line is wrong', async () => {
    const before = await count();
    const r = await post('flux/clients_file', form(content, [csv('C-A\nINCONNU\nC-C\nC-A\n')]));
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe(FLUX_MSG.fileProblems(3));
    expect(r.json().errors.CLIENTS_FILE).toEqual([
      'Ligne 2 (INCONNU) : Code client introuvable.',
      `Ligne 3 (C-C) : ${FLUX_MSG.inactive}`,
      'Ligne 4 (C-A) : Code en double (déjà à la ligne 1).',
    ]);
    expect(await count()).toBe(before);
  });
  it('accepts only CSV or plain text', async () => {
    const pdf = await post('flux/clients_file', form(content, [csv('%PDF-1.4\u0000', 'codes.pdf', 'application/pdf')]));
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().errors.CLIENTS_FILE).toEqual([FLUX_MSG.fileType]);
    expect((await post('flux/clients_file', form(content))).json().errors.CLIENTS_FILE).toEqual([FLUX_MSG.fileRequired]);
  });
});

describe('GET flux, DELETE flux/{id}', () => {
  it('lists newest first with the text of the message, searches it, and exports a portrait PDF', async () => {
    const list = (await get('flux?page=1')).json();
    expect(list.meta.per_page).toBe(50);
    const dates = list.data.map((f: { DATE: string }) => f.DATE);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(list.data[0].MESSAGE_TEXT).not.toContain('<');
    expect((await get('flux?search=comptent%20double')).json().data.length).toBe(list.data.length);
    expect((await get('flux?search=introuvable')).json().data).toEqual([]);
    const pdf = await get('flux/export/pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.2\d* 841\.8\d*\]/);
  });
  it('deletes a flux with its recipients', async () => {
    const [first] = (await get('flux?page=1')).json().data;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/flux/${first.id}`, headers: admin })).statusCode).toBe(200);
    expect(await recipientsOf(first.id)).toEqual([]);
    expect((await get(`flux/${first.id}`)).statusCode).toBe(404);
  });
  it('is refused to zone chiefs, the warehouse and least-rights roles', async () => {
    for (const email of ['chef@demo.tn', 'magasin@demo.tn', 'commercial@demo.tn']) {
      const h = await t.auth(email);
      expect((await get('flux', h)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/flux', ...form(content), headers: { ...form(content).headers, ...h } })).statusCode).toBe(403);
    }
  });
});
