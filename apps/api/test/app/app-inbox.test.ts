import { FLUX_MSG } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientActivities, clientCircuits } from '../../src/lib/clients/classification.table';
import { fluxReads } from '../../src/modules/flux/flux.table';
import { type AppClient, appClient } from '../support/app-clients';
import { APP } from '../support/app-helpers';
import { createTestApp, multipart, type TestContext } from '../support/helpers';

/** The app's inbox: the flux sent to the client, read state per user. */
let t: TestContext;
let admin: { authorization: string };
let a: AppClient;
let a2: AppClient;
let b: AppClient;
const sent: Record<string, number> = {};

const app = (who: AppClient, url: string, method: 'GET' | 'POST' = 'GET') => t.app.inject({ method, url: `${APP}/${url}`, headers: who.headers });

/** A flux sent by staff through the back-office's own call (its recipients written as the screen does). */
async function send(title: string, path: 'flux' | 'flux/activities', list: Record<string, string>) {
  const form = multipart({ TITLE: title, MESSAGE: `<p>${title} <strong>!</strong></p><script>x</script>`, ...list });
  const r = await t.app.inject({ method: 'POST', url: `/api/${path}`, payload: form.payload, headers: { ...admin, ...form.headers } });
  expect(r.statusCode).toBe(201);
  sent[title] = r.json().data.id;
}
const titles = (r: { json(): { data: { TITLE: string }[] } }) => r.json().data.map((n) => n.TITLE);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  const [circuit] = await t.db.insert(clientCircuits).values({ name: 'Circuit boîte' }).returning();
  const [cafe] = await t.db.insert(clientActivities).values({ name: 'Café', code: 'CAF-INBOX', circuitId: circuit.id }).returning();
  a = await appClient(t, 'INB-A', { isActive: 1, activityId: cafe.id });
  a2 = await appClient(t, 'INB-A', {}, 0, 'second');
  b = await appClient(t, 'INB-B', { isActive: 1 });
  await send('À tous', 'flux', { 'DESTINATION[0]': String(a.clientId), 'DESTINATION[1]': String(b.clientId) });
  await send('Aux cafés', 'flux/activities', { 'ACTIVITIES[0]': String(cafe.id) });
  await send('Pour B', 'flux', { 'DESTINATION[0]': String(b.clientId) });
  await send('Pour A', 'flux', { 'DESTINATION[0]': String(a.clientId) });
});
afterAll(() => t?.close());

describe('GET notifications', () => {
  it('lists the flux sent to the client (chosen, by activity), newest first, unread, with the cleaned message', async () => {
    const r = await app(a, 'notifications');
    expect(r.statusCode).toBe(200);
    expect(titles(r)).toEqual(['Pour A', 'Aux cafés', 'À tous']);
    expect(r.json().meta).toMatchObject({ total: 3, current_page: 1 });
    const [first] = r.json().data;
    expect(first).toMatchObject({ ID: sent['Pour A'], READ: false, READ_AT: null, IMAGE: null, MESSAGE_TEXT: expect.stringContaining('Pour A') });
    expect(first.MESSAGE).not.toContain('<script>');
    // Another client's notifications are never listed.
    expect(titles(await app(b, 'notifications'))).toEqual(['Pour B', 'À tous']);
  });

  it('pages', async () => {
    const r = (await app(a, 'notifications?page=2&perPage=2')).json();
    expect(r.data.map((n: { TITLE: string }) => n.TITLE)).toEqual(['À tous']);
    expect(r.meta).toMatchObject({ total: 3, last_page: 2, current_page: 2, per_page: 2 });
  });
});

describe('read state, per user', () => {
  it('marks one read for this user: READ in the list, the unread count down, the first date kept on a second call', async () => {
    expect((await app(a, 'notifications/unread-count')).json().data).toEqual({ count: 3 });
    const r = await app(a, `notifications/${sent['Aux cafés']}/read`, 'POST');
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ ID: sent['Aux cafés'], READ: true, UNREAD: 2 });
    const again = await app(a, `notifications/${sent['Aux cafés']}/read`, 'POST');
    expect(again.json().data.READ_AT).toBe(r.json().data.READ_AT);
    const list = (await app(a, 'notifications')).json().data;
    expect(list.map((n: { TITLE: string; READ: boolean }) => [n.TITLE, n.READ])).toEqual([
      ['Pour A', false],
      ['Aux cafés', true],
      ['À tous', false],
    ]);
    expect(titles(await app(a, 'notifications?unread=true'))).toEqual(['Pour A', 'À tous']);
    expect((await app(a, 'notifications/unread-count')).json().data).toEqual({ count: 2 });
    // The shop's other user has read nothing yet.
    expect((await app(a2, 'notifications/unread-count')).json().data).toEqual({ count: 3 });
    expect((await app(a2, 'notifications')).json().data.every((n: { READ: boolean }) => !n.READ)).toBe(true);
  });

  it('404 for a notification sent to another client or unknown, and nothing is marked', async () => {
    const r = await app(a, `notifications/${sent['Pour B']}/read`, 'POST');
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe(FLUX_MSG.notificationUnknown);
    expect(
      await t.db
        .select()
        .from(fluxReads)
        .where(and(eq(fluxReads.userId, a.userId), eq(fluxReads.fluxId, sent['Pour B']))),
    ).toHaveLength(0);
    expect((await app(a, 'notifications/999999/read', 'POST')).statusCode).toBe(404);
    expect((await app(a, 'notifications/abc/read', 'POST')).statusCode).toBe(422);
    expect((await app(b, 'notifications/unread-count')).json().data).toEqual({ count: 2 });
  });

  it('a deleted notification leaves the inbox and its read marks with it', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: `/api/flux/${sent['Aux cafés']}`, headers: admin })).statusCode).toBe(200);
    expect(titles(await app(a, 'notifications'))).toEqual(['Pour A', 'À tous']);
    expect(await t.db.select().from(fluxReads).where(eq(fluxReads.fluxId, sent['Aux cafés']))).toHaveLength(0);
  });
});
