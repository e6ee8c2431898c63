import { CLIENT_STATUS, MSG, POINTS_MESSAGES } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../src/lib/clients/clients.table';
import { pointsLedger } from '../../src/modules/loyalty/points.table';
import { clientFixtures, fullClient } from '../support/clients-fixtures';
import { APP, appAuth, appClientUser } from '../support/app-helpers';
import { createTestApp, type TestContext } from '../support/helpers';
import { openApiReader, type Schema } from '../support/openapi';

/**
 * JSON bodies take JSON numbers, or digits where a form sends text, nothing else. `""`,
 * `" "`, null, booleans and lists were read as 0, 1 or 5 by z.coerce and saved.
 */
let t: TestContext;
let admin: Record<string, string>;
/** The mobile app's routes take an app user's token (plugins/auth.ts). */
let appUser: Record<string, string>;
let clientId: number;
const CODE = 'STRICT-1';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  appUser = await appAuth(t.db, (await appClientUser(t.db)).email);
  const f = await clientFixtures(t);
  const created = await call('POST', 'clients', fullClient(f, { CODE_CLIENT: CODE, STATUS: 1 }));
  clientId = created.json().data.id;
  expect((await call('PUT', `users/offerPoints/${CODE}`, { POINTS_OFFERED: 40 })).statusCode).toBe(200);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers: admin });

const state = async () => {
  const [c] = await t.db.select({ points: clients.pointsFid, status: clients.status }).from(clients).where(eq(clients.id, clientId));
  const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(pointsLedger).where(eq(pointsLedger.clientId, clientId));
  const offered = (await call('GET', `offered-points?search=${CODE}`)).json().data[0].POINTS_OFFERED as number;
  return { ...c, ledgerRows: n, offered };
};

const NOT_NUMBERS: unknown[] = ['', '   ', null, false, true, [5], {}, '1e3', '0x10', '1.0', '5abc'];

describe('the issue’s endpoints refuse what is not a number, changing nothing', () => {
  it.each(NOT_NUMBERS)('PUT users/offerPoints/{code} {POINTS_OFFERED: %j} → 422, the offered total stays 40', async (v) => {
    const before = await state();
    const r = await call('PUT', `users/offerPoints/${CODE}`, { POINTS_OFFERED: v });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.POINTS_OFFERED).toHaveLength(1);
    expect(await state()).toEqual({ ...before, offered: 40 });
  });

  it.each(['', '  ', null])('says « Valeur non prise en compte » for an offered total of %j', async (v) => {
    const r = await call('PUT', `users/offerPoints/${CODE}`, { POINTS_OFFERED: v });
    expect(r.json().errors.POINTS_OFFERED).toEqual([POINTS_MESSAGES.notTaken]);
  });

  it.each([...NOT_NUMBERS, 0, '0'])('POST clients/{id}/points {POINTS: %j} → 422, balance and ledger unchanged', async (v) => {
    const before = await state();
    const r = await call('POST', `clients/${clientId}/points`, { POINTS: v });
    expect(r.statusCode).toBe(422);
    expect(await state()).toEqual(before);
  });

  it('POST clients/{id}/points says « Valeur non prise en compte » for empty or 0, and still takes digits from the form', async () => {
    for (const POINTS of ['', ' ', 0, '0'])
      expect((await call('POST', `clients/${clientId}/points`, { POINTS })).json().errors.POINTS).toEqual([POINTS_MESSAGES.notTaken]);
    const before = await state();
    expect((await call('POST', `clients/${clientId}/points`, { POINTS: '5' })).json().data.POINTS_FID).toBe(before.points + 5);
    expect((await state()).ledgerRows).toBe(before.ledgerRows + 1);
  });

  it.each([...NOT_NUMBERS, 7])('PUT clients/status/{id} {STATUS: %j} → 422, a Validé client stays Validé', async (v) => {
    const r = await call('PUT', `clients/status/${clientId}`, { STATUS: v });
    expect(r.statusCode).toBe(422);
    expect((await state()).status).toBe(1);
  });

  it('PUT clients/status/{id} names the field: required when empty, unknown otherwise; a known code still saves', async () => {
    expect((await call('PUT', `clients/status/${clientId}`, { STATUS: '' })).json().errors).toEqual({ STATUS: [MSG.required] });
    expect((await call('PUT', `clients/status/${clientId}`, { STATUS: true })).json().errors).toEqual({ STATUS: ['Statut inconnu.'] });
    expect((await call('PUT', `clients/status/${clientId}`, { STATUS: '2' })).json().data.STATUS).toBe(2);
    expect((await call('PUT', `clients/status/${clientId}`, { STATUS: CLIENT_STATUS.codes[1] })).json().data.STATUS).toBe(1);
  });

  it.each(['IS_ACTIVE=', 'IS_ACTIVE=%20', 'page=', 'page=%20', 'page=1e3', 'perPage=', 'page=0x10'])(
    'a list asked with ?%s is a 422, not 0 or 1000',
    async (q) => {
      expect((await call('GET', `clients/codes?${q}`)).statusCode).toBe(422);
    },
  );
});

