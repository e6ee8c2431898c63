import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_API_PREFIX, APP_API_TAG } from '@app/domain';
import { createTestApp, type TestContext } from '../support/helpers';

/** /api/docs is the contract the mobile app and integrators generate clients from: every reply must be in it. */
let t: TestContext;
let doc: OpenApi;
let headers: Record<string, string>;

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
}
interface Operation {
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  t = await createTestApp();
  headers = await t.auth('admin@demo.tn');
  const r = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(r.statusCode).toBe(200);
  doc = r.json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
  );

describe('OpenAPI document', () => {
  it('gives every route a success reply schema and the error envelope', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const { route, op } of ops) {
      const success = op.responses['200'] ?? op.responses['201'] ?? op.responses['202'];
      const content = success?.content ? Object.values(success.content) : [];
      if (!content.length || !content.every((c) => c.schema && Object.keys(c.schema).length > 0)) missing.push(`${route}: succès`);
      const error = op.responses['4XX']?.content?.['application/json']?.schema;
      if (!error?.properties?.success || !error.properties.message || !error.required?.includes('message')) missing.push(`${route}: erreur`);
    }
    expect(missing).toEqual([]);
  });

  it('documents the envelope of a paged list: success, data, meta', () => {
    const list = doc.paths['/api/clients_circuits'].get.responses['200'].content!['application/json'].schema;
    expect(Object.keys(list.properties ?? {}).sort()).toEqual(['data', 'meta', 'success']);
    expect(Object.keys(list.properties!.meta.properties ?? {}).sort()).toEqual(['current_page', 'last_page', 'per_page', 'total']);
    const exported = doc.paths['/api/clients_circuits/export/{format}'].get.responses['200'].content!;
    expect(Object.keys(exported).sort()).toEqual([
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'text/csv; charset=utf-8',
    ]);
  });

  it('documents exactly the fields each list returns', async () => {
    const call = (method: 'POST' | 'GET', url: string, payload?: object) => t.app.inject({ method, url: `/api/${url}`, payload, headers });
    const circuit = (await call('POST', 'clients_circuits', { NAME: 'Traditionnel', DESCRIPTION: 'Épiceries' })).json().data;
    const activity = (await call('POST', 'clients_activities', { NAME: 'Boulangerie', CODE: 'BOUL', CIRCUIT: circuit.id })).json().data;
    await call('POST', 'clients_categories', { NAME: 'Premium', ACTIVITE: activity.id });
    await call('POST', 'typeclients', { NAME: 'Grossiste' });
    for (const resource of ['clients_circuits', 'clients_activities', 'clients_categories', 'typeclients']) {
      const reply = (await call('GET', `${resource}?page=1`)).json();
      expect(reply.data.length).toBeGreaterThan(0);
      const item = doc.paths[`/api/${resource}`].get.responses['200'].content!['application/json'].schema.properties!.data.items!;
      const documented = Object.keys(item.properties ?? {}).sort();
      expect([resource, Object.keys(reply.data[0]).sort()]).toEqual([resource, documented]);
      expect([resource, [...(item.required ?? [])].sort()]).toEqual([resource, documented]);
      const one = doc.paths[`/api/${resource}/{id}`].get.responses['200'].content!['application/json'].schema.properties!.data;
      expect([resource, Object.keys(one.properties ?? {}).sort()]).toEqual([resource, documented]);
    }
  });

  it('documents every route of the mobile app under its tag, with a French summary, the app bearer (none when public) and an example', () => {
    const raw = doc as unknown as { paths: Record<string, Record<string, Record<string, unknown>>>; components: { securitySchemes: Record<string, unknown> } };
    expect(Object.keys(raw.components.securitySchemes).sort()).toEqual(['appBearer', 'bearer']);
    const gaps: string[] = [];
    let n = 0;
    for (const [path, methods] of Object.entries(raw.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const isApp = path.startsWith(`${APP_API_PREFIX}/`);
        const tagged = JSON.stringify(op.tags ?? []) === JSON.stringify([APP_API_TAG]);
        const route = `${method.toUpperCase()} ${path}`;
        if (tagged !== isApp) gaps.push(`${route}: étiquette ${JSON.stringify(op.tags)}`);
        if (!isApp) continue;
        n++;
        const security = JSON.stringify(op.security);
        if (security !== '[]' && security !== JSON.stringify([{ appBearer: [] }])) gaps.push(`${route}: sécurité ${security}`);
        if (typeof op.summary !== 'string' || op.summary.length < 10) gaps.push(`${route}: résumé`);
        // An example of the request (body) or of the success reply, as the app's developers read them.
        if (!JSON.stringify(op).includes('"example"')) gaps.push(`${route}: exemple`);
      }
    }
    expect(n).toBeGreaterThan(0);
    expect(gaps).toEqual([]);
  });
});
