/**
 * Secrets are taken as typed: the input hygiene (plugins/sanitize.ts) strips script and PHP tags from
 * every other string, never from a password, a reset code or a token (lib/secret-fields.ts). A password
 * `Winter2026<?x7Gq` is stored whole, so `Winter2026` does not sign in; an account whose hash was made
 * from the stripped form while it was still stripped signs in with what the user types, and is rehashed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/lib/auth/accounts.table';
import { hashPassword } from '../../src/lib/password';
import { stripDeep, stripTags } from '../../src/plugins/sanitize';
import { createTestApp, DEMO_PASSWORD, type TestContext } from '../support/helpers';
import type { Schema } from '../support/openapi';

let t: TestContext;
let doc: {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema: Schema }> }; parameters?: { in: string; name: string }[] }>>;
  components?: { schemas?: Record<string, Schema> };
};

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => t?.close());

/** A name that reads as a password, a token or a code the user types (not a business code such as CODE_CLIENT). */
const LOOKS_SECRET = /pass|pwd|mdp|secret|token|captcha|confirm|otp|(reset|verif|qr|validation)_?code/i;
const HOSTILE = 'Winter2026<?x7Gq';

/** Every field of every JSON body and every query, as the path of names that leads to it. */
function fieldPaths(): { route: string; names: string[] }[] {
  const out: { route: string; names: string[] }[] = [];
  const walk = (schema: Schema | undefined, route: string, names: string[], depth: number): void => {
    let s = schema;
    if (s?.$ref) s = doc.components?.schemas?.[s.$ref.split('/').pop() ?? ''];
    if (!s || depth > 8) return;
    for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(alt, route, names, depth + 1);
    if (s.items) walk(s.items, route, names, depth + 1);
    for (const [name, sub] of Object.entries(s.properties ?? {})) {
      out.push({ route, names: [...names, name] });
      walk(sub, route, [...names, name], depth + 1);
    }
  };
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const route = `${method.toUpperCase()} ${path}`;
      const json = op.requestBody?.content?.['application/json'];
      if (json) walk(json.schema, route, [], 0);
      for (const p of op.parameters ?? []) if (p.in === 'query') out.push({ route: `${route} (query)`, names: [p.name] });
    }
  }
  return out;
}

const nest = (names: string[], value: unknown): unknown => names.reduceRight<unknown>((v, name) => ({ [name]: v }), value);

describe('secret fields', () => {
  it('are never stripped: every body or query field named like a password, a token or a code to type, and what lies under it', () => {
    const secret = fieldPaths().filter(({ names }) => names.some((n) => LOOKS_SECRET.test(n)));
    // The walk finds the fields it must: the sign-ins', the reset's, the invitation's, the app's.
    const found = new Set(secret.map(({ names }) => names.join('.')));
    for (const name of [
      'password',
      'PASSWORD',
      'old_password',
      'new_password',
      'confirm_password',
      'CURRENT_PASSWORD',
      'confirm',
      'reset_code',
      'token',
      'refreshToken',
      'password.old',
      'password.new',
    ]) {
      expect(found, name).toContain(name);
    }
    const stripped = secret.filter(({ names }) => {
      const body = nest(names, HOSTILE);
      return JSON.stringify(stripDeep(body)) !== JSON.stringify(body);
    });
    expect(stripped.map(({ route, names }) => `${route} ${names.join('.')}`)).toEqual([]);
    // The others still are.
    expect(stripDeep({ NAME: HOSTILE, password: { old: HOSTILE } })).toEqual({ NAME: 'Winter2026', password: { old: HOSTILE } });
    expect(stripDeep({ token: HOSTILE, search: HOSTILE }, 0, 'query')).toEqual({ token: HOSTILE, search: 'Winter2026' });
  });

  const signIn = (email: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/loginBO', payload: { email, password, from: 'BO' }, remoteAddress: ip });
  const storedHash = async (email: string) => (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email)))[0].hash;

  it('a password set with a tag in it is stored whole: the part before the tag does not sign in', async () => {
    const email = 'magasin@demo.tn';
    const [{ id }] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/back-office/changePassword/${id}`,
      headers: await t.auth(email),
      payload: { name: 'Sami Gharbi', old_password: DEMO_PASSWORD, new_password: HOSTILE, confirm_password: HOSTILE },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await signIn(email, 'Winter2026', '10.77.0.1')).statusCode).toBe(401);
    expect((await signIn(email, HOSTILE, '10.77.0.2')).statusCode).toBe(200);
  });

  it('an account whose hash was made from the stripped password signs in with the whole one, which is then its password', async () => {
    const email = 'commercial@demo.tn';
    expect(stripTags(HOSTILE)).toBe('Winter2026');
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('Winter2026') })
      .where(eq(users.email, email));
    const before = await storedHash(email);
    const res = await signIn(email, HOSTILE, '10.77.0.3');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.login).toBe(email);
    expect(await storedHash(email)).not.toBe(before);
    expect((await signIn(email, 'Winter2026', '10.77.0.4')).statusCode).toBe(401);
    expect((await signIn(email, HOSTILE, '10.77.0.5')).statusCode).toBe(200);
  });
});
