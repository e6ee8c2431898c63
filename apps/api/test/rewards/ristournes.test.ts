import { MSG, overlapMessage, RISTOURNE_MSG } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/lib/audit/audit.table';
import { clientActivities, clientCircuits } from '../../src/lib/clients/classification.table';
import { clients } from '../../src/lib/clients/clients.table';
import { ristournes } from '../../src/modules/rewards/vouchers.table';
import { createTestApp, type TestContext } from '../support/helpers';

/** Rebate tiers and the turnover segmentation through the real app. */
let t: TestContext;
let admin: { authorization: string };
let epicerie: { id: number; name: string };
let cafe: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  const [circuit] = await t.db.insert(clientCircuits).values({ name: 'Détail' }).returning();
  [epicerie, cafe] = await t.db
    .insert(clientActivities)
    .values([
      { name: 'Épicerie', code: 'EPI', circuitId: circuit.id },
      { name: 'Café', code: 'CAF', circuitId: circuit.id },
    ])
    .returning({ id: clientActivities.id, name: clientActivities.name });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });
const tier = (over: Record<string, unknown> = {}) => ({
  NUM_RISTOURNE: 1,
  NAME: 'Palier 1',
  YEAR: 2025,
  VAL_MIN: '0',
  VAL_MAX: '4999.999',
  PERCENTAGE: '1.5',
  REMISE: '2',
  ACTIVITE: null,
  IS_ACTIVE: 1,
  ...over,
});
const tierCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(ristournes))[0].n;

