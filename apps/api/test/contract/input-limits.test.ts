import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, appAuth, appClientUser } from '../support/app-helpers';
import { createTestApp, type TestContext } from '../support/helpers';
import { openApiReader, type Schema as DocSchema } from '../support/openapi';

/**
 * Length limits in the schemas first: every string a client sends, in a JSON body or
 * a query, has a maxLength, and every array a maxItems, so no handler, regular expression or
 * database call ever sees an unbounded value. Read from the OpenAPI document, so a new route cannot
 * slip through. Values that bound themselves (an enum, a constant, a date or uuid format) are exempt.
 */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  prefixItems?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  $ref?: string;
}

let t: TestContext;
let staff: { authorization: string };
let app: { authorization: string };
let doc: { paths: Record<string, Record<string, Record<string, unknown>>>; components?: { schemas?: Record<string, Schema> } };

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  staff = await t.auth('admin@demo.tn');
  app = await appAuth(t.db, (await appClientUser(t.db)).email);
}, 60_000);
afterAll(() => t?.close());

const BOUNDED_FORMATS = new Set(['date', 'date-time', 'time', 'uuid', 'binary']);
const has = (s: Schema, type: string) => (Array.isArray(s.type) ? s.type.includes(type) : s.type === type);

/** The paths (`route field.sub[]`) of the strings without maxLength and arrays without maxItems under a schema. */
function unbounded(schema: Schema | undefined, at: string, seen = new Set<Schema>()): string[] {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  if (schema.$ref) return unbounded(doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''], at, seen);
  const out: string[] = [];
  for (const alt of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) out.push(...unbounded(alt, at, seen));
  if (schema.enum || schema.const !== undefined) return out;
  if (has(schema, 'string') && schema.maxLength === undefined && !BOUNDED_FORMATS.has(schema.format ?? '')) out.push(`${at} (texte sans maxLength)`);
  if (has(schema, 'array')) {
    if (schema.maxItems === undefined && !schema.prefixItems) out.push(`${at} (liste sans maxItems)`);
    out.push(...unbounded(schema.items, `${at}[]`, seen));
    for (const [i, item] of (schema.prefixItems ?? []).entries()) out.push(...unbounded(item, `${at}[${i}]`, seen));
  }
  for (const [key, prop] of Object.entries(schema.properties ?? {})) out.push(...unbounded(prop, at ? `${at}.${key}` : key, seen));
  if (typeof schema.additionalProperties === 'object') out.push(...unbounded(schema.additionalProperties, `${at}.*`, seen));
  return out;
}

describe('input limits', () => {
  it('every string of a request body or query has a maxLength, every array a maxItems', () => {
    const gaps: string[] = [];
    let fields = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const route = `${method.toUpperCase()} ${path}`;
        for (const p of (op.parameters as { in: string; name: string; schema?: Schema }[] | undefined) ?? []) {
          if (p.in !== 'query') continue;
          fields++;
          gaps.push(...unbounded(p.schema, `${route} ?${p.name}`));
        }
        const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content ?? {};
        for (const [type, { schema }] of Object.entries(content)) {
          fields += Object.keys(schema?.properties ?? {}).length;
          gaps.push(...unbounded(schema, `${route} ${type === 'application/json' ? '' : `(${type}) `}`).map((g) => g.replace(/ {2}/, ' ')));
        }
      }
    }
    expect(fields).toBeGreaterThan(300);
    expect(gaps).toEqual([]);
  });
});

/**
 * A page's size is part of the contract: every `perPage` the document lists says its maximum, and
 * that maximum is the one the server holds to (the maximum is served, one more is a 422 on perPage),
 * so a client generated from the document never meets an undeclared limit.
 */
describe('page sizes', () => {
  type Param = { in: string; name: string; required?: boolean; schema?: Schema };
  const { sample } = openApiReader(() => (doc.components?.schemas ?? {}) as Record<string, DocSchema>);
  const pages = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, op]) =>
        ((op.parameters as Param[] | undefined) ?? [])
          .filter((p) => p.in === 'query' && p.name === 'perPage')
          .map((p) => ({
            route: `${method.toUpperCase()} ${path}`,
            path,
            schema: p.schema ?? {},
            required: (op.parameters as Param[]).filter((q) => q.in === 'query' && q.required && q.name !== 'perPage'),
          })),
      ),
    );

  it('every perPage declares a whole number from 1 to its maximum', () => {
    const listed = pages();
    expect(listed.length).toBeGreaterThan(60);
    const undeclared = listed
      .filter(({ schema }) => schema.type !== 'integer' || schema.minimum !== 1 || typeof schema.maximum !== 'number')
      .map((p) => p.route);
    expect(undeclared).toEqual([]);
  });

  it('the server serves the declared maximum and refuses one more with a 422 on perPage', async () => {
    const wrong: unknown[] = [];
    for (const { route, path, schema, required } of pages()) {
      // The route's other required parameters, each with a value its schema accepts.
      const others = required.map((q) => `&${q.name}=${encodeURIComponent(String(sample(q.schema as DocSchema)))}`).join('');
      const url = path.replace(/\{[^}]+\}/g, (name) => (name === '{year}' ? '2024' : '1'));
      const headers = path.startsWith(APP) ? app : staff;
      const at = await t.app.inject({ method: 'GET', url: `${url}?perPage=${schema.maximum}${others}`, headers });
      const over = await t.app.inject({ method: 'GET', url: `${url}?perPage=${(schema.maximum ?? 0) + 1}${others}`, headers });
      const seen = { route, atMaximum: at.statusCode === 422 ? at.json().errors : 'servi', over: [over.statusCode, Object.keys(over.json().errors ?? {})] };
      const wanted = { route, atMaximum: 'servi', over: [422, ['perPage']] };
      if (JSON.stringify(seen) !== JSON.stringify(wanted)) wrong.push({ seen, wanted, statuses: [at.statusCode, over.statusCode] });
      // A list the caller may not read, or a record that is not there, proves nothing about the size.
      if ([401, 403].includes(at.statusCode)) wrong.push({ route, unreachable: at.statusCode });
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
