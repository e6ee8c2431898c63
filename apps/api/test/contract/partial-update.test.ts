import { MSG } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/app';
import { seedDemoIfEmpty } from '../../src/modules';
import { solidPng } from '../../src/lib/png';
import { users } from '../../src/lib/auth/accounts.table';
import { createTestApp, DEMO_PASSWORD, multipart, onPostgres, type TestContext } from '../support/helpers';

/**
 * `PUT /api/{resource}/{id}` accepts any subset of the fields (docs/api.md › Partial updates). Walked from the
 * route table: every generic update (config.partialUpdateOf) gets ONE field changed on a demo row,
 * and answers 200 with that field changed and every other field as it was. A resource added
 * tomorrow fails here until it names the field to change below.
 */
const ONE_FIELD: Record<string, [string, string | number]> = {
  typeclients: ['NAME', 'Grossiste régional'],
  clients_circuits: ['DESCRIPTION', 'Circuit revu'],
  clients_activities: ['DESCRIPTION', 'Activité revue'],
  clients_categories: ['DESCRIPTION', 'Catégorie revue'],
  clients: ['OBSERVATIONS', 'Client revu'],
  badges: ['DESCRIPTION', 'Badge revu'],
  categories: ['LABEL', 'Catégorie revue'],
  sub_categories: ['LABEL', 'Gamme revue'],
  tarifs: ['REMISE', 25],
  products: ['LABEL', 'Produit revu'],
  brands: ['LABEL', 'Marque revue'],
  showProductPoint: ['points', 33],
  gifts: ['NAME', 'Cadeau revu'],
  startingGifts: ['NAME', 'Cadeau de bienvenue revu'],
  vochers: ['DESCRIPTION', 'Voucher revu'],
  coupons: ['EXPIRY_DATE', '2099-12-31'],
  ristournes: ['NAME', 'Palier revu'],
  sections: ['title_en', 'Reviewed section'],
  blocs: ['title_en', 'Reviewed block'],
  service: ['title_en', 'Reviewed service'],
  services: ['title_en', 'Reviewed home service'],
  tools: ['alt_logo', 'Logo revu'],
  gallery: ['TITLE', 'Photo revue'],
  contacts: ['CONTENT', 'Demande revue'],
  'chef-zone': ['GSM', '+21671000000'],
};

let t: TestContext;
let admin: Record<string, string>;
let updates: RouteEntry[];
beforeAll(async () => {
  t = await createTestApp();
  await t.db.delete(users);
  await seedDemoIfEmpty(t.db, DEMO_PASSWORD, t.app.storage.media);
  admin = await t.auth('admin@demo.tn');
  updates = t.app.routeTable.filter((r) => r.method === 'PUT' && r.options.config?.partialUpdateOf);
}, 180_000);
afterAll(() => t?.close());

const resourceOf = (r: RouteEntry) => r.options.config!.partialUpdateOf!;
const takesForm = (r: RouteEntry) => ((r.options.schema as { consumes?: string[] }).consumes ?? []).includes('multipart/form-data');
const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: admin })).json().data;
const put = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url, payload, headers: admin });
const putForm = (url: string, fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) => {
  const m = multipart(fields, file);
  return t.app.inject({ method: 'PUT', url, payload: m.payload, headers: { ...admin, ...m.headers } });
};
/** The record without the changed field. */
const others = (dto: Record<string, unknown>, field: string) => Object.fromEntries(Object.entries(dto).filter(([k]) => k !== field));

