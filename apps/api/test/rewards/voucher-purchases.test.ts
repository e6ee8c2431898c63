import { VOUCHER_MSG } from '@app/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/lib/audit/audit.table';
import { users } from '../../src/lib/auth/accounts.table';
import { clients } from '../../src/lib/clients/clients.table';
import { voucherPurchases } from '../../src/modules/rewards/vouchers.table';
import { createTestApp, type TestContext } from '../support/helpers';

/** Clients' vouchers and their consumption, through the real app. */
let t: TestContext;
let admin: { authorization: string };
let clientA: number;
let clientB: number;
let ids: number[];
let qr: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });
const client = async (id: number) => (await t.db.select().from(clients).where(eq(clients.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  // Client A holds a 2025 rebate of 150 DT, not consumed yet: the detail page's cards read these.
  [{ id: clientA }] = await t.db
    .insert(clients)
    .values({ code: 'C-VCH-A', name: 'Épicerie Ennour', ristourneN1: '150.000', ristourneReste: '150.000' })
    .returning();
  [{ id: clientB }] = await t.db.insert(clients).values({ code: 'C-VCH-B', name: 'Kiosque Lafayette' }).returning();
  const rows = await t.db
    .insert(voucherPurchases)
    .values([
      { voucherRef: 'RIST-2025-000001', clientId: clientA, ristourneYear: 2025, soldeUsed: '150.000', qrcode: 'qr-a-1-xxxxxxxxxxxxxxxxxxxxxxxxxx' },
      { voucherRef: 'VCH-2026-000001', clientId: clientA, soldeUsed: '20.000', qrcode: 'qr-a-2-xxxxxxxxxxxxxxxxxxxxxxxxxx' },
      { voucherRef: 'VCH-2026-000002', clientId: clientA, soldeUsed: '20.000', qrcode: 'qr-a-3-xxxxxxxxxxxxxxxxxxxxxxxxxx' },
      { voucherRef: 'VCH-2026-000003', clientId: clientB, soldeUsed: '20.000', qrcode: 'qr-b-1-xxxxxxxxxxxxxxxxxxxxxxxxxx' },
    ])
    .returning();
  ids = rows.map((r) => r.id);
  qr = rows[2].qrcode;
});
afterAll(() => t.close());

describe('vocher-purchases', () => {
  it("lists a client's vouchers by code, and every voucher searched by client code", async () => {
    const mine = (await call('GET', 'vocher-purchases/client/c-vch-a')).json().data;
    expect(mine.map((v: { VOCHER_REF: string; STATUS: number }) => [v.VOCHER_REF, v.STATUS])).toEqual([
      ['RIST-2025-000001', 0],
      ['VCH-2026-000001', 0],
      ['VCH-2026-000002', 0],
    ]);
    expect(mine[0]).toMatchObject({ SOLDE_USED: 150, ORIGIN: 'ristourne', CODE_CLIENT: 'C-VCH-A' });
    expect((await call('GET', 'vocher-purchases/client/INCONNU')).statusCode).toBe(404);
    const found = (await call('GET', 'vocher-purchases/all?page=1&perPage=50&search=C-VCH-B')).json();
    expect(found.data.map((v: { VOCHER_REF: string }) => v.VOCHER_REF)).toEqual(['VCH-2026-000003']);
  });

  it('consumes nothing when one voucher is another client’s, or without a reason', async () => {
    const mixed = await call('POST', 'vocher-purchases/manualPurchase', { MANUAL_REASON: 'Remise en magasin', VOCHERS_PURCHASES: [ids[0], ids[3]] });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().message).toBe(VOUCHER_MSG.notClients('VCH-2026-000003'));
    const noReason = await call('POST', 'vocher-purchases/manualPurchase', { MANUAL_REASON: '  ', VOCHERS_PURCHASES: [ids[0]] });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.MANUAL_REASON).toEqual([VOUCHER_MSG.reasonRequired]);
    const rows = await t.db.select({ s: voucherPurchases.status }).from(voucherPurchases).where(inArray(voucherPurchases.id, ids));
    expect(rows.every((r) => r.s === 0)).toBe(true);
  });

  it('consumes two vouchers with the reason in one call; the rebate moves from remaining to consumed', async () => {
    const r = await call('POST', 'vocher-purchases/manualPurchase', { MANUAL_REASON: 'Remise sur facture F-2026-118', VOCHERS_PURCHASES: [ids[0], ids[1]] });
    expect(r.statusCode).toBe(200);
    for (const v of r.json().data)
      expect(v).toMatchObject({ STATUS: 1, SCAN: 0, MANUAL_REASON: 'Remise sur facture F-2026-118', SCAN_DATE: expect.any(String) });
    expect(await client(clientA)).toMatchObject({ ristourneN1: '150.000', ristourneReste: '0.000', ristourneConsumed: '150.000' });
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'vocher-purchases'));
    expect(trail).toHaveLength(1);
  });

  it('refuses a voucher already used (409, the status rule), naming it, and leaves the others available', async () => {
    const r = await call('POST', 'vocher-purchases/manualPurchase', { MANUAL_REASON: 'Deuxième essai', VOCHERS_PURCHASES: [ids[2], ids[1]] });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe(VOUCHER_MSG.alreadyUsed('VCH-2026-000001'));
    expect((await t.db.select({ s: voucherPurchases.status }).from(voucherPurchases).where(eq(voucherPurchases.id, ids[2])))[0].s).toBe(0);
  });

  it('consumes by a scan of the QR code once', async () => {
    expect((await call('POST', 'vocher-purchases/scan', { QRCODE: qr })).json().data).toMatchObject({ STATUS: 1, SCAN: 1 });
    expect((await call('POST', 'vocher-purchases/scan', { QRCODE: qr })).statusCode).toBe(409);
    expect((await call('POST', 'vocher-purchases/scan', { QRCODE: 'inconnu' })).statusCode).toBe(404);
  });

  it('puts a rebate voucher back to available, then deletes it with the client’s totals', async () => {
    expect((await call('PUT', `vocher-purchases/${ids[0]}`, { STATUS: 0 })).json().data).toMatchObject({ STATUS: 0, SCAN_DATE: null, MANUAL_REASON: null });
    expect(await client(clientA)).toMatchObject({ ristourneReste: '150.000', ristourneConsumed: '0.000' });
    expect((await call('DELETE', `vocher-purchases/all/${ids[0]}`)).statusCode).toBe(200);
    expect(await client(clientA)).toMatchObject({ ristourneN1: '0.000', ristourneReste: '0.000', ristourneConsumed: '0.000' });
  });

  it('lets a zone chief read his own clients’ vouchers only, and consume none; the warehouse sees none', async () => {
    const chef = await t.auth('chef@demo.tn');
    const [chefUser] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'chef@demo.tn'));
    await t.db.update(clients).set({ chefZoneId: chefUser.id }).where(eq(clients.id, clientB));
    const mine = (await call('GET', 'vocher-purchases/all?page=1', undefined, chef)).json();
    expect(mine.data.map((v: { CODE_CLIENT: string }) => v.CODE_CLIENT)).toEqual(['C-VCH-B']);
    expect((await call('GET', 'vocher-purchases/client/C-VCH-A', undefined, chef)).statusCode).toBe(404);
    expect((await call('GET', 'vocher-purchases/client/C-VCH-B', undefined, chef)).statusCode).toBe(200);
    expect((await call('POST', 'vocher-purchases/manualPurchase', { MANUAL_REASON: 'x', VOCHERS_PURCHASES: [ids[3]] }, chef)).statusCode).toBe(403);
    const magasin = await t.auth('magasin@demo.tn');
    expect((await call('GET', 'vocher-purchases/all?page=1', undefined, magasin)).statusCode).toBe(403);
  });
});
