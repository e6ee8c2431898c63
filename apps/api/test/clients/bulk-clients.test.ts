import { BULK_MAX_ROWS, BULK_MSG } from '@app/domain';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/lib/audit/audit.table';
import { webhookEvents } from '../../src/lib/webhooks/outbox.table';
import { clients } from '../../src/lib/clients/clients.table';
import { pointsLedger } from '../../src/modules/loyalty/points.table';
import { clientFixtures, type Fixtures } from '../support/clients-fixtures';
import { createTestApp, type MemoryMailer, type TestContext } from '../support/helpers';
import { users } from '../../src/lib/auth/accounts.table';
import { messageTemplates } from '../../src/modules/communication/templates.table';
import { queryRows } from '../../src/db/rows';

/**
 * Bulk actions on the clients list, through the API, on PGlite and PostgreSQL: each
 * action changes what it says on the rows reached, by ids or by the list's filter (the filter reaches
 * exactly the list's total), under the same permission and zone rules as the single action; refused
 * rows come back with their reason; one audit entry names the rows; points go through the ledger.
 */
let t: TestContext;
let f: Fixtures;
let admin: Record<string, string>;
let chef: Record<string, string>;
let run = 0;

beforeAll(async () => {
  t = await createTestApp();
  f = await clientFixtures(t);
  admin = await t.auth('admin@demo.tn');
  chef = await t.auth('chef@demo.tn');
});
afterAll(() => t.close());

