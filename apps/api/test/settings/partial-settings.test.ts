import { EXPIRY_MESSAGES, WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { RouteEntry } from '../../src/app';
import { solidPng } from '../../src/lib/png';
import { createTestApp, multipart, onPostgres, type TestContext } from '../support/helpers';

/**
 * Every settings and configuration PUT takes any subset of its fields (docs/api.md › Partial updates), as the
 * generic resources do (test/contract/partial-update.test.ts). Walked from the route table: every PUT that is
 * not a generic update is either a settings PUT below, whose every field is changed alone and then
 * sent invalid alone, or named in NOT_SETTINGS with the reason it keeps a body of its own. A PUT
 * added tomorrow fails here until it is put in one of the two.
 */
interface Field {
  /** A valid value sent alone, and what the GET reads back when it is not the value itself. */
  value: unknown;
  reads?: unknown;
  /** Values each refused alone: wrong type, empty, too long or out of range. */
  invalid: unknown[];
  /** The record's state this change starts from (sent whole first), when the route's base will not do. */
  from?: Record<string, unknown>;
}
interface SettingsPut {
  /** The record's id in the path (`:id`), made by `setup`. */
  setup: () => Promise<number | undefined>;
  read: (id: number | undefined) => Promise<Record<string, unknown>>;
  /** A whole valid body: the state each field's change starts from. */
  base: Record<string, unknown>;
  fields: Record<string, Field>;
  /** Read-back keys that move with any write (a time stamp), or with one field (a state derived from it). */
  moves?: (field: string) => string[];
}

const png = solidPng(6, 6, [30, 90, 160]);
const long = (n: number) => 'x'.repeat(n);

let t: TestContext;
let admin: { authorization: string };
const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: admin });
  expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
  return res.json().data as Record<string, unknown>;
};
const send = (method: 'POST' | 'PUT', url: string, payload: unknown) => t.app.inject({ method, url, payload: payload as object, headers: admin });

const SETTINGS: Record<string, SettingsPut> = {
  'PUT /api/settings': {
    setup: async () => {
      const res = await send('POST', '/api/settings', SETTINGS['PUT /api/settings'].base);
      expect(res.statusCode, res.body).toBe(201);
      return undefined;
    },
    read: () => get('/api/settings'),
    base: { NAME: 'Société Avant', TAX_ID: 'TN-0001', ADDRESS: 'Rue de Tunis', PHONE: '+21671000111', EMAIL: 'avant@societe.tn' },
    fields: {
      NAME: { value: 'Société Revue', invalid: ['', 42, long(121)] },
      TAX_ID: { value: 'TN-0002', invalid: ['', long(41)] },
      ADDRESS: { value: 'Avenue Habib Bourguiba', invalid: ['   ', long(256)] },
      PHONE: { value: '+21671999888', invalid: ['abc', 71999888] },
      EMAIL: { value: 'revue@societe.tn', invalid: ['pas-un-mail', ''] },
    },
  },
  'PUT /api/configs/:id': {
    setup: async () => {
      const created = await send('POST', '/api/configs', { KEY: 'CGV_PARTIEL', NAME: 'Avant', DESCRIPTION: 'Avant' });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().data.id as number;
      const file = multipart({}, { name: 'cgv.png', type: 'image/png', content: png });
      const upload = await t.app.inject({ method: 'POST', url: `/api/configs/media/${id}`, payload: file.payload, headers: { ...admin, ...file.headers } });
      expect(upload.statusCode, upload.body).toBe(200);
      return id;
    },
    read: async (id) => ((await get('/api/configs')) as unknown as { id: number }[]).find((c) => c.id === id) as unknown as Record<string, unknown>,
    base: { NAME: 'Conditions', DESCRIPTION: 'Conditions générales' },
    fields: {
      NAME: { value: 'Conditions revues', invalid: ['', 7, long(151)] },
      DESCRIPTION: { value: 'Texte revu', invalid: ['', long(1001)] },
    },
  },
  'PUT /api/settings/programme': {
    setup: async () => undefined,
    read: () => get('/api/settings/programme'),
    base: { EXPIRY_POLICY: 'never', EXPIRY_MONTHS: null, POINT_VALUE: 5 },
    fields: {
      EXPIRY_POLICY: { value: 'year_end', invalid: ['toujours', 3, ''] },
      EXPIRY_MONTHS: { from: { EXPIRY_POLICY: 'months', EXPIRY_MONTHS: 12 }, value: 24, invalid: [0, 121, 1.5, 'douze'] },
      POINT_VALUE: { value: 7, invalid: [-1, 1.5, 1_000_001, ''] },
    },
    moves: () => ['UPDATED_AT'],
  },
  'PUT /api/webhooks/:id': {
    setup: async () => {
      const res = await send('POST', '/api/webhooks', SETTINGS['PUT /api/webhooks/:id'].base);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.ID as number;
    },
    read: (id) => get(`/api/webhooks/${id}`),
    base: { URL: 'https://93.184.215.14/hooks/avant', DESCRIPTION: 'ERP', EVENTS: ['order.created'], ACTIVE: true },
    fields: {
      URL: { value: 'https://93.184.215.14/hooks/revu', invalid: ['', 'ftp://93.184.215.14/x', `https://93.184.215.14/${long(WEBHOOK_URL_MAX)}`] },
      DESCRIPTION: { value: 'ERP revu', invalid: [long(WEBHOOK_DESCRIPTION_MAX + 1), 12] },
      EVENTS: { value: ['voucher.issued', 'order.created'], invalid: [[], ['inconnu'], 'order.created'] },
      ACTIVE: { value: false, invalid: ['oui', 1] },
    },
    moves: (field) => ['UPDATED_AT', ...(field === 'ACTIVE' ? ['STATE'] : [])],
  },
};

