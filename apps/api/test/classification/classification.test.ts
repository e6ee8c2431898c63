import { MSG } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/lib/audit/audit.table';
import { createTestApp, type TestContext } from '../support/helpers';

let t: TestContext;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });

describe('circuits', () => {
  it('creates, lists, reads, updates and deletes a circuit, each write in the audit log', async () => {
    const created = await call('POST', 'clients_circuits', { NAME: '  Traditionnel  ', DESCRIPTION: 'Proximité' });
    expect(created.statusCode).toBe(201);
    const c = created.json().data;
    expect(c).toMatchObject({ NAME: 'Traditionnel', DESCRIPTION: 'Proximité' });
    expect(c.ID).toBe(c.id);

    const list = await call('GET', 'clients_circuits?page=1&perPage=10');
    expect(list.json()).toMatchObject({ success: true, meta: { total: 1, last_page: 1, current_page: 1, per_page: 10 } });

    const upd = await call('PUT', `clients_circuits/${c.id}`, { DESCRIPTION: 'Épiceries' });
    expect(upd.json().data).toMatchObject({ NAME: 'Traditionnel', DESCRIPTION: 'Épiceries' });

    expect((await call('GET', `clients_circuits/${c.id}`)).json().data.DESCRIPTION).toBe('Épiceries');
    expect((await call('DELETE', `clients_circuits/${c.id}`)).statusCode).toBe(200);
    expect((await call('GET', `clients_circuits/${c.id}`)).statusCode).toBe(404);

    const trail = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(c.id)));
    const mine = trail.filter((r) => r.entity === 'clients_circuits').map((r) => r.action);
    expect(mine).toEqual(['create', 'update', 'delete']);
    const update = trail.find((r) => r.action === 'update');
    expect(update?.userEmail).toBe('admin@demo.tn');
    expect(update?.changes).toEqual({ DESCRIPTION: ['Proximité', 'Épiceries'] });
  });

  it('refuses a duplicate name (any case) with "Nom Existe"', async () => {
    await call('POST', 'clients_circuits', { NAME: 'Moderne' });
    const dup = await call('POST', 'clients_circuits', { NAME: 'MODERNE' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({ success: false, message: 'Nom Existe', errors: { NAME: ['Nom Existe'] } });
  });

  it('refuses empty and whitespace-only names with the two spec messages', async () => {
    const empty = await call('POST', 'clients_circuits', { NAME: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.NAME).toEqual([MSG.required]);
    const blank = await call('POST', 'clients_circuits', { NAME: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.NAME).toEqual([MSG.blank]);
  });

  it('strips script and PHP tags from bodies and queries', async () => {
    const r = await call('POST', 'clients_circuits', { NAME: 'CHR<script>alert(1)</script>', DESCRIPTION: 'a<?php echo 1; ?>b' });
    expect(r.statusCode).toBe(201);
    expect(r.json().data).toMatchObject({ NAME: 'CHR', DESCRIPTION: 'ab' });
    const s = await call('GET', `clients_circuits?page=1&search=${encodeURIComponent('CHR<script>x</script>')}`);
    expect(s.json().meta.total).toBe(1);
  });

  it('searches, sorts and pages in SQL', async () => {
    for (const n of ['Zeta', 'Alpha 50%', 'Beta']) await call('POST', 'clients_circuits', { NAME: n });
    const sorted = (await call('GET', 'clients_circuits?page=1&perPage=2&sort=NAME&order=desc')).json();
    expect(sorted.data.map((d: { NAME: string }) => d.NAME)).toEqual(['Zeta', 'Moderne']);
    expect(sorted.meta.last_page).toBe(Math.ceil(sorted.meta.total / 2));
    const pct = (await call('GET', `clients_circuits?page=1&search=${encodeURIComponent('50%')}`)).json();
    expect(pct.data.map((d: { NAME: string }) => d.NAME)).toEqual(['Alpha 50%']);
    const all = (await call('GET', 'clients_circuits')).json();
    expect(all.meta).toBeUndefined();
    expect(all.data.length).toBe(sorted.meta.total);
  });
});

describe('French ordering', () => {
  it('sorts names ignoring accents and case', async () => {
    for (const n of ['Épicerie', 'echoppe', 'Fromagerie', 'Dépôt']) await call('POST', 'clients_circuits', { NAME: n });
    const names = (await call('GET', 'clients_circuits?sort=NAME&order=asc')).json().data.map((d: { NAME: string }) => d.NAME);
    const mine = names.filter((n: string) => ['Épicerie', 'echoppe', 'Fromagerie', 'Dépôt'].includes(n));
    expect(mine).toEqual(['Dépôt', 'echoppe', 'Épicerie', 'Fromagerie']);
    for (const n of ['Épicerie', 'echoppe', 'Fromagerie', 'Dépôt']) {
      const id = (await call('GET', `clients_circuits?page=1&search=${encodeURIComponent(n)}`)).json().data[0].id;
      await call('DELETE', `clients_circuits/${id}`);
    }
  });
});

describe('activities and categories', () => {
  let circuitId: number;
  beforeAll(async () => {
    circuitId = (await call('POST', 'clients_circuits', { NAME: 'Grossistes' })).json().data.id;
  });

  it('creates an activity with flags, returns the circuit name, and saves one flag at once', async () => {
    const r = await call('POST', 'clients_activities', { NAME: 'Dépôt', CODE: 'DEP', CIRCUIT: circuitId, E_COMMERCE: true });
    expect(r.statusCode).toBe(201);
    const a = r.json().data;
    expect(a).toMatchObject({ CODE: 'DEP', CIRCUIT: circuitId, CIRCUIT_NAME: 'Grossistes', E_COMMERCE: 1, FIDELITE: 0, REMISE_RISTOUNE: 0 });
    const flag = await call('PUT', `clients_activities/${a.id}`, { FIDELITE: 1 });
    expect(flag.json().data).toMatchObject({ NAME: 'Dépôt', E_COMMERCE: 1, FIDELITE: 1 });
  });

  it('refuses an activity code already used', async () => {
    const dup = await call('POST', 'clients_activities', { NAME: 'Autre', CODE: 'dep', CIRCUIT: circuitId });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.CODE).toEqual([MSG.codeExists]);
  });

  it('refuses an unknown circuit without a 500', async () => {
    const r = await call('POST', 'clients_activities', { NAME: 'X', CODE: 'XX1', CIRCUIT: 999999 });
    expect(r.statusCode).toBe(409);
  });

  it('refuses to delete a circuit or an activity still in use (409)', async () => {
    const act = (await call('POST', 'clients_activities', { NAME: 'Kiosque', CODE: 'KIO', CIRCUIT: circuitId })).json().data;
    const cat = await call('POST', 'clients_categories', { NAME: 'Kiosque A', ACTIVITE: act.id });
    expect(cat.json().data).toMatchObject({ ACTIVITE: act.id, ACTIVITE_NAME: 'Kiosque' });
    const delCircuit = await call('DELETE', `clients_circuits/${circuitId}`);
    expect(delCircuit.statusCode).toBe(409);
    expect(delCircuit.json().message).toMatch(/circuit est encore utilisé/);
    const delAct = await call('DELETE', `clients_activities/${act.id}`);
    expect(delAct.statusCode).toBe(409);
    expect(delAct.json().message).toMatch(/activité est encore utilisée/);
    expect((await call('GET', `clients_activities/${act.id}`)).statusCode).toBe(200);
  });

  it('finds activities by their circuit name and categories by their activity name', async () => {
    const acts = (await call('GET', 'clients_activities?page=1&search=grossiste')).json();
    expect(acts.meta.total).toBeGreaterThan(0);
    expect(acts.data.every((d: { CIRCUIT_NAME: string }) => d.CIRCUIT_NAME === 'Grossistes')).toBe(true);
    const cats = (await call('GET', 'clients_categories?page=1&search=kiosq')).json();
    expect(cats.data.map((d: { NAME: string }) => d.NAME)).toContain('Kiosque A');
  });

  it('refuses a duplicate category name', async () => {
    const act = (await call('GET', 'clients_activities')).json().data[0];
    await call('POST', 'clients_categories', { NAME: 'Cat unique', ACTIVITE: act.id });
    const dup = await call('POST', 'clients_categories', { NAME: 'cat unique', ACTIVITE: act.id });
    expect(dup.json()).toMatchObject({ success: false, message: 'Nom Existe' });
  });
});

describe('client types: positions, reorder, media', () => {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  );
  const multipart = (name: string, content: Buffer, type: string) => {
    const boundary = '----bo-test-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload: body, headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };

  it('gives new types the last position and renumbers 1..n on reorder', async () => {
    const ids: number[] = [];
    for (const n of ['Grossiste', 'Détaillant', 'Superette']) ids.push((await call('POST', 'typeclients', { NAME: n })).json().data.id);
    let list = (await call('GET', 'typeclients?page=1')).json().data;
    expect(list.map((d: { position: number }) => d.position)).toEqual([1, 2, 3]);
    const r = await call('PUT', 'typeclients/reorder', { ids: [ids[2], ids[0], ids[1]] });
    expect(r.statusCode).toBe(200);
    list = (await call('GET', 'typeclients?page=1')).json().data;
    expect(list.map((d: { NAME: string }) => d.NAME)).toEqual(['Superette', 'Grossiste', 'Détaillant']);
    expect(list.map((d: { position: number }) => d.position)).toEqual([1, 2, 3]);
    const bad = await call('PUT', 'typeclients/reorder', { ids: [ids[0], 999999] });
    expect(bad.statusCode).toBe(422);
    // Lists without positions have no reorder route: "reorder" is then not a valid id.
    expect((await call('PUT', 'clients_circuits/reorder', { ids: [1] })).statusCode).toBe(422);
  });

  it('uploads an image, serves it, replaces it and refuses wrong types and big files', async () => {
    const type = (await call('POST', 'typeclients', { NAME: 'Pâtisserie' })).json().data;
    const up = await t.app.inject({ method: 'POST', url: `/api/typeclients/media/${type.id}`, ...multipart('logo.png', png, 'image/png') });
    expect(up.statusCode).toBe(200);
    const media = up.json().data.MEDIA;
    expect(media).toMatchObject({ file_name: 'logo.png', mime_type: 'image/png', size: png.length });
    const served = await t.app.inject({ method: 'GET', url: media.original_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const again = await t.app.inject({ method: 'POST', url: `/api/typeclients/${type.id}/image`, ...multipart('new.png', png, 'image/png') });
    const replaced = again.json().data.MEDIA;
    expect(replaced.original_url).not.toBe(media.original_url);
    expect((await t.app.inject({ method: 'GET', url: media.original_url })).statusCode).toBe(404);

    // A script renamed .png and declared image/png is refused by its bytes.
    const fake = await t.app.inject({
      method: 'POST',
      url: `/api/typeclients/media/${type.id}`,
      ...multipart('evil.png', Buffer.from('<?php system($_GET[1]); ?>'), 'image/png'),
    });
    expect(fake.statusCode).toBe(422);
    expect(fake.json().message).toBe(MSG.fileType);

    const big = Buffer.concat([png, Buffer.alloc(5_242_881 - png.length)]);
    const tooBig = await t.app.inject({ method: 'POST', url: `/api/typeclients/media/${type.id}`, ...multipart('big.png', big, 'image/png') });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(MSG.fileSize);

    const del = await call('DELETE', `typeclients/${type.id}/media/${replaced.id}`);
    expect(del.json().data.MEDIA).toBeNull();
  });
});

describe('exports', () => {
  it('streams the whole filtered list as CSV, XLSX and PDF', async () => {
    const csv = await call('GET', 'clients_circuits/export/csv?search=a');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="circuits\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    const expected = (await call('GET', 'clients_circuits?page=1&search=a')).json().meta.total;
    expect(lines.length).toBe(expected + 1);
    expect(lines[0]).toBe('Nom;Description');

    const xlsx = await call('GET', 'clients_activities/export/xlsx');
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const pdf = await call('GET', 'typeclients/export/pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
