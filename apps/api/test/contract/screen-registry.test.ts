import { type Action, can, canOpen, menuFor, pageSections, ROLE, SCREEN_DATA, SCREENS, type Screen, type ScreenKey, screenAt } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/lib/password';
import { roles, users } from '../../src/lib/auth/accounts.table';
import { clientFixtures, fullClient } from '../support/clients-fixtures';
import { createTestApp, DEMO_PASSWORD, type TestContext } from '../support/helpers';

/**
 * Screen registry × roles: each screen names the GET that feeds it; for every staff
 * role the server serves that GET (200) to every role that may open the screen, and refuses it
 * (403) to the others, except where the screen needs more than its data's read action
 * (SCREEN_DATA's `read`: a read handed out for a select or another screen). Menu entries = reachable screens (domain test)
 * = routes the server serves data for (here).
 */
const STAFF = [
  { email: 'admin@demo.tn', role: ROLE.admin },
  { email: 'chef@demo.tn', role: ROLE.chefZone },
  { email: 'magasin@demo.tn', role: ROLE.magasinier },
  { email: 'commercial@demo.tn', role: ROLE.commercial },
  { email: 'inconnu@demo.tn', role: 'roleInconnu' },
] as const;

let t: TestContext;
/** A client of the zone chief's zone, for the client detail's `clients/:id`. */
let clientId: number;

beforeAll(async () => {
  t = await createTestApp();
  const [role] = await t.db.insert(roles).values({ label: 'roleInconnu' }).returning();
  await t.db.insert(users).values({ email: 'inconnu@demo.tn', passwordHash: await hashPassword(DEMO_PASSWORD), roleId: role.id });
  const admin = await t.auth('admin@demo.tn');
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/${url}`, payload, headers: admin });
  const f = await clientFixtures(t);
  const client = await post('clients', fullClient(f));
  expect(client.statusCode).toBe(201);
  clientId = client.json().data.id;
  // The section editor creates its page and sections on first visit: done here once.
  const page = await post('pages', { key: 'home' });
  expect(page.statusCode).toBe(201);
  for (const s of pageSections('home')) expect((await post('sections', { key: s.key, pages_id: page.json().data.id, position: 0 })).statusCode).toBe(201);
});
afterAll(() => t?.close());

const screens = SCREENS as readonly Screen[];
const dataAction = (s: Screen): Action | null => SCREEN_DATA[s.key as ScreenKey].read ?? s.action;

describe('screen registry × roles', () => {
  it('serves each screen’s data to the roles that may open it, and refuses it to the others', async () => {
    const wrong: string[] = [];
    for (const s of screens) {
      const url = `/api/${SCREEN_DATA[s.key as ScreenKey].api.replace(':id', String(clientId))}`;
      for (const { email, role } of STAFF) {
        const res = await t.app.inject({ method: 'GET', url, headers: await t.auth(email) });
        const reachable = canOpen(role, s);
        const data = dataAction(s);
        const served = data === null || can(role, data);
        const expected = served ? 200 : 403;
        if (res.statusCode !== expected || (reachable && res.statusCode !== 200))
          wrong.push(`${role} ${s.key} GET ${url} → ${res.statusCode} (expected ${expected})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('serves no data beyond the reachable screens but for the declared reads', () => {
    // Per role: the screens whose data it is served without opening them, each with the read it holds.
    const beyond = Object.fromEntries(
      STAFF.map(({ role }) => [
        role,
        screens.filter((s) => !canOpen(role, s) && (dataAction(s) === null || can(role, dataAction(s)!))).map((s) => `${s.key} (${dataAction(s)})`),
      ]),
    );
    expect(beyond).toEqual({
      admin: [],
      chefZone: [
        'categories (catalogue:read)',
        'gammes (catalogue:read)',
        'tarifs (catalogue:read)',
        'points (points:read)',
        'offered-points (points:read)',
        'vouchers (voucher-purchases:read)',
        'gamifications (badges:read)',
        'type-client (classification:read)',
        'circuit-client (classification:read)',
        'activity-client (classification:read)',
        'category-client (classification:read)',
      ],
      Magasinier: [],
      Commercial: ['gift-conversions (conversions:read)'],
      roleInconnu: ['gift-conversions (conversions:read)'],
    });
    // The menu lists exactly the reachable screens that have an entry.
    for (const { role } of STAFF) {
      const inMenu = new Set(menuFor(role).flatMap((g) => g.entries.map((e) => screenAt(e.path)?.key)));
      expect([role, [...inMenu].sort()]).toEqual([
        role,
        screens
          .filter((s) => s.menu?.length && canOpen(role, s))
          .map((s) => s.key)
          .sort(),
      ]);
    }
  });
});
