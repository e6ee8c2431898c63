import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { GIFT_MSG, MSG } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPng } from '../../src/lib/png';
import { auditLog } from '../../src/lib/audit/audit.table';
import { clients } from '../../src/lib/clients/clients.table';
import { giftPurchases, loyaltyGifts, startingGiftPurchases, startingGifts } from '../../src/modules/rewards/gifts.table';
import { createTestApp, multipart, type TestContext } from '../support/helpers';

/** Gifts and starter gifts through the real app. */
let t: TestContext;
let admin: { authorization: string };
let chef: { authorization: string };
/** Classification and badge ids made through their own APIs, for the eligibility selects. */
const ref = { type: 0, circuit: 0, activity: 0, category: 0, badge: 0 };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });
/** POST/PUT of a multipart body (fields and, optionally, one file) as the admin. */
const send = (url: string, fields: Record<string, string>, file?: Parameters<typeof multipart>[1], headers = admin) => {
  const body = multipart(fields, file);
  return t.app.inject({ method: 'POST', url: `/api/${url}`, payload: body.payload, headers: { ...headers, ...body.headers } });
};

const png = solidPng(8, 8, [30, 140, 90]);
const pngFile = (name = 'sac.png') => ({ name, type: 'image/png', content: png });
/** The first bytes of an MP4 (an ftyp box): enough for the byte check of a video. */
const mp4 = (() => {
  const b = Buffer.alloc(32);
  b.writeUInt32BE(32, 0);
  b.write('ftypisom', 4);
  b.writeUInt32BE(512, 12);
  b.write('isomiso2mp41', 16);
  return b;
})();

const uploads = () => path.join(t.config.dataDir, 'uploads');
const storedFiles = (prefix: string) => (existsSync(uploads()) ? readdirSync(uploads()).filter((f) => f.startsWith(`${prefix}-`)) : []);
const fileOf = (url: string) => path.join(uploads(), path.basename(url));
const count = async (table: typeof loyaltyGifts | typeof startingGifts) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
const trail = (entity: string, id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

let clientSeq = 0;
async function insertClient() {
  clientSeq++;
  const [c] = await t.db
    .insert(clients)
    .values({ code: `GFT-${clientSeq}`, name: `Épicerie Cadeau ${clientSeq}` })
    .returning({ id: clients.id });
  return c.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
  chef = await t.auth('chef@demo.tn');
  ref.type = (await call('POST', 'typeclients', { NAME: 'Grossiste cadeaux' })).json().data.id;
  ref.circuit = (await call('POST', 'clients_circuits', { NAME: 'Traditionnel cadeaux' })).json().data.id;
  ref.activity = (await call('POST', 'clients_activities', { NAME: 'Épicerie', CODE: 'EPI-G', CIRCUIT: ref.circuit })).json().data.id;
  ref.category = (await call('POST', 'clients_categories', { NAME: 'Premium cadeaux', ACTIVITE: ref.activity })).json().data.id;
  ref.badge = (await call('POST', 'badges', { NAME: 'Or cadeaux' })).json().data.id;
  expect(Object.values(ref).every((id) => id > 0)).toBe(true);
});
afterAll(() => t.close());

