import { CODE_FILE_MESSAGES, POINTS_MESSAGES } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../src/lib/clients/clients.table';
import { pointsLedger } from '../../src/modules/loyalty/points.table';
import { clientFixtures, type Fixtures, fullClient } from '../support/clients-fixtures';
import { createTestApp, type TestContext } from '../support/helpers';

let t: TestContext;
let f: Fixtures;
let admin: Record<string, string>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  f = await clientFixtures(t);
  admin = await t.auth('admin@demo.tn');
  for (const [code, activity] of [
    ['P-001', f.activity.id],
    ['P-002', f.activity.id],
    ['P-003', f.other.id],
  ] as const) {
    const r = await call('POST', 'clients', fullClient(f, { CODE_CLIENT: code, ACTIVITE: activity }));
    ids[code] = r.json().data.id;
  }
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });

const balance = async (id: number) => (await call('GET', `clients/${id}`)).json().data.POINTS_FID as number;
/** The invariant: every client's POINTS_FID equals the sum of its ledger rows. */
const ledgerMismatches = async () =>
  (
    await t.db
      .select({ id: clients.id })
      .from(clients)
      .where(sql`${clients.pointsFid} <> coalesce((select sum(${pointsLedger.amount}) from ${pointsLedger} where ${pointsLedger.clientId} = ${clients.id}), 0)`)
  ).length;

