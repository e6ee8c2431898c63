import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedClassification } from '../../src/modules/classification/classification.seed';
import { seedStaff } from '../../src/modules/staff/staff.seed';
import { createTestApp, DEMO_PASSWORD, type TestContext } from '../support/helpers';

/** Demo staff: chiefs with codes who sign in with the demo password, back-office users with companies. */
let t: TestContext;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  await seedClassification(t.db);
  await seedStaff(t.db, DEMO_PASSWORD);
});
afterAll(() => t.close());

const get = async (url: string) => (await t.app.inject({ method: 'GET', url: `/api/${url}`, headers: admin })).json();

describe('seedStaff', () => {
  it('gives chef@demo.tn its code and adds two more chiefs who can sign in', async () => {
    const chiefs = (await get('chef-zone?sort=CODE_CHEF_ZONE')).data.map((c: { CODE_CHEF_ZONE: string; EMAIL: string }) => [c.CODE_CHEF_ZONE, c.EMAIL]);
    expect(chiefs).toEqual([
      ['CZ-CENTRE', 'sana.benali@demo.tn'],
      ['CZ-NORD', 'chef@demo.tn'],
      ['CZ-SUD', 'hatem.jlassi@demo.tn'],
    ]);
    const r = await t.app.inject({ method: 'POST', url: '/api/loginBO', payload: { email: 'sana.benali@demo.tn', password: DEMO_PASSWORD } });
    expect(r.json().data.role).toBe('chefZone');
  });

  it('adds back-office users with their companies, one of them inactive; running again changes nothing', async () => {
    const before = (await get('back-office/users')).data;
    const seeded = before.filter((u: { EMAIL: string }) => /yasmine|mehdi|rania|walid/.test(u.EMAIL));
    expect(seeded.map((u: { societe: { NAME: string } | null; STATUS: number }) => [u.societe?.NAME, u.STATUS])).toEqual([
      ['Grossiste', 1],
      ['Superette', 1],
      ['Hôtel & Restaurant', 1],
      ['Détaillant', 0],
    ]);
    await seedStaff(t.db, DEMO_PASSWORD);
    expect((await get('back-office/users')).data.length).toBe(before.length);
  });
});