const bulk = (action: string, payload: unknown, headers = admin, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/clients/bulk/${action}`, payload: payload as never, headers: { ...headers, ...extra } });

/** `n` new clients under a fresh code prefix (searchable as one), of the given chief. */
async function some(n: number, over: Partial<typeof clients.$inferInsert> = {}) {
  const prefix = `BK${++run}X`;
  const rows = await t.db
    .insert(clients)
    .values(Array.from({ length: n }, (_, i) => ({ code: `${prefix}${String(i).padStart(3, '0')}`, name: `Client groupé ${i}`, ...over })))
    .returning({ id: clients.id });
  return { prefix, ids: rows.map((r) => r.id) };
}
const read = (ids: number[]) => t.db.select().from(clients).where(inArray(clients.id, ids)).orderBy(clients.id);
const lastAudit = async () => (await t.db.select().from(auditLog).orderBy(sql`${auditLog.id} desc`).limit(1))[0];
const listTotal = async (search: string, headers = admin) =>
  (await t.app.inject({ method: 'GET', url: `/api/clients?page=1&perPage=1&search=${encodeURIComponent(search)}`, headers })).json().meta.total as number;

describe('clients: deactivate and activate', () => {
  it('changes the ticked rows only, emits client.updated for each, and writes ONE audit entry naming them', async () => {
    const { ids } = await some(4);
    const events0 = (await t.db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents).where(eq(webhookEvents.type, 'client.updated')))[0].n;
    const res = await bulk('deactivate', { ids: ids.slice(0, 3) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ matched: 3, changed: 3, refused: [], refusedCount: 0 });
    expect((await read(ids)).map((c) => c.isActive)).toEqual([0, 0, 0, 1]);
    const events1 = (await t.db.select({ n: sql<number>`count(*)::int` }).from(webhookEvents).where(eq(webhookEvents.type, 'client.updated')))[0].n;
    expect(events1 - events0).toBe(3);
    const entry = await lastAudit();
    expect([entry.action, entry.entity, entry.entityId]).toEqual(['bulk:deactivate', 'clients', null]);
    expect((entry.changes as { ids: number[] }).ids).toEqual(ids.slice(0, 3));

    // Already inactive: refused with its reason, the others changed.
    const again = (await bulk('deactivate', { ids: [ids[0], ids[3]] })).json().data;
    expect(again).toMatchObject({ matched: 2, changed: 1, refusedCount: 1, refused: [{ id: ids[0], reason: 'Déjà inactif.' }] });
    expect(again.refused[0].label).toMatch(/^BK\d+X000 Client groupé 0$/);
    expect((await bulk('activate', { ids })).json().data).toMatchObject({ changed: 4, refusedCount: 0 });
    expect((await read(ids)).every((c) => c.isActive === 1)).toBe(true);
  });

  it('by filter reaches exactly the rows of the list (its total for the same search)', async () => {
    const { prefix, ids } = await some(7);
    const total = await listTotal(prefix);
    expect(total).toBe(7);
    const res = (await bulk('deactivate', { filter: { search: prefix } })).json().data;
    expect(res).toMatchObject({ matched: total, changed: total });
    expect((await read(ids)).every((c) => c.isActive === 0)).toBe(true);
  });
});

describe('a zone chief', () => {
  it('reaches only his clients by filter; ids of another chief’s clients are refused « Introuvable » and unchanged', async () => {
    // One name for both chiefs' clients: the chief's list shows his three.
    const both = 'Dépôt Zonemix';
    const mine = await some(3, { chefZoneId: f.chef.id, name: both });
    const other = await some(2, { chefZoneId: f.otherChef.id, name: both });
    expect(await listTotal(both, chef)).toBe(3);
    const byFilter = (await bulk('deactivate', { filter: { search: both } }, chef)).json().data;
    expect(byFilter).toMatchObject({ matched: 3, changed: 3 });
    const byIds = (await bulk('activate', { ids: [...mine.ids, ...other.ids] }, chef)).json().data;
    expect(byIds.matched).toBe(5);
    expect(byIds.changed).toBe(3);
    expect(byIds.refused).toEqual(other.ids.map((id) => ({ id, label: `n° ${id}`, reason: BULK_MSG.notFound })));
    expect((await read(other.ids)).map((c) => [c.isActive, c.chefZoneId])).toEqual([
      [1, f.otherChef.id],
      [1, f.otherChef.id],
    ]);
  });

  it('is refused the actions his role lacks (badge, points, zone chief, invite) with 403, nothing written', async () => {
    const mine = await some(1, { chefZoneId: f.chef.id });
    for (const [action, body] of [
      ['badge', { BADGES_ID: f.gold.id }],
      ['points', { points: 10, reason: 'x' }],
      ['chef-zone', { CHEF_ZONE_ID: f.chef.id }],
      ['invite', { template_key: 1 }],
    ] as const) {
      expect((await bulk(action, { ids: mine.ids, ...body }, chef)).statusCode, action).toBe(403);
    }
    const [c] = await read(mine.ids);
    expect([c.badgeId, c.pointsFid]).toEqual([null, 0]);
  });
});

describe('clients: a parameter naming nothing', () => {
  it('is a 422 naming the field whatever rows the call reaches, none included; no audit entry', async () => {
    const { ids } = await some(1);
    const audits = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0].n;
    const before = await audits();
    for (const [action, params, field] of [
      ['invite', { template_key: 999_999 }, 'template_key'],
      ['badge', { BADGES_ID: 999_999 }, 'BADGES_ID'],
      ['chef-zone', { CHEF_ZONE_ID: 999_999 }, 'CHEF_ZONE_ID'],
    ] as const) {
      // A row reached, an id of no client, and a filter that reaches nothing.
      for (const reach of [{ ids }, { ids: [2_000_000_000] }, { filter: { search: 'AUCUN-CLIENT-NE-PORTE-CE-NOM' } }]) {
        const res = await bulk(action, { ...reach, ...params });
        expect(res.statusCode, `${action} ${JSON.stringify(reach)}`).toBe(422);
        expect(Object.keys(res.json().errors ?? {}), action).toEqual([field]);
      }
    }
    expect(await audits()).toBe(before);
  });
});

describe('clients: status, zone chief, badge, points', () => {
  it('moves the status where the rule allows it and refuses the same status with its reason', async () => {
    const { ids } = await some(3);
    await t.db.update(clients).set({ status: 1 }).where(eq(clients.id, ids[0]));
    const res = (await bulk('status', { ids, STATUS: 1 })).json().data;
    expect(res).toMatchObject({ changed: 2, refusedCount: 1, refused: [{ id: ids[0], reason: "Le statut est déjà « Validé » : rien n'a changé." }] });
    expect((await read(ids)).map((c) => c.status)).toEqual([1, 1, 1]);
  });

  it('assigns a zone chief (or none), and refuses an account that is not one with 422', async () => {
    const { ids } = await some(2);
    expect((await bulk('chef-zone', { ids, CHEF_ZONE_ID: f.otherChef.id })).json().data.changed).toBe(2);
    expect((await read(ids)).map((c) => c.chefZoneId)).toEqual([f.otherChef.id, f.otherChef.id]);
    expect((await bulk('chef-zone', { ids, CHEF_ZONE_ID: null })).json().data.changed).toBe(2);
    expect((await read(ids)).map((c) => c.chefZoneId)).toEqual([null, null]);
    const [adminRow] = await queryRows<{ id: number }>(t.db, sql`select id from users where email = 'admin@demo.tn'`);
    expect((await bulk('chef-zone', { ids, CHEF_ZONE_ID: adminRow.id })).statusCode).toBe(422);
  });

  it('gives a badge and credits its bonus once per client through the ledger, as the single change does', async () => {
    const { ids } = await some(3);
    // The third client had the gold badge once (credited by the single change), then another: no second credit.
    expect((await t.app.inject({ method: 'PUT', url: `/api/clients/badges/${ids[2]}`, payload: { BADGE: f.gold.id }, headers: admin })).statusCode).toBe(200);
    await t.db.update(clients).set({ badgeId: f.silver.id }).where(eq(clients.id, ids[2]));
    const res = (await bulk('badge', { ids, BADGES_ID: f.gold.id })).json().data;
    expect(res.changed).toBe(3);
    expect((await read(ids)).map((c) => [c.badgeId, c.pointsFid])).toEqual([
      [f.gold.id, 500],
      [f.gold.id, 500],
      [f.gold.id, 500],
    ]);
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(pointsLedger)
      .where(and(inArray(pointsLedger.clientId, ids), eq(pointsLedger.source, 'badge')));
    expect(n).toBe(3);
    const again = (await bulk('badge', { ids: [ids[0]], BADGES_ID: f.gold.id })).json().data;
    expect(again.refused[0].reason).toBe('A déjà ce badge.');
    expect((await bulk('badge', { ids, BADGES_ID: 999999 })).statusCode).toBe(422);
  });

  it('offers points: the points added equal the sum of the ledger rows written, one per client', async () => {
    const { prefix, ids } = await some(25);
    const res = (await bulk('points', { filter: { search: prefix }, points: 40, reason: 'Opération printemps' })).json().data;
    expect(res).toMatchObject({ matched: 25, changed: 25 });
    const [{ sum, n }] = await t.db
      .select({ sum: sql<number>`sum(${pointsLedger.amount})::int`, n: sql<number>`count(*)::int` })
      .from(pointsLedger)
      .where(and(inArray(pointsLedger.clientId, ids), eq(pointsLedger.source, 'offer')));
    const [{ total }] = await t.db
      .select({ total: sql<number>`sum(${clients.pointsFid})::int` })
      .from(clients)
      .where(inArray(clients.id, ids));
    expect([n, sum, total]).toEqual([25, 1000, 1000]);
    const entry = await lastAudit();
    expect(entry.action).toBe('bulk:points');
    expect(entry.changes).toMatchObject({ params: { points: 40, reason: 'Opération printemps' }, filter: { search: prefix } });
  });
});

describe('clients: invite their users', () => {
  it('mails each client’s mobile-app users as the invitations route does; a client without users is refused', async () => {
    const [tpl] = await t.db
      .insert(messageTemplates)
      .values({ type: 'email', name: 'Invitation groupée', subject: 'Bienvenue {{PRENOM}}', content: '<p><a href="{{LIEN}}">Lien</a></p>' })
      .returning();
    const { ids } = await some(2);
    const k = ++run;
    await t.db.insert(users).values(
      [0, 1].map((i) => ({
        email: `invite.${i}.${k}@client.tn`,
        passwordHash: 'x',
        firstname: `Amel${i}`,
        lastname: 'Invitée',
        roleId: f.patenteRole,
        clientId: ids[0],
      })),
    );
    const mailer = t.mailer as MemoryMailer;
    const sent0 = mailer.sent.length;
    const res = (await bulk('invite', { ids, template_key: tpl.id })).json().data;
    expect(res).toMatchObject({ changed: 1, refusedCount: 1, refused: [{ id: ids[1], reason: 'Aucun utilisateur à inviter.' }] });
    expect(
      mailer.sent
        .slice(sent0)
        .map((m) => m.to)
        .sort(),
    ).toEqual([`invite.0.${k}@client.tn`, `invite.1.${k}@client.tn`]);
    // An unknown template: 422 before anything is committed (no audit entry claims an invitation).
    const audits0 = (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.action, 'bulk:invite')))[0].n;
    expect((await bulk('invite', { ids, template_key: 999999 })).statusCode).toBe(422);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.action, 'bulk:invite')))[0].n).toBe(audits0);
  });
});

describe('clients: delete', () => {
  it('deletes the clients nothing holds and refuses, with the reason, those that still have points', async () => {
    const { ids } = await some(2);
    await bulk('points', { ids: [ids[1]], points: 5, reason: 'tenu' });
    const res = (await bulk('delete', { ids })).json().data;
    expect(res).toMatchObject({ changed: 1, refusedCount: 1 });
    expect(res.refused[0].id).toBe(ids[1]);
    expect((await read(ids)).map((c) => c.id)).toEqual([ids[1]]);
  });
});

describe('bad requests', () => {
  it('answers 422 and changes nothing for empty ids, both targets, neither, wrong types, unknown keys, bad params, too many ids', async () => {
    const { ids } = await some(1);
    const bodies: unknown[] = [
      { ids: [] },
      { ids, filter: {} },
      {},
      { ids: ['1'] },
      { ids: [1.5] },
      { ids: [0] },
      { ids: [ids[0], ids[0]] },
      { ids, other: 1 },
      { filter: { search: 'x', page: '1' } },
      { filter: { search: 3 } },
      { ids: Array.from({ length: BULK_MAX_ROWS + 1 }, (_, i) => i + 1) },
    ];
    for (const body of bodies) expect((await bulk('deactivate', body)).statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
    expect((await bulk('status', { ids, STATUS: 9 })).statusCode).toBe(422);
    expect((await bulk('points', { ids, points: -5, reason: 'x' })).statusCode).toBe(422);
    expect((await bulk('points', { ids, points: 5 })).statusCode).toBe(422);
    const tooMany = await bulk('deactivate', { ids: Array.from({ length: BULK_MAX_ROWS + 1 }, (_, i) => i + 1) });
    expect(tooMany.json().message + JSON.stringify(tooMany.json().errors)).toContain(BULK_MSG.tooMany);
    expect((await read(ids))[0].isActive).toBe(1);
  });
});

describe('idempotency', () => {
  it('a replay with the same key answers the first reply and offers no points a second time', async () => {
    const { ids } = await some(2);
    const key = { 'idempotency-key': `bulk-${Date.now()}` };
    const first = await bulk('points', { ids, points: 7, reason: 'rejeu' }, admin, key);
    const again = await bulk('points', { ids, points: 7, reason: 'rejeu' }, admin, key);
    expect(first.statusCode).toBe(200);
    expect([again.statusCode, again.body, again.headers['idempotent-replayed']]).toEqual([200, first.body, 'true']);
    expect((await read(ids)).map((c) => c.pointsFid)).toEqual([7, 7]);
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(like(auditLog.action, 'bulk:points'));
    expect(n).toBeGreaterThan(0);
  });
});