/** The other PUTs, and why each keeps a body of its own (docs/api.md › Partial updates). */
const REPLACE = 'replaces the whole profile: the « Mon profil » form sends its four fields';
const ACTION = 'an action or a status move: its one-purpose body is the action’s arguments, with no stored record to merge into';
const PARTIAL_RESOURCE = 'a record of its own area, not a setting; its fields are already optional, each checked by its own tests';
const NOT_SETTINGS: Record<string, string> = {
  'PUT /api/profile': REPLACE,
  'PUT /api/back-office/changePassword/:id': ACTION,
  'PUT /api/clients/status/:id': ACTION,
  'PUT /api/clients/active/:id': ACTION,
  'PUT /api/clients/badges/:id': ACTION,
  'PUT /api/users/offerPoints/:clientCode': ACTION,
  'PUT /api/badges/validate/:id': ACTION,
  'PUT /api/products/order-new': ACTION,
  'PUT /api/orders/:id': ACTION,
  'PUT /api/retourMarchandises/:id': ACTION,
  'PUT /api/gift-purchases/:id': ACTION,
  'PUT /api/giftConversion/:id': ACTION,
  'PUT /api/startingGift-purchases/:id': ACTION,
  'PUT /api/vocher-purchases/:id': ACTION,
  'PUT /api/blocs/:id/position': ACTION,
  'PUT /api/views/default': ACTION,
  'PUT /api/typeclients/reorder': ACTION,
  'PUT /api/blocs/reorder': ACTION,
  'PUT /api/service/reorder': ACTION,
  'PUT /api/services/reorder': ACTION,
  'PUT /api/tools/reorder': ACTION,
  'PUT /api/gallery/reorder': ACTION,
  'PUT /api/templating/:id': PARTIAL_RESOURCE,
  'PUT /api/templating/email/:id': PARTIAL_RESOURCE,
  'PUT /api/templating/sms/:id': PARTIAL_RESOURCE,
  'PUT /api/users/:id': PARTIAL_RESOURCE,
  'PUT /api/views/:id': PARTIAL_RESOURCE,
  'PUT /api/app/v1/me': PARTIAL_RESOURCE,
};
/** The actions of the Paramètres area's own records: a PUT under one of them is a settings PUT. */
const SETTINGS_ACTIONS = ['settings:write', 'webhooks:manage'];

