import { MAX_VIEWS_PER_LIST, VIEWS_MSG } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/lib/auth/accounts.table';
import { savedViews } from '../../src/modules/views/views.table';
import { createTestApp, onPostgres, type TestContext } from '../support/helpers';

/**
 * Saved views: a user's views of a list, shared with the staff of his role; the list's
 * screen decides who may see them (404 otherwise); owner-only writes; the per-list limit; the default.
 */
let t: TestContext;
type H = { authorization: string };
let admin: H;
let admin2: H;
let chef: H;
let magasin: H;

beforeAll(async () => {
  t = await createTestApp();
  // A second administrator: a colleague of the same role.
  const [a] = await t.db.select().from(users).where(eq(users.email, 'admin@demo.tn'));
  const { id: _id, ...rest } = a;
  await t.db.insert(users).values({ ...rest, email: 'admin2@demo.tn', firstname: 'Yasmine', lastname: 'Ben Amor' });
  [admin, admin2, chef, magasin] = await Promise.all(['admin@demo.tn', 'admin2@demo.tn', 'chef@demo.tn', 'magasin@demo.tn'].map((e) => t.auth(e)));
});
afterAll(() => t?.close());

const STATE = { search: 'Sfax', sort: 'DATE_CMD', order: 'desc', perPage: 100, columns: ['REFERENCE', 'STATUS'], filters: { platform: 'web' } };
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: H, payload?: unknown) =>
  t.app.inject({ method, url: `/api/${url}`, headers, payload: payload as never });
const create = (headers: H, over: Record<string, unknown> = {}) =>
  call('POST', 'views', headers, { LIST: 'orders:orders', NAME: 'Commandes de Sfax', STATE, ...over });
