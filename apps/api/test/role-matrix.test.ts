import { can, ROLE } from '@app/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/app';
import { hashPassword } from '../src/lib/password';
import { roles, users } from '../src/lib/auth/accounts.table';
import { createTestApp, DEMO_PASSWORD, type TestContext } from './helpers';

/**
 * Role × route matrix generated from the server's route table and the one permission map
 * (issue 19 §1): for every non-public route and every staff role, a denied action answers 403 and
 * changes nothing; an allowed one is never 403. The hand-written `permissions.test.ts` checks chosen
 * calls with real payloads; this one cannot miss a route. Client users are refused everywhere with
 * 401 (route-access.test.ts).
 */
const STAFF = [
  { email: 'admin@demo.tn', role: ROLE.admin },
  { email: 'chef@demo.tn', role: ROLE.chefZone },
  { email: 'magasin@demo.tn', role: ROLE.magasinier },
  { email: 'commercial@demo.tn', role: ROLE.commercial },
  { email: 'inconnu@demo.tn', role: 'roleInconnu' },
] as const;

let t: TestContext;
let routes: RouteEntry[];

beforeAll(async () => {
  t = await createTestApp();
  const [role] = await t.db.insert(roles).values({ label: 'roleInconnu' }).returning();
  await t.db.insert(users).values({ email: 'inconnu@demo.tn', passwordHash: await hashPassword(DEMO_PASSWORD), roleId: role.id });
  const all = t.app.routeTable;
  routes = all
    .filter((r) => r.options.config?.public !== true)
    // The mobile app's routes take no staff role at all (an app token only): route-access.test.ts proves
    // every one of them refuses a staff session with 401.
    .filter((r) => r.options.config?.app !== true)
    .filter((r) => r.method !== 'HEAD' || !all.some((g) => g.method === 'GET' && g.url === r.url))
    // Signing out ends the session the rest of the sweep uses: last.
    .sort((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));
});
afterAll(() => t?.close());

const actionOf = (r: RouteEntry) => r.options.config?.action as string;
const allowed = (role: string, r: RouteEntry) => actionOf(r) === 'self' || can(role, actionOf(r) as Parameters<typeof can>[1]);
const samplePath = (url: string) => url.replace(/:[A-Za-z_]+/g, '999999999').replace(/\*$/, 'x.png');

function call(r: RouteEntry, email: string) {
  const withBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(r.method);
  return t.auth(email).then((auth) =>
    t.app.inject({
      method: r.method as 'GET',
      url: samplePath(r.url),
      headers: { ...auth, ...(withBody ? { 'content-type': 'application/json' } : {}) },
      ...(withBody ? { payload: '{}' } : {}),
    }),
  );
}

/** Every row of every table but the sessions (a signed-in call may note its last use), as one digest. */
async function fingerprint(): Promise<string> {
  const tables = (await t.db.execute(sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'sessions' order by 1`)) as unknown as
    | { rows: { tablename: string }[] }
    | { tablename: string }[];
  const names = ('rows' in tables ? tables.rows : tables).map((x) => x.tablename);
  const parts: string[] = [];
  for (const name of names) {
    const res = (await t.db.execute(sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as d from "${name}" x`))) as unknown as
      | { rows: { d: string }[] }
      | { d: string }[];
    parts.push(`${name}=${('rows' in res ? res.rows : res)[0].d}`);
  }
  return parts.join('\n');
}

describe('role × route matrix', () => {
  it('answers 403 to every denied action and changes nothing', async () => {
    const before = await fingerprint();
    const wrong: string[] = [];
    let n = 0;
    for (const r of routes) {
      for (const s of STAFF) {
        if (allowed(s.role, r)) continue;
        const res = await call(r, s.email);
        n++;
        if (res.statusCode !== 403) wrong.push(`${s.role} ${r.method} ${r.url} → ${res.statusCode}`);
      }
    }
    console.log(`${n} denied calls`);
    expect(wrong).toEqual([]);
    expect(await fingerprint()).toBe(before);
  });

  it('never answers 403 to an allowed action, and prints the matrix', async () => {
    const wrong: string[] = [];
    const lines: string[] = [`${'route'.padEnd(62)} ${STAFF.map((s) => s.role.slice(0, 10).padEnd(10)).join(' ')}`];
    for (const r of routes) {
      const cells: string[] = [];
      for (const s of STAFF) {
        if (!allowed(s.role, r)) {
          cells.push('—'.padEnd(10));
          continue;
        }
        const res = await call(r, s.email);
        if (res.statusCode === 403 || res.statusCode === 401) wrong.push(`${s.role} ${r.method} ${r.url} → ${res.statusCode} ${res.body.slice(0, 80)}`);
        cells.push(`ok ${res.statusCode}`.padEnd(10));
      }
      lines.push(`${`${r.method} ${r.url}`.slice(0, 62).padEnd(62)} ${cells.join(' ')}`);
    }
    console.log(`Matrice rôles × routes (— refusé 403 ; ok = autorisé, avec le statut de l'appel sans données valides)\n${lines.join('\n')}`);
    expect(wrong).toEqual([]);
  });

  it('gives an unknown or "other" role nothing beyond its own account and the conversion screens (issue 19 §3)', () => {
    for (const role of ['roleInconnu', ROLE.commercial, ROLE.patente]) {
      const open = routes.filter((r) => allowed(role, r) && actionOf(r) !== 'self').map((r) => `${r.method} ${r.url}`);
      const extra = open.filter((k) => !/\/(conversions|starter_conversions|conversion_gifts|conversions_starter)/.test(k) && !/(gift|starter)/i.test(k));
      expect(extra, role).toEqual([]);
      expect(open.every((k) => k.startsWith('GET ') || k.startsWith('HEAD ')), `${role}: read only`).toBe(true);
    }
  });
});
