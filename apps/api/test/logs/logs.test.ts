import { BACK_OFFICE_PLATFORM, MOBILE_PLATFORM } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/lib/auth/accounts.table';
import { connectionLogs } from '../../src/modules/auth/auth.table';
import { REF_IDS_CAP } from '../../src/lib/crud/list-query';
import { clients } from '../../src/lib/clients/clients.table';
import { createTestApp, DEMO_PASSWORD, type TestContext } from '../support/helpers';

/** Connection logs through the real app. */
let t: TestContext;
let admin: { authorization: string };
let clientId: number;
let adminId: number;
let mobileUserId: number;

const call = (url: string, headers = admin) => t.app.inject({ method: 'GET', url: `/api/${url}`, headers });
type Log = {
  id: number;
  PLATFORM: string;
  DEVICE_NAME: string | null;
  CLIENT: string | null;
  CLIENT_ID: number | null;
  USER: string | null;
  USER_ID: number | null;
  DATE_LOGIN: string;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  [{ id: adminId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.tn'));
  [{ id: clientId }] = await t.db.insert(clients).values({ code: 'C-LOG', name: 'Superette Ennour' }).returning();
  const [{ roleId }] = await t.db.select({ roleId: users.roleId }).from(users).where(eq(users.email, 'admin@demo.tn'));
  [{ id: mobileUserId }] = await t.db
    .insert(users)
    .values({ email: 'mobile@ennour.tn', passwordHash: 'x', firstname: 'Sami', lastname: 'Trabelsi', roleId, clientId })
    .returning();
  await t.db.delete(connectionLogs);
  await t.db.insert(connectionLogs).values([
    { platform: MOBILE_PLATFORM, deviceName: 'iPhone 13', userId: mobileUserId, clientId, dateLogin: new Date('2023-05-02T08:00:00Z') },
    { platform: MOBILE_PLATFORM, deviceName: 'Samsung Galaxy A54', userId: mobileUserId, clientId, dateLogin: new Date('2025-03-10T09:30:00Z') },
    // 31/12/2025 23:30 in Tunis: still 2025 there.
    { platform: BACK_OFFICE_PLATFORM, deviceName: 'Chrome sur Windows', userId: adminId, dateLogin: new Date('2025-12-31T22:30:00Z') },
    // 01/01/2026 00:30 in Tunis, though still 2025 in UTC: a 2026 connection.
    { platform: BACK_OFFICE_PLATFORM, deviceName: 'Firefox sur Ubuntu', userId: adminId, dateLogin: new Date('2025-12-31T23:30:00Z') },
  ]);
});
afterAll(() => t.close());

describe('GET logs', () => {
  it('lists every connection newest first, with the client and the user by name', async () => {
    const r = await call('logs?page=1');
    expect(r.statusCode).toBe(200);
    const { data, meta } = r.json() as { data: Log[]; meta: { total: number; per_page: number } };
    expect(meta).toMatchObject({ total: 4, per_page: 50 });
    expect(data.map((l) => l.DEVICE_NAME)).toEqual(['Firefox sur Ubuntu', 'Chrome sur Windows', 'Samsung Galaxy A54', 'iPhone 13']);
    expect(data[2]).toMatchObject({ PLATFORM: MOBILE_PLATFORM, CLIENT: 'Superette Ennour', CLIENT_ID: clientId, USER: 'Sami Trabelsi', USER_ID: mobileUserId });
    expect(data[0]).toMatchObject({ PLATFORM: BACK_OFFICE_PLATFORM, CLIENT: null, USER_ID: adminId });
  });

  it('filters by source and by Tunis calendar year', async () => {
    const bo2025 = (await call(`logs?platform=${encodeURIComponent(BACK_OFFICE_PLATFORM)}&year=2025`)).json().data as Log[];
    expect(bo2025.map((l) => l.DEVICE_NAME)).toEqual(['Chrome sur Windows']);
    const bo2026 = (await call(`logs?platform=${encodeURIComponent(BACK_OFFICE_PLATFORM)}&year=2026`)).json().data as Log[];
    expect(bo2026.map((l) => l.DEVICE_NAME)).toEqual(['Firefox sur Ubuntu']);
    const mobile = (await call(`logs?platform=${encodeURIComponent(MOBILE_PLATFORM)}`)).json().data as Log[];
    expect(mobile.map((l) => l.DEVICE_NAME)).toEqual(['Samsung Galaxy A54', 'iPhone 13']);
    const y2023 = (await call('logs?year=2023')).json().data as Log[];
    expect(y2023.map((l) => l.DEVICE_NAME)).toEqual(['iPhone 13']);
  });

  it('searches the client, the user and the device', async () => {
    expect(((await call('logs?search=ennour')).json().data as Log[]).length).toBe(2);
    expect(((await call('logs?search=trabelsi')).json().data as Log[]).length).toBe(2);
    expect(((await call('logs?search=firefox')).json().data as Log[]).map((l) => l.DEVICE_NAME)).toEqual(['Firefox sur Ubuntu']);
  });

  it('searches a client name matching more clients than are read ahead as ids, or none, with the same answer', async () => {
    // Twice REF_IDS_CAP clients named « Épicerie Refcap … »: the search keeps its sub-select, and finds
    // the one with a log, the last written (a list cut at the cap would miss it).
    const many = 2 * REF_IDS_CAP;
    await t.db.execute(sql`insert into clients (code_client, name) select 'RC-' || i, 'Épicerie Refcap ' || i from generate_series(1, ${many}) i`);
    const [{ id: refcap }] = await t.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.code, `RC-${many}`));
    await t.db.insert(connectionLogs).values({ platform: MOBILE_PLATFORM, deviceName: 'Redmi Note 12', clientId: refcap });
    const found = (await call('logs?page=1&search=refcap')).json();
    expect(found.meta.total).toBe(1);
    expect(found.data.map((l: Log) => l.CLIENT)).toEqual([`Épicerie Refcap ${many}`]);
    // Fewer than the cap: the same row through the ids read first.
    expect((await call(`logs?page=1&search=refcap ${many}`)).json().data.map((l: Log) => l.DEVICE_NAME)).toEqual(['Redmi Note 12']);
    // No client, user or device matches: nothing, and no error.
    expect((await call('logs?page=1&search=zzz-personne')).json().meta.total).toBe(0);
    // The other tests read the four logs of beforeAll.
    await t.db.delete(connectionLogs).where(eq(connectionLogs.clientId, refcap));
    await t.db.execute(sql`delete from clients where code_client like 'RC-%'`);
  });

  it('refuses an unknown source or year with 422', async () => {
    expect((await call('logs?platform=Minitel')).statusCode).toBe(422);
    expect((await call('logs?year=2019')).statusCode).toBe(422);
  });

  it('records a back-office sign-in, which then heads the list', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/loginBO',
      payload: { email: 'admin@demo.tn', password: DEMO_PASSWORD, from: 'BO' },
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' },
    });
    expect(login.statusCode).toBe(200);
    const [first] = (await call('logs?page=1')).json().data as Log[];
    expect(first).toMatchObject({ PLATFORM: BACK_OFFICE_PLATFORM, USER_ID: adminId });
    expect(Date.now() - new Date(first.DATE_LOGIN).getTime()).toBeLessThan(60_000);
  });

  it('exports the filtered list as a portrait PDF, and as CSV', async () => {
    const pdf = await call(`logs/export/pdf?platform=${encodeURIComponent(MOBILE_PLATFORM)}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    // A4 portrait: 595 × 842 points.
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.2\d* 841\.8\d*\]/);
    const csv = await call(`logs/export/csv?platform=${encodeURIComponent(MOBILE_PLATFORM)}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Superette Ennour');
  });

  it('is refused to zone chiefs, the warehouse and least-rights roles (403)', async () => {
    for (const email of ['chef@demo.tn', 'magasin@demo.tn', 'commercial@demo.tn']) {
      const headers = await t.auth(email);
      expect((await call('logs', headers)).statusCode).toBe(403);
    }
  });
});