const names = async (headers: H, list = 'orders:orders') => {
  const res = await call('GET', `views?list=${encodeURIComponent(list)}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { NAME: string }[]).map((v) => v.NAME);
};

describe('saved views', () => {
  it('saves a private view: its owner lists and reads it, a colleague of the same role does not', async () => {
    const res = await create(admin, { NAME: 'Privée admin' });
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json().data;
    expect(v).toMatchObject({ LIST: 'orders:orders', NAME: 'Privée admin', STATE, SHARED: false, MINE: true, IS_DEFAULT: false, OWNER: 'Amira Ben Salah' });
    expect(await names(admin)).toContain('Privée admin');
    expect(await names(admin2)).not.toContain('Privée admin');
    expect((await call('GET', `views/${v.ID}`, admin2)).statusCode).toBe(404);
  });

  it('a shared view is seen by the staff of the owner’s role only, and only on a screen the role may open', async () => {
    const v = (await create(admin, { NAME: 'Partagée admin', SHARED: true })).json().data;
    expect(await names(admin2)).toContain('Partagée admin');
    const seen = await call('GET', `views/${v.ID}`, admin2);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({ MINE: false, SHARED: true, OWNER: 'Amira Ben Salah', STATE });
    // A zone chief opens the orders screen, but the view is shared with administrators.
    const other = await call('GET', `views/${v.ID}`, chef);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(VIEWS_MSG.notFound);
    expect(await names(chef)).not.toContain('Partagée admin');
    // The warehouse may not open the orders screen: its views do not exist for him, even his own.
    expect((await call('GET', 'views?list=orders:orders', magasin)).statusCode).toBe(404);
    expect((await create(magasin, { NAME: 'Essai' })).statusCode).toBe(404);
    // His conversions list is his.
    expect((await create(magasin, { LIST: 'gift-conversions:conversions/gifts', NAME: 'Mes conversions' })).statusCode).toBe(201);
  });

  it('only the owner renames, updates, unshares or deletes; a colleague gets 403 on a view he sees, 404 on one he does not', async () => {
    const v = (await create(admin, { NAME: 'À renommer', SHARED: true })).json().data;
    const renamed = await call('PUT', `views/${v.ID}`, admin, { NAME: 'Renommée', STATE: { ...STATE, search: 'Sousse' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ NAME: 'Renommée', STATE: { search: 'Sousse' }, SHARED: true });
    expect((await call('PUT', `views/${v.ID}`, admin2, { NAME: 'Volée' })).statusCode).toBe(403);
    expect((await call('DELETE', `views/${v.ID}`, admin2)).statusCode).toBe(403);
    expect((await call('DELETE', `views/${v.ID}`, chef)).statusCode).toBe(404);
    expect((await call('PUT', `views/${v.ID}`, admin, { SHARED: false })).json().data.SHARED).toBe(false);
    expect(await names(admin2)).not.toContain('Renommée');
    expect((await call('DELETE', `views/${v.ID}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `views/${v.ID}`, admin)).statusCode).toBe(404);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const before = (await t.db.select().from(savedViews)).length;
    const bad: Record<string, unknown>[] = [
      { NAME: '' },
      { NAME: 'x'.repeat(81) },
      { LIST: 'nulle-part:orders' },
      { LIST: 'orders:<script>' },
      { STATE: { ...STATE, page: 3 } },
      { STATE: { ...STATE, perPage: '50' } },
      { STATE: { ...STATE, perPage: 501 } },
      { STATE: { ...STATE, order: 'up' } },
      { STATE: { ...STATE, columns: [] } },
      { STATE: { ...STATE, columns: ['a b'] } },
      { SHARED: 'true' },
      { OWNER_ID: 1 },
    ];
    for (const over of bad) {
      const res = await create(admin, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(res.json().success).toBe(false);
    }
    expect((await call('PUT', 'views/1', admin, {})).statusCode).toBe(422);
    expect((await call('GET', 'views?list=inconnue', admin)).statusCode).toBe(422);
    expect((await t.db.select().from(savedViews)).length).toBe(before);
  });

  it('one name per owner and list (any case); two owners may use the same name', async () => {
    expect((await create(admin, { NAME: 'Doublon' })).statusCode).toBe(201);
    const dup = await create(admin, { NAME: 'DOUBLON' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.NAME).toEqual([VIEWS_MSG.duplicate]);
    expect((await create(admin2, { NAME: 'Doublon' })).statusCode).toBe(201);
    expect((await create(admin, { NAME: 'Doublon', LIST: 'clients:clients' })).statusCode).toBe(201);
  });

  it('sets, replaces and removes my default view; a colleague’s shared view may be my default; it goes when the view goes', async () => {
    const mine = (await create(admin2, { NAME: 'Défaut perso', DEFAULT: true })).json().data;
    expect(mine.IS_DEFAULT).toBe(true);
    const shared = (await create(admin, { NAME: 'Défaut partagé', SHARED: true })).json().data;
    const set = await call('PUT', 'views/default', admin2, { LIST: 'orders:orders', ID: shared.ID });
    expect(set.statusCode, set.body).toBe(200);
    const list = (await call('GET', 'views?list=orders:orders', admin2)).json().data as { ID: number; IS_DEFAULT: boolean }[];
    expect(list.filter((v) => v.IS_DEFAULT).map((v) => v.ID)).toEqual([shared.ID]);
    // The owner's own default is his own business.
    expect((await call('GET', `views/${shared.ID}`, admin)).json().data.IS_DEFAULT).toBe(false);
    // A view of another list, or one I may not see, is no default of this list.
    const clientsView = (await create(admin2, { NAME: 'Clients', LIST: 'clients:clients' })).json().data;
    expect((await call('PUT', 'views/default', admin2, { LIST: 'orders:orders', ID: clientsView.ID })).statusCode).toBe(404);
    expect((await call('PUT', 'views/default', chef, { LIST: 'orders:orders', ID: shared.ID })).statusCode).toBe(404);
    // Deleted by its owner: no default any more.
    await call('DELETE', `views/${shared.ID}`, admin);
    const after = (await call('GET', 'views?list=orders:orders', admin2)).json().data as { IS_DEFAULT: boolean }[];
    expect(after.some((v) => v.IS_DEFAULT)).toBe(false);
    await call('PUT', 'views/default', admin2, { LIST: 'orders:orders', ID: mine.ID });
    expect((await call('PUT', 'views/default', admin2, { LIST: 'orders:orders', ID: null })).statusCode).toBe(200);
    expect((await call('GET', `views/${mine.ID}`, admin2)).json().data.IS_DEFAULT).toBe(false);
  });

  it(`keeps at most ${MAX_VIEWS_PER_LIST} views per user and list${onPostgres ? ', also when saved all at once' : ''}`, async () => {
    const list = 'clients:clients#limite';
    const tries = MAX_VIEWS_PER_LIST + 5;
    const send = (i: number) => create(chef, { LIST: list, NAME: `Vue ${i}` });
    // On PostgreSQL the saves race (the advisory lock orders them); PGlite has one connection.
    const codes = onPostgres ? (await Promise.all(Array.from({ length: tries }, (_, i) => send(i)))).map((r) => r.statusCode) : [];
    if (!onPostgres) for (let i = 0; i < tries; i++) codes.push((await send(i)).statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_VIEWS_PER_LIST);
    const refused = await send(999);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(VIEWS_MSG.tooMany);
    expect(await names(chef, list)).toHaveLength(MAX_VIEWS_PER_LIST);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/views?list=orders:orders' })).statusCode).toBe(401);
  });
});