describe('gifts: create', () => {
  it('creates a good as form data with its image in one call; its voucher value is 0 whatever was sent', async () => {
    const r = await send(
      'gifts',
      {
        REF: 'CAD-SAC',
        NAME: 'Sac isotherme',
        TYPE: 'bien',
        QTS: '40',
        NBR_OF_POINTS: '1500',
        VOCHER_VALUE: '25',
        START_DAY: '2025-01-01',
        END_DATE: '2025-12-31',
        ACTIVITE: String(ref.activity),
        CIRCUIT: String(ref.circuit),
        CATEGORY: String(ref.category),
        TYPE_CLIENT_ID: String(ref.type),
        BADGES_ID: String(ref.badge),
        IS_ACTIVE: '1',
        DESCRIPTION: 'Sac de 20 litres',
      },
      pngFile(),
    );
    expect(r.statusCode).toBe(201);
    const g = r.json().data;
    expect(g).toMatchObject({
      ID: g.id,
      REF: 'CAD-SAC',
      NAME: 'Sac isotherme',
      TYPE: 'bien',
      QTS: 40,
      NBR_OF_POINTS: 1500,
      VOCHER_VALUE: '0.000',
      START_DAY: '2025-01-01',
      END_DATE: '2025-12-31',
      ACTIVITE: ref.activity,
      ACTIVITE_NAME: 'Épicerie',
      CIRCUIT: ref.circuit,
      CATEGORY: ref.category,
      TYPE_CLIENT_ID: ref.type,
      BADGES_ID: ref.badge,
      IS_ACTIVE: 1,
      DESCRIPTION: 'Sac de 20 litres',
    });
    expect(g.MEDIA).toMatchObject({ file_name: 'sac.png', mime_type: 'image/png' });
    expect(existsSync(fileOf(g.MEDIA.original_url))).toBe(true);
    expect((await trail('gifts', g.id)).map((x) => x.action)).toEqual(['create', 'media']);
  });

  it('creates a voucher gift as JSON with its value to the millime, no image, optional fields empty', async () => {
    const r = await call('POST', 'gifts', { REF: 'CAD-V30', NAME: 'Bon de 30 DT', TYPE: 'voucher', QTS: 100, VOCHER_VALUE: '30.5' });
    expect(r.statusCode).toBe(201);
    expect(r.json().data).toMatchObject({
      TYPE: 'voucher',
      VOCHER_VALUE: '30.500',
      NBR_OF_POINTS: 0,
      IS_ACTIVE: 1,
      START_DAY: null,
      END_DATE: null,
      ACTIVITE: null,
      ACTIVITE_NAME: null,
      TYPE_CLIENT_ID: null,
      MEDIA: null,
    });
  });

  it('takes a video for a good (image or video, by its bytes)', async () => {
    const r = await send('gifts', { REF: 'CAD-CLIP', NAME: 'Enceinte', TYPE: 'bien', QTS: '5' }, { name: 'demo.mp4', type: 'video/mp4', content: mp4 });
    expect(r.statusCode).toBe(201);
    expect(r.json().data.MEDIA).toMatchObject({ file_name: 'demo.mp4', mime_type: 'video/mp4' });
  });

  it('refuses a file with a voucher gift (422, no row, no file) and a file that is neither image nor video', async () => {
    const rows = await count(loyaltyGifts);
    const files = storedFiles('gifts');
    const voucher = await send('gifts', { REF: 'CAD-VX', NAME: 'Bon', TYPE: 'voucher', QTS: '1', VOCHER_VALUE: '10' }, pngFile());
    expect(voucher.statusCode).toBe(422);
    expect(voucher.json()).toEqual({ success: false, message: GIFT_MSG.mediaOnlyBien, errors: { file: [GIFT_MSG.mediaOnlyBien] } });
    const pdf = await send(
      'gifts',
      { REF: 'CAD-PDF', NAME: 'Fiche', TYPE: 'bien', QTS: '1' },
      { name: 'fiche.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF') },
    );
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().message).toBe(MSG.fileType);
    expect(await count(loyaltyGifts)).toBe(rows);
    expect(storedFiles('gifts')).toEqual(files);
    // A voucher form with an empty file input (nothing chosen) is fine.
    const empty = await send(
      'gifts',
      { REF: 'CAD-V5', NAME: 'Bon de 5 DT', TYPE: 'voucher', QTS: '3', VOCHER_VALUE: '5' },
      { name: '', type: 'application/octet-stream', content: Buffer.alloc(0) },
    );
    expect(empty.statusCode).toBe(201);
  });

  it('answers 422 with the field messages of the domain rules', async () => {
    const empty = await call('POST', 'gifts', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ REF: [MSG.required], NAME: [MSG.required], TYPE: [GIFT_MSG.typeUnknown], QTS: [MSG.required] });
    const base = { REF: 'CAD-X', NAME: 'X', TYPE: 'voucher', QTS: 1 };
    expect((await call('POST', 'gifts', base)).json().errors).toEqual({ VOCHER_VALUE: [GIFT_MSG.voucherValueRequired] });
    expect((await call('POST', 'gifts', { ...base, VOCHER_VALUE: '0' })).json().errors).toEqual({ VOCHER_VALUE: [GIFT_MSG.voucherValuePositive] });
    const period = await call('POST', 'gifts', { ...base, VOCHER_VALUE: 5, START_DAY: '2025-06-02', END_DATE: '2025-06-01' });
    expect(period.json()).toMatchObject({ message: MSG.periodOrder, errors: { END_DATE: [MSG.periodOrder] } });
    // Start = end is a one-day gift.
    expect((await call('POST', 'gifts', { ...base, REF: 'CAD-1J', VOCHER_VALUE: 5, START_DAY: '2025-06-01', END_DATE: '2025-06-01' })).statusCode).toBe(201);
  });

  it('refuses a REF already used (any case) and an eligibility choice that does not exist, with field errors', async () => {
    const dup = await call('POST', 'gifts', { REF: 'cad-sac', NAME: 'Autre sac', TYPE: 'bien', QTS: 1 });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({ success: false, message: GIFT_MSG.refExists, errors: { REF: [GIFT_MSG.refExists] } });
    const unknown = await call('POST', 'gifts', {
      REF: 'CAD-REF',
      NAME: 'X',
      TYPE: 'bien',
      QTS: 1,
      TYPE_CLIENT_ID: 999999,
      BADGES_ID: 999998,
      CIRCUIT: ref.circuit,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ TYPE_CLIENT_ID: [GIFT_MSG.refUnknown], BADGES_ID: [GIFT_MSG.refUnknown] });
  });
});

