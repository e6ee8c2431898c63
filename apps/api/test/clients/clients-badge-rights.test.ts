import { CLIENT_MESSAGES } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/lib/audit/audit.table';
import { clients } from '../../src/lib/clients/clients.table';
import { pointsLedger } from '../../src/modules/loyalty/points.table';
import { clientFixtures, type Fixtures, fullClient } from '../support/clients-fixtures';
import { createTestApp, type TestContext } from '../support/helpers';

/**
 * Giving a client a badge credits points: a zone chief (no points:write) may not change
 * a client's BADGES_ID, through the form's save or the badge call; he may save the form with the badge
 * unchanged. An administrator may.
 */
let t: TestContext;
let f: Fixtures;
let admin: Record<string, string>;
let chef: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  f = await clientFixtures(t);
  admin = await t.auth('admin@demo.tn');
  chef = await t.auth('chef@demo.tn');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });

/** The required fields of the client detail's edit form (fewer than the add dialog's), with a name. */
const form = (NAME: string, over: Record<string, unknown> = {}) => ({
  NAME,
  TVA: '1234567A',
  ADDRESS: 'Rue de Marseille, Tunis',
  STATUS: 0,
  TYPE_CLIENT_ID: f.type.id,
  GSM: '98123456',
  ...over,
});

/** One of the chief's clients, holding the given badge. */
async function chiefClient(badgeId: number | null) {
  const [row] = await t.db
    .insert(clients)
    .values({ code: `BR-${Math.random().toString(36).slice(2, 10)}`, name: 'Épicerie du Nord', chefZoneId: f.chef.id, badgeId })
    .returning();
  return row.id;
}

/** The client's badge, points, ledger lines and audit lines: all that a refused request must leave alone. */
async function state(id: number) {
  const [c] = await t.db.select({ badgeId: clients.badgeId, points: clients.pointsFid, updatedAt: clients.updatedAt }).from(clients).where(eq(clients.id, id));
  const [{ ledger }] = await t.db.select({ ledger: sql<number>`count(*)::int` }).from(pointsLedger).where(eq(pointsLedger.clientId, id));
  const [{ trail }] = await t.db
    .select({ trail: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(eq(auditLog.entityId, String(id)));
  return { ...c, ledger, trail };
}

describe('a zone chief and the badge of his clients', () => {
  it('is refused a changed badge with 403 and a French message, nothing written, on both calls', async () => {
    const id = await chiefClient(f.silver.id);
    const before = await state(id);
    for (const [method, url, body] of [
      ['PUT', `clients/${id}`, form('Épicerie du Nord', { BADGES_ID: f.gold.id })],
      ['PUT', `clients/${id}`, form('Épicerie du Nord', { BADGES_ID: null })],
      ['PUT', `clients/badges/${id}`, { BADGE: f.gold.id }],
      ['PUT', `clients/badges/${id}`, { BADGE: null }],
    ] as const) {
      const r = await call(method, url, body, chef);
      expect([url, body, r.statusCode]).toEqual([url, body, 403]);
      expect(r.json()).toEqual({ success: false, message: CLIENT_MESSAGES.badgeForbidden });
    }
    expect(await state(id)).toEqual(before);
  });

  it('is refused a new client with a badge; a new client without one is created', async () => {
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(clients);
    const refused = await call('POST', 'clients', fullClient(f, { BADGES_ID: f.gold.id }), chef);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CLIENT_MESSAGES.badgeForbidden);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(clients))[0].n).toBe(n);

    const created = await call('POST', 'clients', fullClient(f, { BADGES_ID: null }), chef);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ BADGES_ID: null, POINTS_FID: 0 });
  });

  it('saves the form with the badge unchanged (or absent), and the other fields change', async () => {
    const id = await chiefClient(f.silver.id);
    const same = await call('PUT', `clients/${id}`, form('Épicerie du Nord rénovée', { BADGES_ID: f.silver.id }), chef);
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toMatchObject(form('Épicerie du Nord rénovée', { BADGES_ID: f.silver.id }));
    const absent = await call('PUT', `clients/${id}`, form('Épicerie du Nord'), chef);
    expect(absent.statusCode).toBe(200);
    expect(absent.json().data.BADGES_ID).toBe(f.silver.id);
    expect((await call('PUT', `clients/badges/${id}`, { BADGE: f.silver.id }, chef)).statusCode).toBe(200);
    // No bonus was credited by those saves.
    expect((await state(id)).ledger).toBe(0);

    const none = await chiefClient(null);
    expect((await call('PUT', `clients/${none}`, form('Sans badge', { BADGES_ID: null }), chef)).statusCode).toBe(200);
  });
});

describe('an administrator (points:write)', () => {
  it('changes the badge of any client on both calls, and the bonus is credited', async () => {
    const id = await chiefClient(null);
    const saved = await call('PUT', `clients/${id}`, form('Épicerie du Nord', { BADGES_ID: f.silver.id }), admin);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ BADGES_ID: f.silver.id, POINTS_FID: 200 });
    const badge = await call('PUT', `clients/badges/${id}`, { BADGE: f.gold.id }, admin);
    expect(badge.statusCode).toBe(200);
    expect(badge.json().data.BADGES_ID).toBe(f.gold.id);
    expect(await state(id)).toMatchObject({ badgeId: f.gold.id, points: 700, ledger: 2 });
    const created = await call('POST', 'clients', fullClient(f, { BADGES_ID: f.gold.id }), admin);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ BADGES_ID: f.gold.id, POINTS_FID: 500 });
  });
});