/**
 * Every number of every JSON body in the OpenAPI document, sent as something that is not a number,
 * the other fields valid as far as the document says: a 422 that names that field (never a 2xx, nor
 * a 404 that would mean the value got past the schema to the handler).
 */
describe('every number of every JSON body', () => {
  /** What a form's 0/1 switch sends is a flag, not a number: `true` is a value it takes. */
  const isFlag = (s: Schema) => (s.anyOf ?? []).some((a) => a.type === 'boolean');
  /**
   * Where blank text means "nothing" for a field the spec keeps optional, never 0: the client's
   * optional figures (cleared to null, as its text fields; the ERP import reads the same rules) and
   * a gift's points and voucher value ("points optional").
   */
  const BLANK_MEANS_NONE = new Set([
    'PERCENTAGE',
    'DELAI_RECUPERATION',
    'ENCOURS_COMMERCIAL',
    'ENCOURS_AUTORISE',
    'Latitude',
    'Longitude',
    'DELAI_LIVRAISON',
    'STATUS',
  ]);
  const blankIsNone = (path: string, field: string) =>
    (/^\/api\/clients(\/\{id\})?$/.test(path) && BLANK_MEANS_NONE.has(field)) ||
    (/^\/api\/gifts/.test(path) && (field === 'NBR_OF_POINTS' || field === 'VOCHER_VALUE'));

  it('answers 422 naming the field to "", " ", true, [5] and {} in place of each of them', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const { resolve, typeOf, sample } = openApiReader(() => doc.components?.schemas ?? {});
    const isNumber = (s: Schema): boolean => {
      const r = resolve(s);
      return ['integer', 'number'].includes(typeOf(r) ?? '') || (r.anyOf ?? r.oneOf ?? []).some(isNumber);
    };
    const wrong: string[] = [];
    let sent = 0;
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>)) {
      for (const [method, op] of Object.entries(methods)) {
        const schema = resolve((op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content?.['application/json']?.schema);
        for (const [field, prop] of Object.entries(schema.properties ?? {})) {
          const p = resolve(prop);
          const list = typeOf(p) === 'array' && isNumber(p.items ?? {});
          if (!list && !isNumber(p)) continue;
          for (const bad of ['', ' ', true, [5], {}] as unknown[]) {
            if (bad === true && isFlag(p)) continue;
            if (typeof bad === 'string' && blankIsNone(path, field)) continue;
            const body = { ...(sample(schema) as Record<string, unknown>), [field]: list ? [bad] : bad };
            const url = path.replace(/\{[^}]+\}/g, '1');
            const r = await t.app.inject({
              method: method.toUpperCase() as 'POST',
              url,
              payload: body as never,
              headers: path.startsWith(`${APP}/`) ? appUser : admin,
            });
            sent++;
            // Refused for this field by the schema, before any handler could read the row named in the path.
            const named = Object.keys((r.json() as { errors?: Record<string, unknown> }).errors ?? {}).some((k) => k === field || k.startsWith(`${field}.`));
            if (r.statusCode !== 422 || !named)
              wrong.push(`${method.toUpperCase()} ${path} ${field}=${JSON.stringify(list ? [bad] : bad)} → ${r.statusCode} ${r.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(800);
    expect(wrong).toEqual([]);
  }, 600_000);
});