describe('gifts: list, read, update', () => {
  it('lists 50 a page, newest first, searches REF and NAME, sorts by name; 404 for an unknown id', async () => {
    const page = (await call('GET', 'gifts?page=1')).json();
    expect(page.meta).toMatchObject({ current_page: 1, per_page: 50 });
    const ids = page.data.map((g: { id: number }) => g.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await call('GET', 'gifts?page=1&search=isotherme')).json().data.map((g: { REF: string }) => g.REF)).toEqual(['CAD-SAC']);
    expect((await call('GET', 'gifts?page=1&search=cad-v30')).json().data.map((g: { REF: string }) => g.REF)).toEqual(['CAD-V30']);
    const byName = (await call('GET', 'gifts?page=1&sort=NAME&order=asc')).json().data.map((g: { NAME: string }) => g.NAME);
    expect(byName[0]).toBe('Bon de 30 DT');
    expect(byName.at(-1)).toBe('X');
    expect((await call('GET', 'gifts/999999')).statusCode).toBe(404);
    expect((await call('PUT', 'gifts/999999', { IS_ACTIVE: 0 })).statusCode).toBe(404);
    expect((await call('DELETE', 'gifts/999999')).statusCode).toBe(404);
  });

  it('a switch PUT changes only IS_ACTIVE (the other fields keep their values), audited', async () => {
    const g = (await call('POST', 'gifts', { REF: 'CAD-SW', NAME: 'Gourde', TYPE: 'bien', QTS: 9, NBR_OF_POINTS: 700 })).json().data;
    const r = await call('PUT', `gifts/${g.id}`, { IS_ACTIVE: 0 });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ IS_ACTIVE: 0, NBR_OF_POINTS: 700, QTS: 9, TYPE: 'bien' });
    const changes = (await trail('gifts', g.id)).map((x) => [x.action, x.changes]);
    expect(changes[1]).toEqual(['update', { IS_ACTIVE: [1, 0] }]);
    // Only the quantity: the gift stays inactive.
    expect((await call('PUT', `gifts/${g.id}`, { QTS: '12' })).json().data).toMatchObject({ QTS: 12, IS_ACTIVE: 0, NBR_OF_POINTS: 700 });
  });

  it('a good turned voucher takes the value sent and loses its image (row and file), in the audit', async () => {
    const g = (await send('gifts', { REF: 'CAD-MUG', NAME: 'Mug', TYPE: 'bien', QTS: '3' }, pngFile('mug.png'))).json().data;
    const file = fileOf(g.MEDIA.original_url);
    expect(existsSync(file)).toBe(true);
    const r = await call('PUT', `gifts/${g.id}`, { TYPE: 'voucher', VOCHER_VALUE: '12.250' });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ TYPE: 'voucher', VOCHER_VALUE: '12.250', MEDIA: null });
    expect(existsSync(file)).toBe(false);
    const update = (await trail('gifts', g.id)).find((x) => x.action === 'update');
    expect(update?.changes).toMatchObject({ TYPE: ['bien', 'voucher'], VOCHER_VALUE: ['0.000', '12.250'], MEDIA: [{ file_name: 'mug.png' }, null] });

    // Back to a good: the value goes back to 0 even when one is sent.
    const back = await call('PUT', `gifts/${g.id}`, { TYPE: 'bien', VOCHER_VALUE: '12.250' });
    expect(back.json().data).toMatchObject({ TYPE: 'bien', VOCHER_VALUE: '0.000' });
  });

  it('checks a partial PUT against the stored gift: value of a voucher, period, type change without value', async () => {
    const v = (await call('POST', 'gifts', { REF: 'CAD-PART', NAME: 'Bon partiel', TYPE: 'voucher', QTS: 1, VOCHER_VALUE: 8, START_DAY: '2025-03-01' })).json()
      .data;
    expect((await call('PUT', `gifts/${v.id}`, { VOCHER_VALUE: '0' })).json().errors).toEqual({ VOCHER_VALUE: [GIFT_MSG.voucherValuePositive] });
    expect((await call('PUT', `gifts/${v.id}`, { VOCHER_VALUE: 'abc' })).json().errors).toEqual({ VOCHER_VALUE: [MSG.number] });
    const before = await call('PUT', `gifts/${v.id}`, { END_DATE: '2025-02-28' });
    expect(before.statusCode).toBe(422);
    expect(before.json().errors).toEqual({ END_DATE: [MSG.periodOrder] });
    expect((await call('PUT', `gifts/${v.id}`, { VOCHER_VALUE: '9.5', END_DATE: '2025-03-31' })).json().data).toMatchObject({
      VOCHER_VALUE: '9.500',
      END_DATE: '2025-03-31',
    });
    const good = (await call('POST', 'gifts', { REF: 'CAD-PART2', NAME: 'Stylo', TYPE: 'bien', QTS: 1 })).json().data;
    expect((await call('PUT', `gifts/${good.id}`, { TYPE: 'voucher' })).json().errors).toEqual({ VOCHER_VALUE: [GIFT_MSG.voucherValueRequired] });
    expect((await call('PUT', `gifts/${good.id}`, { REF: 'CAD-SAC' })).json().errors).toEqual({ REF: [GIFT_MSG.refExists] });
    expect((await call('GET', `gifts/${good.id}`)).json().data).toMatchObject({ REF: 'CAD-PART2', TYPE: 'bien', VOCHER_VALUE: '0.000' });
  });

  it('exports the list with its French headers, money and dates', async () => {
    const csv = await call('GET', 'gifts/export/csv?search=CAD-SAC');
    expect(csv.statusCode).toBe(200);
    const [head, line] = csv.body.replace(/^\uFEFF/, '').split(/\r\n/);
    expect(head).toBe('Référence;Nom;Type;Stock;Points;Valeur voucher;Début;Fin;Activité;Actif;Description;Image');
    expect(line).toBe('CAD-SAC;Sac isotherme;Bien;40;1500;;01/01/2025;31/12/2025;Épicerie;Oui;Sac de 20 litres;sac.png');
    const v = (await call('GET', 'gifts/export/csv?search=CAD-V30')).body.replace(/^\uFEFF/, '').split(/\r\n/)[1];
    expect(v).toMatch(/^CAD-V30;Bon de 30 DT;Voucher;100;0;30,500\sDT;;;;Oui;;$/);
  });
});