let puts: RouteEntry[];
const ids = new Map<string, number | undefined>();
const nameOf = (r: RouteEntry) => `${r.method} ${r.url}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  puts = t.app.routeTable.filter((r) => r.method === 'PUT' && !r.options.config?.partialUpdateOf);
  for (const [name, s] of Object.entries(SETTINGS)) ids.set(name, await s.setup());
}, 120_000);
afterAll(() => t?.close());

const urlOf = (name: string) => name.replace(/^PUT /, '').replace(':id', String(ids.get(name)));
const without = (record: Record<string, unknown>, keys: string[]) => Object.fromEntries(Object.entries(record).filter(([k]) => !keys.includes(k)));
/** The error keys of a refused field: itself, or a part of it (`EVENTS.0`). */
const errorKeys = (errors: Record<string, string[]> | undefined) => Object.keys(errors ?? {}).map((k) => k.split('.')[0]);

describe('the route table', () => {
  it('names every PUT that is not a generic update: a settings PUT walked below, or one with a reason to keep its own body', () => {
    const named = [...Object.keys(SETTINGS), ...Object.keys(NOT_SETTINGS)].sort();
    expect(puts.map(nameOf).sort()).toEqual(named);
  });

  it('every PUT under a settings action is walked here', () => {
    const settings = puts.filter((r) => SETTINGS_ACTIONS.includes(String(r.options.config?.action))).map(nameOf);
    expect(settings.sort()).toEqual(Object.keys(SETTINGS).sort());
  });

  it('the walk has a case for every field of every settings PUT’s body, and no other', () => {
    for (const route of puts.filter((r) => Object.hasOwn(SETTINGS, nameOf(r)))) {
      const body = (route.options.schema as { body?: z.ZodObject } | undefined)?.body;
      expect([nameOf(route), Object.keys(body?.shape ?? {}).sort()]).toEqual([nameOf(route), Object.keys(SETTINGS[nameOf(route)].fields).sort()]);
    }
  });
});

describe('settings PUT of one field', () => {
  it('changes that field alone: 200, the field read back changed, every other field as it was', async () => {
    const failures: unknown[] = [];
    for (const [name, s] of Object.entries(SETTINGS)) {
      const id = ids.get(name);
      for (const [field, c] of Object.entries(s.fields)) {
        const start = await send('PUT', urlOf(name), { ...s.base, ...c.from });
        expect(start.statusCode, `${name} (état de départ): ${start.body}`).toBe(200);
        const before = await s.read(id);
        const res = await send('PUT', urlOf(name), { [field]: c.value });
        const after = await s.read(id);
        const moved = [field, ...(s.moves?.(field) ?? [])];
        const seen = {
          name,
          field,
          status: res.statusCode,
          errors: res.json().errors,
          value: after[field],
          reply: res.json().data,
          others: without(after, moved),
        };
        const wanted = { name, field, status: 200, errors: undefined, value: c.reads ?? c.value, reply: after, others: without(before, moved) };
        if (JSON.stringify(seen) !== JSON.stringify(wanted)) failures.push({ seen, wanted });
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('refuses an invalid field sent alone: 422 naming that field, nothing changed', async () => {
    const failures: unknown[] = [];
    for (const [name, s] of Object.entries(SETTINGS)) {
      const id = ids.get(name);
      for (const [field, c] of Object.entries(s.fields)) {
        const start = await send('PUT', urlOf(name), { ...s.base, ...c.from });
        expect(start.statusCode, `${name} (état de départ): ${start.body}`).toBe(200);
        const before = await s.read(id);
        for (const bad of c.invalid) {
          const res = await send('PUT', urlOf(name), { [field]: bad });
          const seen = { name, field, bad, status: res.statusCode, errors: errorKeys(res.json().errors), record: await s.read(id) };
          const wanted = { name, field, bad, status: 422, errors: [field], record: before };
          if (JSON.stringify(seen) !== JSON.stringify(wanted)) failures.push({ seen, wanted, reply: res.json() });
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);
});

describe('the programme’s expiry rule is checked on the merged settings', () => {
  const url = '/api/settings/programme';
  const read = () => get(url);
  const start = async (state: Record<string, unknown>) => expect((await send('PUT', url, { POINT_VALUE: 5, ...state })).statusCode).toBe(200);

  it('months alone while the rule is « never »: 422 on EXPIRY_MONTHS, nothing changed', async () => {
    await start({ EXPIRY_POLICY: 'never', EXPIRY_MONTHS: null });
    const before = await read();
    const res = await send('PUT', url, { EXPIRY_MONTHS: 6 });
    expect([res.statusCode, res.json().errors]).toEqual([422, { EXPIRY_MONTHS: [EXPIRY_MESSAGES.monthsUnexpected] }]);
    expect(await read()).toEqual(before);
  });

  it('the « N mois » rule alone without stored months: 422 « Indiquez le nombre de mois. », nothing changed', async () => {
    await start({ EXPIRY_POLICY: 'year_end', EXPIRY_MONTHS: null });
    const before = await read();
    const res = await send('PUT', url, { EXPIRY_POLICY: 'months' });
    expect([res.statusCode, res.json().errors]).toEqual([422, { EXPIRY_MONTHS: [EXPIRY_MESSAGES.monthsRequired] }]);
    expect(await read()).toEqual(before);
  });

  it('the months removed under the « N mois » rule: 422, the stored months kept', async () => {
    await start({ EXPIRY_POLICY: 'months', EXPIRY_MONTHS: 12 });
    const res = await send('PUT', url, { EXPIRY_MONTHS: null });
    expect([res.statusCode, res.json().errors]).toEqual([422, { EXPIRY_MONTHS: [EXPIRY_MESSAGES.monthsRequired] }]);
    expect(await read()).toMatchObject({ EXPIRY_POLICY: 'months', EXPIRY_MONTHS: 12 });
  });

  it('another rule alone while months are stored: the months, which only the « N mois » rule reads, are cleared; the point value kept', async () => {
    await start({ EXPIRY_POLICY: 'months', EXPIRY_MONTHS: 12, POINT_VALUE: 9 });
    const res = await send('PUT', url, { EXPIRY_POLICY: 'year_end' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await read()).toMatchObject({ EXPIRY_POLICY: 'year_end', EXPIRY_MONTHS: null, POINT_VALUE: 9 });
  });

  it(`two PUTs of different fields at once both stay (${onPostgres ? 'PostgreSQL: concurrent' : 'PGlite: one after the other'})`, async () => {
    await start({ EXPIRY_POLICY: 'never', EXPIRY_MONTHS: null });
    for (let i = 1; i <= 3; i++) {
      const policy = i % 2 ? 'year_end' : 'never';
      const replies = await Promise.all([send('PUT', url, { POINT_VALUE: 100 + i }), send('PUT', url, { EXPIRY_POLICY: policy })]);
      expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await read()).toMatchObject({ EXPIRY_POLICY: policy, POINT_VALUE: 100 + i });
    }
  });
});