describe('PUT of one field, every generic resource', () => {
  it('the route table has a field to change for every generic update, and nothing more', () => {
    expect(updates.map(resourceOf).sort()).toEqual(Object.keys(ONE_FIELD).sort());
  });

  it('changes that field alone (JSON), and a form-data PUT without a file keeps the file', async () => {
    const failures: unknown[] = [];
    for (const route of updates) {
      const resource = resourceOf(route);
      const [field, value] = ONE_FIELD[resource];
      const [first] = await get(`/api/${resource}?page=1&perPage=1`);
      const url = route.url.replace(':id', String(first.id));
      const before = await get(`/api/${resource}/${first.id}`);
      const res = await put(url, { [field]: value });
      const after = await get(`/api/${resource}/${first.id}`);
      const seen = { resource, status: res.statusCode, errors: res.json().errors, value: after[field], others: others(after, field) };
      const wanted = { resource, status: 200, errors: undefined, value, others: others(before, field) };
      if (JSON.stringify(seen) !== JSON.stringify(wanted)) failures.push({ seen, wanted });
      if (!takesForm(route)) continue;
      const text = `${value} (formulaire)`;
      const form = await putForm(url, { [field]: text });
      const afterForm = await get(`/api/${resource}/${first.id}`);
      const seenForm = { resource, status: form.statusCode, value: afterForm[field], MEDIA: afterForm.MEDIA };
      const wantedForm = { resource, status: 200, value: text, MEDIA: before.MEDIA };
      if (JSON.stringify(seenForm) !== JSON.stringify(wantedForm)) failures.push({ seen: seenForm, wanted: wantedForm });
    }
    expect(failures).toEqual([]);
    expect(updates.filter(takesForm).length).toBeGreaterThan(5);
  }, 120_000);
});