describe('gifts: media, only for a good', () => {
  it('replaces a good’s image through gifts/media/{id}; a voucher gift gets 422; an unknown gift 404', async () => {
    const good = (await send('gifts', { REF: 'CAD-MED', NAME: 'Casquette', TYPE: 'bien', QTS: '2' }, pngFile('a.png'))).json().data;
    const replaced = await send(`gifts/media/${good.id}`, {}, pngFile('b.png'));
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.MEDIA).toMatchObject({ file_name: 'b.png' });
    expect(existsSync(fileOf(good.MEDIA.original_url))).toBe(false);

    const voucher = (await call('POST', 'gifts', { REF: 'CAD-MEDV', NAME: 'Bon média', TYPE: 'voucher', QTS: 2, VOCHER_VALUE: 3 })).json().data;
    const files = storedFiles('gifts');
    for (const url of [`gifts/media/${voucher.id}`, `gifts/${voucher.id}/image`]) {
      const r = await send(url, {}, pngFile());
      expect(r.statusCode).toBe(422);
      expect(r.json()).toEqual({ success: false, message: GIFT_MSG.mediaOnlyBien, errors: { file: [GIFT_MSG.mediaOnlyBien] } });
    }
    expect(storedFiles('gifts')).toEqual(files);
    expect((await call('GET', `gifts/${voucher.id}`)).json().data.MEDIA).toBeNull();
    expect((await send('gifts/media/999999', {}, pngFile())).statusCode).toBe(404);
  });
});