function codesFile(text: string, points: string | number = 50) {
  const boundary = '----points-file';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="POINTS_OFFERED"\r\n\r\n${points}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="CLIENTS_FILE"; filename="codes.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/users/offerPoints/clients_file',
    payload: body,
    headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe('points edit (Référentiel > Points)', () => {
  it('adds points, writes one ledger row, and counts them as earned this year', async () => {
    const r = await call('POST', `clients/${ids['P-001']}/points`, { POINTS: 120 });
    expect(r.json().data).toEqual({ id: ids['P-001'], POINTS_FID: 120 });
    const c = (await call('GET', `clients/${ids['P-001']}`)).json().data;
    expect(c).toMatchObject({ POINTS_FID: 120, POINTS_FID_N: 120 });
    const history = (await call('GET', `clients/${ids['P-001']}/points-history?page=1`)).json();
    expect(history.meta.total).toBe(1);
    expect(history.data[0]).toMatchObject({ AMOUNT: 120, BALANCE_AFTER: 120, SOURCE: 'adjustment', SOURCE_LABEL: 'Correction', AUTHOR: 'Amira Ben Salah' });
  });

  it('refuses 0 or empty with « Valeur non prise en compte », and a debit below zero, changing nothing', async () => {
    for (const POINTS of [0, '']) {
      const r = await call('POST', `clients/${ids['P-001']}/points`, { POINTS });
      expect(r.statusCode).toBe(422);
      expect(r.json().errors.POINTS).toEqual([POINTS_MESSAGES.notTaken]);
    }
    const r = await call('POST', `clients/${ids['P-001']}/points`, { POINTS: -121 });
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe(POINTS_MESSAGES.insufficient);
    expect(await balance(ids['P-001'])).toBe(120);
    const corrected = await call('POST', `clients/${ids['P-001']}/points`, { POINTS: -20, REASON: 'Erreur de saisie' });
    expect(corrected.json().data.POINTS_FID).toBe(100);
    // A correction is not "earned": this year's figure keeps the 120 earned.
    expect((await call('GET', `clients/${ids['P-001']}`)).json().data.POINTS_FID_N).toBe(120);
  });

  it('keeps balance = sum of the ledger under concurrent credits and debits, never below zero', async () => {
    const id = ids['P-002'];
    await call('POST', `clients/${id}/points`, { POINTS: 100 });
    const writes = Array.from({ length: 30 }, (_, i) => call('POST', `clients/${id}/points`, { POINTS: i % 2 ? -15 : 10 }));
    const results = await Promise.all(writes);
    const ok = results.filter((r) => r.statusCode === 200).length;
    expect(ok + results.filter((r) => r.statusCode === 422).length).toBe(30);
    const [{ sum }] = await t.db
      .select({ sum: sql<number>`coalesce(sum(${pointsLedger.amount}), 0)::int` })
      .from(pointsLedger)
      .where(eq(pointsLedger.clientId, id));
    expect(await balance(id)).toBe(sum);
    expect(sum).toBeGreaterThanOrEqual(0);
    expect(await ledgerMismatches()).toBe(0);
  });

  it('lists the balances, 100 per page, searchable', async () => {
    const r = (await call('GET', 'clients/points?page=1&search=P-00')).json();
    expect(r.meta).toMatchObject({ total: 3, per_page: 100 });
    expect(r.data[0]).toEqual({
      id: ids['P-001'],
      CLIENT_ID: ids['P-001'],
      CODE_CLIENT: 'P-001',
      NAME: expect.any(String),
      POINTS_FID: 100,
      POINTS_EXPIRANT: 0,
    });
  });
});

describe('offered points', () => {
  it('offers to chosen clients and to every client of activities, each in one transaction', async () => {
    const before = await balance(ids['P-003']);
    const r = await call('POST', 'users/offerPoints/clients', { POINTS_OFFERED: 30, CLIENTS: [ids['P-001'], ids['P-003']] });
    expect(r.json().data).toMatchObject({ clients: 2, points: 30 });
    expect(await balance(ids['P-003'])).toBe(before + 30);
    const byActivity = await call('POST', 'users/offerPoints/activities', { POINTS_OFFERED: 5, ACTIVITIES: [f.activity.id] });
    expect(byActivity.json().data.clients).toBe(2);
    expect((await call('POST', 'users/offerPoints/clients', { POINTS_OFFERED: 0, CLIENTS: [ids['P-001']] })).statusCode).toBe(422);
    expect((await call('POST', 'users/offerPoints/clients', { POINTS_OFFERED: 5, CLIENTS: [] })).statusCode).toBe(422);
    expect((await call('POST', 'users/offerPoints/clients', { POINTS_OFFERED: 5, CLIENTS: [999999] })).statusCode).toBe(422);
    const list = (await call('GET', 'offered-points?page=1')).json();
    expect(list.data.map((r: { CODE_CLIENT: string; POINTS_OFFERED: number }) => [r.CODE_CLIENT, r.POINTS_OFFERED])).toEqual([
      ['P-001', 35],
      ['P-002', 5],
      ['P-003', 30],
    ]);
  });

  it('edits a client’s offered total by writing the difference', async () => {
    const r = await call('PUT', 'users/offerPoints/p-003', { POINTS_OFFERED: 50 });
    expect(r.json().data).toMatchObject({ CODE_CLIENT: 'P-003', POINTS_OFFERED: 50 });
    const history = (await call('GET', `clients/${ids['P-003']}/points-history`)).json().data;
    expect(history[0]).toMatchObject({ AMOUNT: 20, SOURCE: 'offer' });
    expect((await call('PUT', 'users/offerPoints/NOPE', { POINTS_OFFERED: 5 })).statusCode).toBe(404);
    expect(await ledgerMismatches()).toBe(0);
  });

  it('offers to a file of codes all or nothing, reporting unknown and duplicated codes by line', async () => {
    const before = await Promise.all(Object.values(ids).map(balance));
    const bad = await codesFile('\uFEFFCODE_CLIENT\r\nP-001\r\nP-404\r\n\r\np-001;x\r\nP-002\r\n');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'CLIENTS_FILE.ligne 3': [`P-404 : ${CODE_FILE_MESSAGES.unknown}`],
      'CLIENTS_FILE.ligne 5': [`p-001 : ${CODE_FILE_MESSAGES.duplicate(2)}`],
    });
    expect(await Promise.all(Object.values(ids).map(balance))).toEqual(before);
    const good = await codesFile('P-001,ok\nP-002\n', 7);
    expect(good.json().data).toMatchObject({ clients: 2, points: 7 });
    expect(await balance(ids['P-001'])).toBe(before[0] + 7);
    expect((await codesFile('', 7)).json().message).toBe(CODE_FILE_MESSAGES.empty);
    expect((await codesFile('P-001', 0)).statusCode).toBe(422);
  });

  it('keeps offering to staff with points rights: a zone chief reads but cannot offer', async () => {
    const chef = await t.auth('chef@demo.tn');
    expect((await call('POST', 'users/offerPoints/clients', { POINTS_OFFERED: 5, CLIENTS: [ids['P-001']] }, chef)).statusCode).toBe(403);
    expect((await call('POST', `clients/${ids['P-001']}/points`, { POINTS: 5 }, chef)).statusCode).toBe(403);
    expect((await call('GET', 'clients/points?page=1', undefined, chef)).statusCode).toBe(200);
  });
});