describe('the merged record is what is checked', () => {
  const firstOf = async (resource: string) => (await get(`/api/${resource}?page=1&perPage=1`))[0];

  it('a price list whose new end is before its stored start: 422 on MENDDAT, nothing changed', async () => {
    const tarif = await firstOf('tarifs');
    const res = await put(`/api/tarifs/${tarif.id}`, { MENDDAT: '2000-01-01' });
    expect([res.statusCode, res.json().errors]).toEqual([422, { MENDDAT: [MSG.periodOrder] }]);
    expect(await get(`/api/tarifs/${tarif.id}`)).toEqual(tarif);
  });

  it('a product-points period whose new start is after its stored end: 422, nothing changed', async () => {
    const period = await firstOf('showProductPoint');
    const res = await put(`/api/products/updateProductPoint/${period.id}`, { DATE_DEBUT: '2090-01-01' });
    expect([res.statusCode, res.json().errors]).toEqual([422, { DATE_FIN: [MSG.periodOrder] }]);
    expect(await get(`/api/showProductPoint/${period.id}`)).toEqual(period);
  });

  it('a required field sent empty or null is refused; an absent one is not asked for', async () => {
    const tarif = await firstOf('tarifs');
    const empty = await put(`/api/tarifs/${tarif.id}`, { ARTICLE: '' });
    expect([empty.statusCode, empty.json().errors]).toEqual([422, { ARTICLE: [MSG.required] }]);
    const client = await firstOf('clients');
    const nulled = await put(`/api/clients/${client.id}`, { NAME: null });
    expect(nulled.statusCode).toBe(422);
    expect(Object.keys(nulled.json().errors)).toEqual(['NAME']);
    expect(await get(`/api/tarifs/${tarif.id}`)).toEqual(tarif);
  });

  it('PUT tarifs {REMISE: 25} (the issue’s own call) changes the discount alone', async () => {
    const tarif = (await get('/api/tarifs?page=1&perPage=2'))[1];
    const res = await put(`/api/tarifs/${tarif.id}`, { REMISE: 25 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ...tarif, REMISE: 25 });
  });

  it('two PUTs at once, each valid alone, that together break start ≤ end: the second sees the first (row lock) and is refused', async () => {
    const tarif = (await get('/api/tarifs?page=1&perPage=3'))[2];
    await put(`/api/tarifs/${tarif.id}`, { MSTRDAT: '2030-01-01', MENDDAT: '2030-12-31' });
    const [a, b] = await Promise.all([put(`/api/tarifs/${tarif.id}`, { MSTRDAT: '2030-10-01' }), put(`/api/tarifs/${tarif.id}`, { MENDDAT: '2030-03-31' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    const after = await get(`/api/tarifs/${tarif.id}`);
    expect(after.MSTRDAT <= after.MENDDAT).toBe(true);
  });

  it(`two PUTs of different fields at once both stay (${onPostgres ? 'PostgreSQL: concurrent' : 'PGlite: one after the other'})`, async () => {
    const tarif = (await get('/api/tarifs?page=1&perPage=4'))[3];
    const url = `/api/tarifs/${tarif.id}`;
    for (let i = 1; i <= 5; i++) {
      const replies = await Promise.all([put(url, { REMISE: 10 + i }), put(url, { DESCRIPTION: `Remise ${i}` }), put(url, { PHT: 100 + i })]);
      expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(await get(url)).toMatchObject({ REMISE: 10 + i, DESCRIPTION: `Remise ${i}`, PHT: 100 + i });
    }
  });
});

describe('company details and configuration entries take partial updates too', () => {
  it('PUT settings {EMAIL} alone: 200, the other details kept; a bad e-mail alone is 422', async () => {
    const before = await get('/api/settings');
    const res = await put('/api/settings', { EMAIL: 'contact@nouveau.tn' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ...before, EMAIL: 'contact@nouveau.tn' });
    const bad = await put('/api/settings', { EMAIL: 'pas-un-mail' });
    expect([bad.statusCode, Object.keys(bad.json().errors)]).toEqual([422, ['EMAIL']]);
    expect(await get('/api/settings')).toEqual({ ...before, EMAIL: 'contact@nouveau.tn' });
  });

  it('PUT configs/{id} {NAME} alone keeps the description', async () => {
    const entry = (await get('/api/configs')).find((c: { FILE: unknown }) => c.FILE);
    const res = await put(`/api/configs/${entry.id}`, { NAME: 'Conditions 2027' });
    expect([res.statusCode, res.json().data]).toEqual([200, { ...entry, NAME: 'Conditions 2027' }]);
  });
});

describe('POST gallery with the spec’s fields only (no TYPE)', () => {
  const png = solidPng(6, 6, [20, 120, 200]);
  it('a file makes an image item, a link a video item', async () => {
    const photo = multipart({ POSITION: '1', TITLE: 'Atelier', LINK: '' }, { field: 'file', name: 'atelier.png', type: 'image/png', content: png });
    const image = await t.app.inject({ method: 'POST', url: '/api/gallery', payload: photo.payload, headers: { ...admin, ...photo.headers } });
    expect([image.statusCode, image.json().data?.TYPE, image.json().data?.MEDIA?.mime_type]).toEqual([201, 'image', 'image/png']);
    const link = multipart({ POSITION: '2', TITLE: 'Démo vidéo', LINK: 'https://www.youtube.com/watch?v=xyz' });
    const video = await t.app.inject({ method: 'POST', url: '/api/gallery', payload: link.payload, headers: { ...admin, ...link.headers } });
    expect([video.statusCode, video.json().data?.TYPE, video.json().data?.LINK]).toEqual([201, 'video', 'https://www.youtube.com/watch?v=xyz']);
    const json = await t.app.inject({ method: 'POST', url: '/api/gallery', payload: { TITLE: 'Démo JSON', LINK: 'https://vimeo.com/1' }, headers: admin });
    expect([json.statusCode, json.json().data?.TYPE]).toEqual([201, 'video']);
  });
});

describe('form-data PUT with a file', () => {
  const png = solidPng(8, 8, [200, 160, 20]);
  const file = (name: string) => ({ field: 'file', name, type: 'image/png', content: png });

  it('a field and a new file: the field changes and the file takes the old one’s place', async () => {
    const [badge] = await get('/api/badges?page=1&perPage=1');
    const res = await putForm(`/api/badges/${badge.id}`, { DESCRIPTION: 'Avec image neuve' }, file('neuve.png'));
    expect(res.statusCode).toBe(200);
    const after = await get(`/api/badges/${badge.id}`);
    expect([after.DESCRIPTION, after.MEDIA.file_name, after.MEDIA.id === badge.MEDIA.id]).toEqual(['Avec image neuve', 'neuve.png', false]);
    expect((await t.app.inject({ method: 'GET', url: badge.MEDIA.original_url })).statusCode).toBe(404);
  });

  it('a file for a gift that is a voucher is refused, nothing changed', async () => {
    const voucher = (await get('/api/gifts')).find((g: { TYPE: string }) => g.TYPE === 'voucher');
    const res = await putForm(`/api/gifts/${voucher.id}`, { NAME: 'Bon illustré' }, file('bon.png'));
    expect(res.statusCode).toBe(422);
    expect(await get(`/api/gifts/${voucher.id}`)).toEqual(voucher);
  });
});