describe('gifts: delete', () => {
  it('refuses (409) a gift a purchase refers to, and deletes one with its image otherwise', async () => {
    const used = (await call('POST', 'gifts', { REF: 'CAD-USED', NAME: 'Montre', TYPE: 'bien', QTS: 4, NBR_OF_POINTS: 100 })).json().data;
    await t.db.insert(giftPurchases).values({ ref: 'ACH-T-1', clientId: await insertClient(), loyaltyGiftId: used.id, qte: 1, points: 100 });
    const refused = await call('DELETE', `gifts/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: MSG.inUse('ce cadeau fait l’objet de demandes de conversion') });
    expect((await call('GET', `gifts/${used.id}`)).statusCode).toBe(200);

    const free = (await send('gifts', { REF: 'CAD-DEL', NAME: 'Tapis', TYPE: 'bien', QTS: '1' }, pngFile('tapis.png'))).json().data;
    expect((await call('DELETE', `gifts/${free.id}`)).statusCode).toBe(200);
    expect((await call('GET', `gifts/${free.id}`)).statusCode).toBe(404);
    expect(existsSync(fileOf(free.MEDIA.original_url))).toBe(false);
    expect((await trail('gifts', free.id)).map((x) => x.action)).toEqual(['create', 'media', 'delete']);
  });
});

describe('starter gifts', () => {
  let kit: { id: number; MEDIA: { id: number; original_url: string } };

  it('creates one as form data with its image; without an image (form or JSON) it is refused', async () => {
    const r = await send(
      'startingGifts',
      { REF: 'BNV-KIT', NAME: 'Kit de bienvenue', DESCRIPTION: 'Tablier et casquette' },
      { ...pngFile('kit.png'), field: 'MEDIA' },
    );
    expect(r.statusCode).toBe(201);
    kit = r.json().data;
    expect(kit).toMatchObject({ REF: 'BNV-KIT', NAME: 'Kit de bienvenue', DESCRIPTION: 'Tablier et casquette', MEDIA: { file_name: 'kit.png' } });
    expect(Date.parse((kit as unknown as { CREATED_AT: string }).CREATED_AT)).toBeGreaterThan(Date.now() - 60_000);

    const rows = await count(startingGifts);
    const noFile = await send('startingGifts', { REF: 'BNV-2', NAME: 'Sans image', DESCRIPTION: 'x' });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json()).toEqual({ success: false, message: GIFT_MSG.imageRequired, errors: { file: [GIFT_MSG.imageRequired] } });
    expect((await call('POST', 'startingGifts', { REF: 'BNV-2', NAME: 'JSON', DESCRIPTION: 'x' })).json().message).toBe(GIFT_MSG.imageRequired);
    const video = await send('startingGifts', { REF: 'BNV-2', NAME: 'Vidéo', DESCRIPTION: 'x' }, { name: 'v.mp4', type: 'video/mp4', content: mp4 });
    expect(video.json().message).toBe(MSG.fileType);
    expect(await count(startingGifts)).toBe(rows);
  });

  it('answers 422 for missing fields and a REF already used', async () => {
    const bad = await send('startingGifts', { REF: '', NAME: ' ', DESCRIPTION: '' }, pngFile());
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ REF: [MSG.required], NAME: [MSG.blank], DESCRIPTION: [MSG.required] });
    const dup = await send('startingGifts', { REF: 'bnv-kit', NAME: 'Doublon', DESCRIPTION: 'x' }, pngFile());
    expect(dup.json()).toEqual({ success: false, message: GIFT_MSG.startingRefExists, errors: { REF: [GIFT_MSG.startingRefExists] } });
  });

  it('lists newest first with search; edits as JSON; replaces the image but never removes it', async () => {
    await send('startingGifts', { REF: 'BNV-SAC', NAME: 'Sac de bienvenue', DESCRIPTION: 'Sac en toile' }, pngFile());
    const list = (await call('GET', 'startingGifts?page=1')).json();
    expect(list.meta.per_page).toBe(50);
    expect(list.data.map((g: { REF: string }) => g.REF)).toEqual(['BNV-SAC', 'BNV-KIT']);
    expect((await call('GET', 'startingGifts?page=1&search=kit')).json().data.map((g: { REF: string }) => g.REF)).toEqual(['BNV-KIT']);
    expect((await call('GET', 'startingGifts?page=1&sort=CREATED_AT&order=asc')).json().data[0].REF).toBe('BNV-KIT');

    const upd = await call('PUT', `startingGifts/${kit.id}`, { NAME: 'Kit d’accueil', DESCRIPTION: 'Tablier' });
    expect(upd.json().data).toMatchObject({ REF: 'BNV-KIT', NAME: 'Kit d’accueil', DESCRIPTION: 'Tablier', MEDIA: { file_name: 'kit.png' } });
    expect((await call('PUT', `startingGifts/${kit.id}`, { DESCRIPTION: '' })).json().errors).toEqual({ DESCRIPTION: [MSG.required] });

    const replaced = await send(`startingGifts/media/${kit.id}`, {}, pngFile('kit2.png'));
    expect(replaced.json().data.MEDIA).toMatchObject({ file_name: 'kit2.png' });
    const media = replaced.json().data.MEDIA;
    const removed = await call('DELETE', `startingGifts/${kit.id}/media/${media.id}`);
    expect(removed.statusCode).toBe(422);
    expect(removed.json().message).toBe(GIFT_MSG.imageRequired);
    expect((await call('GET', `startingGifts/${kit.id}`)).json().data.MEDIA).toMatchObject({ id: media.id });
  });

  it('refuses (409) to delete one given to a client, deletes it otherwise', async () => {
    await t.db.insert(startingGiftPurchases).values({ ref: 'BNV-T-1', clientId: await insertClient(), startingGiftId: kit.id, qrcode: 'qr-test-starting-1' });
    const refused = await call('DELETE', `startingGifts/${kit.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MSG.inUse('ce cadeau de bienvenue a déjà été attribué à des clients'));
    const free = (await send('startingGifts', { REF: 'BNV-DEL', NAME: 'À supprimer', DESCRIPTION: 'x' }, pngFile())).json().data;
    expect((await call('DELETE', `startingGifts/${free.id}`)).statusCode).toBe(200);
    expect((await trail('startingGifts', free.id)).map((x) => x.action)).toEqual(['create', 'media', 'delete']);
  });

  it('exports the list', async () => {
    const csv = await call('GET', 'startingGifts/export/csv?search=BNV-SAC');
    const [head, line] = csv.body.replace(/^\uFEFF/, '').split(/\r\n/);
    expect(head).toBe('Référence;Titre;Description;Date;Image');
    expect(line).toMatch(/^BNV-SAC;Sac de bienvenue;Sac en toile;\d{2}\/\d{2}\/\d{4};sac\.png$/);
  });
});

describe('gifts: roles', () => {
  it('refuses gifts and starter gifts to a zone chief (403), reads and writes nothing', async () => {
    const rows = await count(loyaltyGifts);
    for (const [method, url] of [
      ['GET', 'gifts'],
      ['GET', 'gifts/export/csv'],
      ['GET', 'startingGifts'],
    ] as const) {
      expect([url, (await call(method, url, undefined, chef)).statusCode]).toEqual([url, 403]);
    }
    const post = await call('POST', 'gifts', { REF: 'CAD-CHEF', NAME: 'X', TYPE: 'bien', QTS: 1 }, chef);
    expect(post.statusCode).toBe(403);
    expect(post.json().message).toBe(MSG.forbidden);
    expect((await send('startingGifts', { REF: 'BNV-CHEF', NAME: 'X', DESCRIPTION: 'x' }, pngFile(), chef)).statusCode).toBe(403);
    const [any] = await t.db.select({ id: loyaltyGifts.id }).from(loyaltyGifts).limit(1);
    expect((await call('PUT', `gifts/${any.id}`, { IS_ACTIVE: 0 }, chef)).statusCode).toBe(403);
    expect((await call('DELETE', `gifts/${any.id}`, undefined, chef)).statusCode).toBe(403);
    expect(await count(loyaltyGifts)).toBe(rows);
    expect((await call('GET', 'gifts')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/gifts' })).statusCode).toBe(401);
  });
});
