import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SYNC_MSG, type SyncRun } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, tarifs } from '../../src/modules/catalogue/catalogue.table';
import { clients } from '../../src/lib/clients/clients.table';
import { pointsLedger, pointsLots } from '../../src/modules/loyalty/points.table';
import { media } from '../../src/lib/media/media.table';
import { orderItems, orders } from '../../src/modules/orders/orders.table';
import { createTestApp, multipart, type TestContext } from '../support/helpers';
import { cp1252, PRODUCTS_CSV, syncFixtures } from '../support/sync-fixtures';

/** The ERP synchronisations through the real app, its job engine and database. */
let t: TestContext;
let admin: { authorization: string };
let syncDir: string;
let fx: Awaited<ReturnType<typeof syncFixtures>>;

async function until<T>(fn: () => Promise<T>, done: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 150));
  }
}
const runOf = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/sync/runs/${id}`, headers: admin })).json().data as SyncRun;
const finished = (id: number) =>
  until(
    () => runOf(id),
    (r) => r.RESULT !== 'running',
  );

/** POST {path} with a file (and `dryRun`), then the finished run. */
async function upload(path: string, name: string, content: Buffer | string, dryRun = false) {
  const body = multipart(dryRun ? { dryRun: '1' } : {}, { name, type: 'text/csv', content: Buffer.isBuffer(content) ? content : Buffer.from(content) });
  const r = await t.app.inject({ method: 'POST', url: `/api/${path}`, payload: body.payload, headers: { ...admin, ...body.headers } });
  expect(r.statusCode, r.body).toBe(202);
  return finished(r.json().data.id);
}
const count = async (table: typeof products | typeof orders | typeof tarifs | typeof pointsLedger | typeof media) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

beforeAll(async () => {
  syncDir = mkdtempSync(path.join(os.tmpdir(), 'bo-sync-'));
  t = await createTestApp({ env: { SYNC_DIR: syncDir } });
  admin = await t.auth('admin@demo.tn');
  fx = await syncFixtures(t.db);
});
afterAll(async () => {
  await t.close();
  rmSync(syncDir, { recursive: true, force: true });
});

describe('products', () => {
  it('refuses a zone chief (403) and says when the file is not in SYNC_DIR (422)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/syncProductsFromCSV', headers: await t.auth('chef@demo.tn') })).statusCode).toBe(403);
    const r = await t.app.inject({ method: 'GET', url: '/api/syncProductsFromCSV', headers: admin });
    expect(r.statusCode).toBe(422);
    expect(r.json().message).toBe(SYNC_MSG.fileMissing('products.csv'));
  });

  it('a dry run « Vérifier » reports without applying', async () => {
    writeFileSync(path.join(syncDir, 'products.csv'), PRODUCTS_CSV);
    const r = await t.app.inject({ method: 'GET', url: '/api/syncProductsFromCSV?dryRun=1', headers: admin });
    expect(r.statusCode).toBe(202);
    const run = await finished(r.json().data.id);
    expect(run).toMatchObject({ RESULT: 'checked', DRY_RUN: true, TOTAL: 3, INSERTED: 2, UPDATED: 0, UNCHANGED: 1, REJECTED: 0, FILE_NAME: 'products.csv' });
    expect(run.SHA256).toMatch(/^[0-9a-f]{64}$/);
    expect(await count(products)).toBe(1);
  });

  it('a good file from SYNC_DIR inserts, updates and leaves the same rows alone, by REF', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/syncProductsFromCSV', headers: admin });
    const run = await finished(r.json().data.id);
    expect(run).toMatchObject({ RESULT: 'success', TOTAL: 3, INSERTED: 2, UPDATED: 0, UNCHANGED: 1, REJECTED: 0, USER_EMAIL: 'admin@demo.tn' });
    const [lait] = await t.db.select().from(products).where(eq(products.ref, 'DEMO-LAIT-1L'));
    expect(lait).toMatchObject({ label: 'Lait demi-écrémé 1 L', labelAr: 'حليب', priceHt: '1.150', priceTtc: '1.369', qte: 500, points: 2 });
    expect(lait.brandId).not.toBeNull();
    // Again, with one price changed: one update, the rest unchanged.
    const again = await upload('syncProductsFromCSV', 'produits.csv', PRODUCTS_CSV.replace('20;23,800', '21;24,990'));
    expect(again).toMatchObject({ RESULT: 'success', INSERTED: 0, UPDATED: 1, UNCHANGED: 2, FILE_NAME: 'produits.csv' });
    const [grains] = await t.db.select().from(products).where(eq(products.ref, 'CAF-0002'));
    expect(grains.priceTtc).toBe('24.990');
  });

  it('a file with bad rows applies nothing and names each line, field and message', async () => {
    const bad = [
      'REF;LABEL;LABEL_AR;CODE_CATEGORIE;PRICE_HT;PRICE_TTC;QTE',
      'NEW-1;Nouveau;جديد;CAF;1;2;3',
      'NEW-2;Prix;جديد;CAF;5;4;3',
      'NEW-3;Catégorie;جديد;XXX;1;2;3',
      'NEW-1;Doublon;جديد;CAF;1;2;3',
    ].join('\n');
    const run = await upload('syncProductsFromCSV', 'bad.csv', bad);
    expect(run).toMatchObject({ RESULT: 'rejected', REJECTED: 3, TOTAL: 4 });
    expect(run.REJECTIONS).toEqual([
      { line: 3, field: 'PRICE_TTC', message: 'Le prix TTC doit être supérieur ou égal au prix HT.' },
      { line: 4, field: 'CODE_CATEGORIE', message: SYNC_MSG.unknownCategory },
      { line: 5, field: 'REF', message: SYNC_MSG.duplicate(2) },
    ]);
    expect((await t.db.select().from(products).where(eq(products.ref, 'NEW-1'))).length).toBe(0);
    const missing = await upload('syncProductsFromCSV', 'cols.csv', 'REF;LABEL\nX;Y');
    expect(missing.RESULT).toBe('rejected');
    expect(missing.REJECTIONS.map((x) => x.field)).toEqual(['CODE_CATEGORIE', 'LABEL_AR', 'PRICE_HT', 'PRICE_TTC', 'QTE']);
  });

  it('reads UTF-8 with a BOM and `,`, and Windows-1252 with `;`', async () => {
    const bom = await upload(
      'syncProductsFromCSV',
      'bom.csv',
      `\uFEFFREF,LABEL,LABEL_AR,CODE_CATEGORIE,PRICE_HT,PRICE_TTC,QTE\nENC-1,"Thé vert, 100 g",شاي,CAF,1.5,1.785,4\n`,
    );
    expect(bom).toMatchObject({ RESULT: 'success', INSERTED: 1 });
    const ansi = await upload(
      'syncProductsFromCSV',
      'ansi.csv',
      cp1252('REF;LABEL;LABEL_AR;CODE_CATEGORIE;PRICE_HT;PRICE_TTC;QTE\r\nENC-2;Crème brûlée’s 1€;x;CAF;1;1;1\r\n'),
    );
    expect(ansi).toMatchObject({ RESULT: 'success', INSERTED: 1 });
    const rows = await t.db.select({ ref: products.ref, label: products.label }).from(products).where(sql`${products.ref} like 'ENC-%'`).orderBy(products.ref);
    expect(rows).toEqual([
      { ref: 'ENC-1', label: 'Thé vert, 100 g' },
      { ref: 'ENC-2', label: 'Crème brûlée’s 1€' },
    ]);
  });

  it('a second LANCER while one runs answers 409', async () => {
    const lines = ['REF;LABEL;LABEL_AR;CODE_CATEGORIE;PRICE_HT;PRICE_TTC;QTE'];
    for (let i = 0; i < 30_000; i++) lines.push(`BULK-${i};Produit ${i};منتج;CAF;1;1.19;${i % 50}`);
    writeFileSync(path.join(syncDir, 'products.csv'), lines.join('\n'));
    const first = await t.app.inject({ method: 'GET', url: '/api/syncProductsFromCSV', headers: admin });
    expect(first.statusCode).toBe(202);
    const second = await t.app.inject({ method: 'GET', url: '/api/syncProductsFromCSV', headers: admin });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(SYNC_MSG.running('products'));
    const run = await finished(first.json().data.id);
    expect(run).toMatchObject({ RESULT: 'success', INSERTED: 30_000 });
  }, 120_000);
});

describe('clients, remises, tarifs', () => {
  it('clients upsert by CODE_CLIENT with their classification by name (activity by code)', async () => {
    const csv = [
      'CODE_CLIENT;NAME;TYPE_CLIENT;CIRCUIT;ACTIVITE;CATEGORY;GSM;GOUVERNORAT;LATITUDE;IS_ACTIVE',
      'C000001;Épicerie Ennasr;Détaillant;Traditionnel;EPG;Épicerie A;22123456;Tunis;36,8065;1',
      'ERP-1;Superette El Manar;;Moderne;;;98765432;Ariana;;0',
    ].join('\n');
    const run = await upload('syncClientsFromCSV', 'clients.csv', csv);
    expect(run).toMatchObject({ RESULT: 'success', INSERTED: 1, UPDATED: 1, UNCHANGED: 0 });
    const [c1] = await t.db.select().from(clients).where(eq(clients.code, 'C000001'));
    expect(c1).toMatchObject({ gsm: '22123456', gouvernorat: 'Tunis', latitude: '36.806500' });
    expect(c1.typeClientId).not.toBeNull();
    expect(c1.categoryId).not.toBeNull();
    const [erp] = await t.db.select().from(clients).where(eq(clients.code, 'ERP-1'));
    expect(erp).toMatchObject({ name: 'Superette El Manar', isActive: 0, activityId: null });
    const bad = await upload('syncClientsFromCSV', 'clients.csv', 'CODE_CLIENT;NAME;ACTIVITE;GSM\nERP-2;X;ZZZ;22123456\nERP-3;Y;;12');
    expect(bad).toMatchObject({ RESULT: 'rejected', REJECTED: 2 });
    expect(bad.REJECTIONS).toEqual([
      { line: 2, field: 'ACTIVITE', message: SYNC_MSG.unknownActivity },
      { line: 3, field: 'GSM', message: 'Le numéro doit contenir exactement 8 caractères (chiffres ou +).' },
    ]);
    expect((await t.db.select().from(clients).where(eq(clients.code, 'ERP-2'))).length).toBe(0);
  });

  it('remises fill REMISE_GLOBAL, REMISE_N and REMISE_N_1 of known clients only', async () => {
    const run = await upload('syncRemisesFromCSV', 'remises.csv', 'CODE_CLIENT;REMISE_GLOBAL;REMISE_N;REMISE_N_1\nc000001;120,500;80;40,5\nC000002;0;0;0');
    expect(run).toMatchObject({ RESULT: 'success', UPDATED: 1, UNCHANGED: 1, INSERTED: 0 });
    const [c1] = await t.db.select().from(clients).where(eq(clients.id, fx.c1));
    expect([c1.remiseGlobal, c1.remiseN, c1.remiseN1]).toEqual(['120.500', '80.000', '40.500']);
    const bad = await upload('syncRemisesFromCSV', 'remises.csv', 'CODE_CLIENT;REMISE_GLOBAL\nINCONNU;1\nC000002;1,2345');
    expect(bad.REJECTIONS).toEqual([
      { line: 2, field: 'CODE_CLIENT', message: SYNC_MSG.unknownClient },
      { line: 3, field: 'REMISE_GLOBAL', message: 'Nombre invalide : chiffres uniquement, avec au plus 3 décimales.' },
    ]);
  });

  it('tarifs upsert by product, circuit and first day', async () => {
    const csv = 'ARTICLE;CIRCUIT;MSTRDAT;MENDDAT;REMISE;PHT\nCAF-0001;Traditionnel;01/01/2025;31/12/2025;5;6\nCAF-0001;Moderne;2025-01-01;2025-06-30;7,5;5,8';
    expect(await upload('syncTarifsFromCSV', 'tarifs.csv', csv)).toMatchObject({ RESULT: 'success', INSERTED: 2 });
    const again = await upload('syncTarifsFromCSV', 'tarifs.csv', csv.replace('7,5;5,8', '8;5,8'));
    expect(again).toMatchObject({ RESULT: 'success', INSERTED: 0, UPDATED: 1, UNCHANGED: 1 });
    const rows = await t.db.select().from(tarifs).where(eq(tarifs.productId, fx.productId)).orderBy(tarifs.remise);
    expect(rows.map((r) => [r.remise, r.startDate, r.endDate])).toEqual([
      ['5.000', '2025-01-01', '2025-12-31'],
      ['8.000', '2025-01-01', '2025-06-30'],
    ]);
    const bad = await upload(
      'syncTarifsFromCSV',
      'tarifs.csv',
      'ARTICLE;CIRCUIT;MSTRDAT;MENDDAT;REMISE;PHT\nNOPE;Traditionnel;2025-01-01;2025-01-31;5;6\nCAF-0001;Traditionnel;2025-01-01;2024-01-01;5;6',
    );
    expect(bad.REJECTIONS).toEqual([
      { line: 2, field: 'ARTICLE', message: SYNC_MSG.unknownProduct },
      { line: 3, field: 'MENDDAT', message: 'La date de fin doit être postérieure ou égale à la date de début.' },
    ]);
  });
});

describe('invoices', () => {
  const lastYear = new Date().getFullYear() - 1;
  const csv = [
    'NUM_FACTURE;LIGNE;DATE_FACTURE;CODE_CLIENT;REF;QTE;PRIX_UNITAIRE_TTC',
    `FAC-1;1;15/03/${lastYear};C000001;CAF-0001;10;7,000`,
    `FAC-1;2;15/03/${lastYear};C000001;DEMO-LAIT-1L;24;`,
    `FAC-2;1;${lastYear}-06-01;C000002;CAF-0001;1;`,
  ].join('\n');

  it('create invoiced orders (status 4) with their items, totals in SQL, points credited once and last year’s turnover', async () => {
    const run = await upload('syncInvoicesFromCSV', 'invoices.csv', csv);
    expect(run).toMatchObject({ RESULT: 'success', INSERTED: 3, UPDATED: 0, UNCHANGED: 0 });
    const [f1] = await t.db.select().from(orders).where(eq(orders.numOrder, 'FAC-1'));
    // 10 × 7.000 + 24 × 1.369 = 102.856 DT; points 10 × 5 + 24 × 2 = 98.
    expect(f1).toMatchObject({ status: 4, clientId: fx.c1, totalNetTtc: '102.856', totalPoints: 98 });
    expect(f1.pointsCreditedAt).not.toBeNull();
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, f1.id)).orderBy(orderItems.id);
    expect(items.map((i) => [i.qte, i.unitPriceTtc, i.unitPoints])).toEqual([
      [10, '7.000', 5],
      [24, '1.369', 2],
    ]);
    const [c1] = await t.db.select().from(clients).where(eq(clients.id, fx.c1));
    expect(c1).toMatchObject({ pointsFid: 98, caN1: '102.856' });
    const ledger = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.clientId, fx.c1), eq(pointsLedger.source, 'order')));
    expect(ledger.map((l) => [l.amount, l.balanceAfter, l.sourceId])).toEqual([[98, 98, f1.id]]);
    // The credit is a lot of the client's too, as any ledger row written by the sync.
    const lots = await t.db.select().from(pointsLots).where(eq(pointsLots.clientId, fx.c1));
    expect(lots.map((l) => [l.ledgerId, l.amount, l.remaining])).toEqual([[ledger[0].id, 98, 98]]);
  });

  it('the same file again changes nothing and credits nothing twice; a changed line replaces the items', async () => {
    expect(await upload('syncInvoicesFromCSV', 'invoices.csv', csv)).toMatchObject({ RESULT: 'success', INSERTED: 0, UPDATED: 0, UNCHANGED: 3 });
    const changed = await upload('syncInvoicesFromCSV', 'invoices.csv', csv.replace(';C000001;CAF-0001;10;7,000', ';C000001;CAF-0001;12;7,000'));
    expect(changed).toMatchObject({ RESULT: 'success', INSERTED: 0, UPDATED: 1, UNCHANGED: 2 });
    const [f1] = await t.db.select().from(orders).where(eq(orders.numOrder, 'FAC-1'));
    expect(f1.totalNetTtc).toBe('116.856');
    expect(await t.db.select().from(orderItems).where(eq(orderItems.orderId, f1.id))).toHaveLength(2);
    const [c1] = await t.db.select().from(clients).where(eq(clients.id, fx.c1));
    expect(c1.pointsFid).toBe(98);
    expect(c1.caN1).toBe('116.856');
  });

  it('bad lines (unknown client or product, a line disagreeing with its invoice) apply nothing', async () => {
    const before = await count(orders);
    const bad = [
      'NUM_FACTURE;LIGNE;DATE_FACTURE;CODE_CLIENT;REF;QTE',
      `FAC-9;1;2025-01-01;C000001;CAF-0001;1`,
      `FAC-9;2;2025-01-01;C000002;CAF-0001;1`,
      `FAC-10;1;2025-01-01;NOPE;CAF-0001;1`,
      `FAC-11;1;2025-01-01;C000001;NOPE;0`,
      `FAC-9;1;2025-01-01;C000001;CAF-0001;2`,
    ].join('\n');
    const run = await upload('syncInvoicesFromCSV', 'invoices.csv', bad);
    expect(run).toMatchObject({ RESULT: 'rejected', REJECTED: 4 });
    expect(run.REJECTIONS).toEqual([
      { line: 3, field: 'CODE_CLIENT', message: SYNC_MSG.invoiceMismatch },
      { line: 4, field: 'CODE_CLIENT', message: SYNC_MSG.unknownClient },
      { line: 5, field: 'QTE', message: 'La quantité doit être au moins 1.' },
      { line: 6, field: 'NUM_FACTURE', message: SYNC_MSG.duplicate(2) },
    ]);
    expect(await count(orders)).toBe(before);
  });
});

describe('images, history, samples', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

  it('attach an image to its product by REF, checked by its bytes', async () => {
    mkdirSync(path.join(syncDir, 'images'), { recursive: true });
    writeFileSync(path.join(syncDir, 'images', 'CAF-0001.png'), png);
    writeFileSync(path.join(syncDir, 'images', 'CAF-0002.png'), 'not an image');
    const bad = await finished((await t.app.inject({ method: 'GET', url: '/api/syncProductsImage', headers: admin })).json().data.id);
    expect(bad).toMatchObject({ RESULT: 'rejected', REJECTED: 1 });
    expect(bad.REJECTIONS).toEqual([{ line: 2, field: 'CAF-0002.png', message: SYNC_MSG.imageType }]);
    expect(await count(media)).toBe(0);
    rmSync(path.join(syncDir, 'images', 'CAF-0002.png'));
    const run = await finished((await t.app.inject({ method: 'GET', url: '/api/syncProductsImage', headers: admin })).json().data.id);
    expect(run).toMatchObject({ RESULT: 'success', INSERTED: 1 });
    const rows = await t.db.select().from(media).where(eq(media.entityId, fx.productId));
    expect(rows).toMatchObject([{ entity: 'products', collection: 'images', fileName: 'CAF-0001.png', mimeType: 'image/png' }]);
    const again = await finished((await t.app.inject({ method: 'GET', url: '/api/syncProductsImage', headers: admin })).json().data.id);
    expect(again).toMatchObject({ RESULT: 'success', INSERTED: 0, UNCHANGED: 1 });
  });

  it('lists the runs, newest first, and downloads them as CSV; serves the sample files', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/sync/runs?page=1&kind=invoices', headers: admin })).json();
    expect(list.meta.total).toBe(4);
    expect(list.data[0]).toMatchObject({ KIND: 'invoices', RESULT: 'rejected' });
    const csv = await t.app.inject({ method: 'GET', url: '/api/sync/runs/export/csv', headers: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Synchronisation;Vérification;Résultat;Par;Le;Fichier;SHA-256');
    expect(csv.body).toContain('Factures (commandes);Non;Rejetée;admin@demo.tn');
    const sample = await t.app.inject({ method: 'GET', url: '/api/sync/samples/invoices', headers: admin });
    expect(sample.statusCode).toBe(200);
    expect(sample.body.split('\n')[0]).toBe('NUM_FACTURE;LIGNE;DATE_FACTURE;CODE_CLIENT;REF;QTE;PRIX_UNITAIRE_TTC');
    const files = (await t.app.inject({ method: 'GET', url: '/api/sync/files', headers: admin })).json().data;
    expect(files.find((f: { KIND: string }) => f.KIND === 'products')).toMatchObject({ PRESENT: true });
    expect(files.find((f: { KIND: string }) => f.KIND === 'tarifs')).toMatchObject({ PRESENT: false });
  });
});