describe('ristournes: CRUD', () => {
  it('creates, lists, searches, reads, updates and deletes a tier, each write in the audit log', async () => {
    const created = await call('POST', 'ristournes', tier({ ACTIVITE: epicerie.id, NAME: '  Bronze  ' }));
    expect(created.statusCode).toBe(201);
    const r = created.json().data;
    expect(r).toEqual({
      id: r.id,
      ID: r.id,
      NUM_RISTOURNE: 1,
      NAME: 'Bronze',
      YEAR: 2025,
      VAL_MIN: '0.000',
      VAL_MAX: '4999.999',
      PERCENTAGE: '1.500',
      REMISE: '2.000',
      ACTIVITE: epicerie.id,
      ACTIVITE_NAME: 'Épicerie',
      IS_ACTIVE: 1,
    });
    await call('POST', 'ristournes', tier({ NUM_RISTOURNE: 2, NAME: 'Argent', VAL_MIN: '5000', VAL_MAX: '9999.999', ACTIVITE: epicerie.id }));

    const page = (await call('GET', 'ristournes?page=1')).json();
    expect(page.meta).toMatchObject({ total: 2, per_page: 50 });
    expect(page.data.map((d: { NAME: string }) => d.NAME)).toEqual(['Bronze', 'Argent']);
    const byMax = (await call('GET', 'ristournes?page=1&sort=VAL_MAX&order=desc')).json().data;
    expect(byMax.map((d: { NAME: string }) => d.NAME)).toEqual(['Argent', 'Bronze']);
    // The search reads the tier's name and its activity's name.
    expect((await call('GET', 'ristournes?page=1&search=argent')).json().meta.total).toBe(1);
    expect((await call('GET', 'ristournes?page=1&search=épicerie')).json().meta.total).toBe(2);

    expect((await call('GET', `ristournes/${r.id}`)).json().data).toEqual(r);

    // The switch sends only the flag; an edit that leaves it out keeps it.
    expect((await call('PUT', `ristournes/${r.id}`, { IS_ACTIVE: 0 })).json().data).toEqual({ ...r, IS_ACTIVE: 0 });
    const edited = await call('PUT', `ristournes/${r.id}`, { PERCENTAGE: '2.25', ACTIVITE: null });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toEqual({ ...r, PERCENTAGE: '2.250', ACTIVITE: null, ACTIVITE_NAME: null, IS_ACTIVE: 0 });

    expect((await call('DELETE', `ristournes/${r.id}`)).json()).toEqual({ success: true, data: { id: r.id } });
    expect((await call('GET', `ristournes/${r.id}`)).statusCode).toBe(404);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'ristournes'), eq(auditLog.entityId, String(r.id))))
      .orderBy(auditLog.id);
    expect(trail.map((x) => x.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(trail[2].changes).toEqual({ PERCENTAGE: ['1.500', '2.250'], ACTIVITE: [epicerie.id, null], ACTIVITE_NAME: ['Épicerie', null] });
  });

  it('answers 404 for a tier that does not exist', async () => {
    expect((await call('GET', 'ristournes/999999')).statusCode).toBe(404);
    expect((await call('PUT', 'ristournes/999999', { IS_ACTIVE: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', 'ristournes/999999')).statusCode).toBe(404);
  });

  it('exports a portrait PDF and a CSV in dinars and percentages', async () => {
    await call(
      'POST',
      'ristournes',
      tier({ NUM_RISTOURNE: 9, NAME: 'Export', YEAR: 2030, VAL_MIN: '1234.5', VAL_MAX: '2000', PERCENTAGE: '2.5', ACTIVITE: cafe.id }),
    );
    const csv = await call('GET', 'ristournes/export/csv?search=Export');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe('N°;Nom;Année;CA min;CA max;Pourcentage;Remise;Activité;Actif');
    expect(lines[1]).toBe('9;Export;2030;1\u00a0234,500 DT;2\u00a0000,000 DT;2,5\u00a0%;2\u00a0%;Café;Oui');
    const pdf = await call('GET', 'ristournes/export/pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]|\/MediaBox \[0 0 595 842\]/);
  });
});

describe('ristournes: validation', () => {
  it('refuses missing fields, a year out of 1000–9999 and an unknown activity, writing nothing', async () => {
    const before = await tierCount();
    const empty = await call('POST', 'ristournes', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      NUM_RISTOURNE: [MSG.required],
      NAME: [MSG.required],
      YEAR: [MSG.required],
      VAL_MIN: [MSG.required],
      VAL_MAX: [MSG.required],
      PERCENTAGE: [MSG.required],
      REMISE: [MSG.required],
    });
    expect((await call('POST', 'ristournes', tier({ YEAR: 999 }))).json().errors).toEqual({ YEAR: [RISTOURNE_MSG.yearRange] });
    expect((await call('POST', 'ristournes', tier({ PERCENTAGE: '101' }))).json().errors).toEqual({ PERCENTAGE: [MSG.percentMax] });
    const unknown = await call('POST', 'ristournes', tier({ YEAR: 2040, ACTIVITE: 999_999 }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ ACTIVITE: [RISTOURNE_MSG.activityUnknown] });
    expect(await tierCount()).toBe(before);
  });

  it('refuses VAL_MIN > VAL_MAX on create, and on an update that sends one bound only', async () => {
    const backwards = await call('POST', 'ristournes', tier({ YEAR: 2041, VAL_MIN: '5000', VAL_MAX: '4000' }));
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json()).toMatchObject({ message: MSG.minGreaterThanMax, errors: { VAL_MAX: [MSG.minGreaterThanMax] } });
    const r = (await call('POST', 'ristournes', tier({ YEAR: 2041, VAL_MIN: '100', VAL_MAX: '200' }))).json().data;
    const oneBound = await call('PUT', `ristournes/${r.id}`, { VAL_MIN: '300' });
    expect(oneBound.statusCode).toBe(422);
    expect(oneBound.json().errors).toEqual({ VAL_MAX: [MSG.minGreaterThanMax] });
    const both = await call('PUT', `ristournes/${r.id}`, { VAL_MIN: '300', VAL_MAX: '250' });
    expect(both.json().errors).toEqual({ VAL_MAX: [MSG.minGreaterThanMax] });
    expect((await call('PUT', `ristournes/${r.id}`, { VAL_MIN: '200' })).json().data).toMatchObject({ VAL_MIN: '200.000', VAL_MAX: '200.000' });
  });
});

describe('ristournes: active tiers of one year and activity never overlap', () => {
  const YEAR = 2026;

  it('refuses an overlapping active tier on VAL_MIN, naming the other one; adjacent ranges and other groups pass', async () => {
    const bronze = (await call('POST', 'ristournes', tier({ YEAR, NAME: 'Bronze 26', VAL_MIN: '0', VAL_MAX: '4999.999', ACTIVITE: epicerie.id }))).json().data;
    const clash = await call('POST', 'ristournes', tier({ YEAR, NAME: 'Chevauche', VAL_MIN: '4999.999', VAL_MAX: '8000', ACTIVITE: epicerie.id }));
    expect(clash.statusCode).toBe(422);
    const message = overlapMessage({ name: 'Bronze 26', valMin: '0', valMax: '4999.999' });
    expect(message).toBe('Ce palier chevauche le palier actif « Bronze 26 » (0,000 – 4\u00a0999,999 DT) de la même année et de la même activité.');
    expect(clash.json()).toEqual({ success: false, message, errors: { VAL_MIN: [message] } });

    // Adjacent, another activity, no activity, another year, or inactive: all fine.
    const argent = await call('POST', 'ristournes', tier({ YEAR, NAME: 'Argent 26', VAL_MIN: '5000', VAL_MAX: '8000', ACTIVITE: epicerie.id }));
    expect(argent.statusCode).toBe(201);
    expect((await call('POST', 'ristournes', tier({ YEAR, NAME: 'Café 26', VAL_MIN: '0', VAL_MAX: '8000', ACTIVITE: cafe.id }))).statusCode).toBe(201);
    expect((await call('POST', 'ristournes', tier({ YEAR, NAME: 'Tous 26', VAL_MIN: '0', VAL_MAX: '8000', ACTIVITE: null }))).statusCode).toBe(201);
    expect(
      (await call('POST', 'ristournes', tier({ YEAR: YEAR + 1, NAME: 'Bronze 27', VAL_MIN: '0', VAL_MAX: '8000', ACTIVITE: epicerie.id }))).statusCode,
    ).toBe(201);
    const inactive = await call('POST', 'ristournes', tier({ YEAR, NAME: 'Brouillon', VAL_MIN: '100', VAL_MAX: '200', ACTIVITE: epicerie.id, IS_ACTIVE: 0 }));
    expect(inactive.statusCode).toBe(201);

    // No activity is its own group: two tiers without activity clash too.
    const noActivity = await call('POST', 'ristournes', tier({ YEAR, NAME: 'Tous bis', VAL_MIN: '8000', VAL_MAX: '9000', ACTIVITE: null }));
    expect(noActivity.json().errors).toEqual({ VAL_MIN: [overlapMessage({ name: 'Tous 26', valMin: '0', valMax: '8000' })] });

    // Switching the draft on, or moving a tier onto another, is refused and changes nothing.
    const on = await call('PUT', `ristournes/${inactive.json().data.id}`, { IS_ACTIVE: 1 });
    expect(on.statusCode).toBe(422);
    expect(on.json().errors.VAL_MIN[0]).toContain('« Bronze 26 »');
    expect((await call('GET', `ristournes/${inactive.json().data.id}`)).json().data.IS_ACTIVE).toBe(0);
    const moved = await call('PUT', `ristournes/${argent.json().data.id}`, { VAL_MIN: '4000' });
    expect(moved.json().errors).toEqual({ VAL_MIN: [message] });
    expect((await call('GET', `ristournes/${argent.json().data.id}`)).json().data.VAL_MIN).toBe('5000.000');
    // Its own range is not a clash: re-saving a tier as it is passes.
    expect(
      (await call('PUT', `ristournes/${bronze.id}`, tier({ YEAR, NAME: 'Bronze 26', VAL_MIN: '0', VAL_MAX: '4999.999', ACTIVITE: epicerie.id }))).statusCode,
    ).toBe(200);
    const refused = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'ristournes'), eq(auditLog.entityId, String(argent.json().data.id)), eq(auditLog.action, 'update')));
    expect(refused).toEqual([]);
  });

  it('lets only one of two concurrent overlapping tiers in', async () => {
    for (let round = 0; round < 3; round++) {
      const year = 3000 + round;
      const results = await Promise.all([
        call('POST', 'ristournes', tier({ YEAR: year, NAME: `A${round}`, VAL_MIN: '0', VAL_MAX: '5000', ACTIVITE: cafe.id })),
        call('POST', 'ristournes', tier({ YEAR: year, NAME: `B${round}`, VAL_MIN: '4000', VAL_MAX: '9000', ACTIVITE: cafe.id })),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
      const rows = await t.db.select().from(ristournes).where(eq(ristournes.year, year));
      expect(rows).toHaveLength(1);
    }
  });

  it('lets only one of two concurrent activations in', async () => {
    const year = 3100;
    const a = (await call('POST', 'ristournes', tier({ YEAR: year, NAME: 'A', VAL_MIN: '0', VAL_MAX: '5000', IS_ACTIVE: 0 }))).json().data;
    const b = (await call('POST', 'ristournes', tier({ YEAR: year, NAME: 'B', VAL_MIN: '1000', VAL_MAX: '2000', IS_ACTIVE: 0 }))).json().data;
    const results = await Promise.all([call('PUT', `ristournes/${a.id}`, { IS_ACTIVE: 1 }), call('PUT', `ristournes/${b.id}`, { IS_ACTIVE: 1 })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const active = await t.db
      .select()
      .from(ristournes)
      .where(and(eq(ristournes.year, year), eq(ristournes.isActive, 1)));
    expect(active).toHaveLength(1);
  });
});

describe('segmentation by previous-year turnover', () => {
  beforeAll(async () => {
    // Turnovers on the bounds and either side of them, in three groups (no activity being one).
    const rows: { code: string; name: string; activityId: number | null; caN1: string }[] = [
      { code: 'SEG-01', name: 'Épicerie Amal', activityId: epicerie.id, caN1: '3000' },
      { code: 'SEG-02', name: 'Épicerie Nour', activityId: epicerie.id, caN1: '4500.500' },
      { code: 'SEG-03', name: 'Épicerie Salem', activityId: epicerie.id, caN1: '6000' },
      { code: 'SEG-04', name: 'Café Central', activityId: cafe.id, caN1: '5999.999' },
      { code: 'SEG-05', name: 'Sans activité', activityId: null, caN1: '3500' },
      { code: 'SEG-06', name: 'Trop petit', activityId: cafe.id, caN1: '2999.999' },
      { code: 'SEG-07', name: 'Trop grand', activityId: epicerie.id, caN1: '6000.001' },
      { code: 'SEG-08', name: 'Sans CA', activityId: cafe.id, caN1: '0' },
    ];
    await t.db.insert(clients).values(rows);
  });

  it('counts the clients within the closed range, by activity, most clients first', async () => {
    const r = await call('GET', 'ristournes/segmentation?min=3000&max=6000');
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual({
      min: '3000',
      max: '6000',
      total: 5,
      byActivity: [
        { ACTIVITE_ID: epicerie.id, ACTIVITE_NAME: 'Épicerie', COUNT: 3 },
        { ACTIVITE_ID: cafe.id, ACTIVITE_NAME: 'Café', COUNT: 1 },
        { ACTIVITE_ID: null, ACTIVITE_NAME: null, COUNT: 1 },
      ],
    });
    // Without bounds: the slider's default range, 3000–6000.
    expect((await call('GET', 'ristournes/segmentation')).json().data.total).toBe(5);
    expect((await call('GET', 'ristournes/segmentation?min=0&max=10000')).json().data.total).toBe(8);
    expect((await call('GET', 'ristournes/segmentation?min=0&max=0')).json().data).toMatchObject({
      total: 1,
      byActivity: [{ ACTIVITE_NAME: 'Café', COUNT: 1 }],
    });
    expect((await call('GET', 'ristournes/segmentation?min=9000&max=10000')).json().data).toEqual({ min: '9000', max: '10000', total: 0, byActivity: [] });
  });

  it('lists those clients page by page, highest turnover first', async () => {
    const first = (await call('GET', 'ristournes/segmentation/clients?min=3000&max=6000&page=1&perPage=2')).json();
    expect(first.meta).toEqual({ total: 5, last_page: 3, current_page: 1, per_page: 2 });
    expect(first.data).toEqual([
      { id: expect.any(Number), CODE_CLIENT: 'SEG-03', NAME: 'Épicerie Salem', ACTIVITE_ID: epicerie.id, ACTIVITE_NAME: 'Épicerie', CA_N_1: '6000.000' },
      { id: expect.any(Number), CODE_CLIENT: 'SEG-04', NAME: 'Café Central', ACTIVITE_ID: cafe.id, ACTIVITE_NAME: 'Café', CA_N_1: '5999.999' },
    ]);
    const last = (await call('GET', 'ristournes/segmentation/clients?min=3000&max=6000&page=3&perPage=2')).json();
    expect(last.data.map((c: { CODE_CLIENT: string }) => c.CODE_CLIENT)).toEqual(['SEG-01']);
    // Paged even without page: page 1 of 50.
    expect((await call('GET', 'ristournes/segmentation/clients?min=3000&max=6000')).json().meta).toMatchObject({ total: 5, per_page: 50, current_page: 1 });
  });

  it('refuses min > max and bounds that are not amounts (422)', async () => {
    for (const url of ['ristournes/segmentation?min=7000&max=6000', 'ristournes/segmentation/clients?min=7000&max=6000&page=1']) {
      const r = await call('GET', url);
      expect(r.statusCode).toBe(422);
      expect(r.json()).toMatchObject({ success: false, message: MSG.minGreaterThanMax, errors: { max: [MSG.minGreaterThanMax] } });
    }
    const bad = await call('GET', 'ristournes/segmentation?min=-5&max=abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ min: [MSG.number], max: [MSG.number] });
  });
});

describe('ristournes and segmentation: roles', () => {
  it('refuses every call to a zone chief and to other roles (403), admin only', async () => {
    const [r] = await t.db.select({ id: ristournes.id }).from(ristournes).limit(1);
    for (const email of ['chef@demo.tn', 'commercial@demo.tn']) {
      const who = await t.auth(email);
      for (const [method, url, body] of [
        ['GET', 'ristournes?page=1'],
        ['GET', `ristournes/${r.id}`],
        ['GET', 'ristournes/export/pdf'],
        ['POST', 'ristournes', tier({ YEAR: 4000 })],
        ['PUT', `ristournes/${r.id}`, { IS_ACTIVE: 0 }],
        ['DELETE', `ristournes/${r.id}`],
        ['GET', 'ristournes/segmentation?min=0&max=10000'],
        ['GET', 'ristournes/segmentation/clients?min=0&max=10000&page=1'],
      ] as [Method, string, unknown?][]) {
        expect((await call(method, url, body, who)).statusCode, `${email} ${method} ${url}`).toBe(403);
      }
    }
    expect((await call('GET', `ristournes/${r.id}`)).statusCode).toBe(200);
  });
});
