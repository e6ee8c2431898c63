import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COUPON_MSG, MSG } from '@app/domain';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/lib/audit/audit.table';
import { coupons } from '../../src/modules/rewards/vouchers.table';
import { createTestApp, type TestContext } from '../support/helpers';

/** Coupons through the real app. */
let t: TestContext;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.auth('admin@demo.tn');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url: `/api/${url}`, payload: payload as never, headers });
/** A calendar day in Tunis, `days` from today (YYYY-MM-DD). */
const tunisDay = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Africa/Tunis' });
const couponCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(coupons))[0].n;
const coupon = (over: Record<string, unknown> = {}) => ({ CODE: 'ETE25', VALUE: '10', TYPE: 'percentage', EXPIRY_DATE: tunisDay(30), ACTIF: 1, ...over });

describe('coupons: CRUD', () => {
  it('creates, lists, searches, sorts, reads, updates and deletes a coupon, each write in the audit log', async () => {
    const created = await call('POST', 'coupons', coupon({ CODE: ' ETE25 ' }));
    expect(created.statusCode).toBe(201);
    const c = created.json().data;
    expect(c).toEqual({ id: c.id, ID: c.id, CODE: 'ETE25', VALUE: '10.000', TYPE: 'percentage', EXPIRY_DATE: tunisDay(30), ACTIF: 1 });

    await call('POST', 'coupons', coupon({ CODE: 'BIENVENUE', VALUE: '5.5', TYPE: 'fixed', EXPIRY_DATE: tunisDay(90), ACTIF: 0 }));
    const page = (await call('GET', 'coupons?page=1')).json();
    expect(page.meta).toMatchObject({ total: 2, current_page: 1, per_page: 50 });
    // Default order: by code.
    expect(page.data.map((d: { CODE: string }) => d.CODE)).toEqual(['BIENVENUE', 'ETE25']);
    const byExpiry = (await call('GET', 'coupons?page=1&sort=EXPIRY_DATE&order=desc')).json().data;
    expect(byExpiry.map((d: { CODE: string }) => d.CODE)).toEqual(['BIENVENUE', 'ETE25']);
    const byValue = (await call('GET', 'coupons?page=1&sort=VALUE&order=desc')).json().data;
    expect(byValue.map((d: { VALUE: string }) => d.VALUE)).toEqual(['10.000', '5.500']);
    const found = (await call('GET', 'coupons?page=1&search=bienv')).json();
    expect(found.meta.total).toBe(1);
    expect(found.data[0]).toMatchObject({ CODE: 'BIENVENUE', TYPE: 'fixed', VALUE: '5.500', ACTIF: 0 });

    expect((await call('GET', `coupons/${c.id}`)).json().data).toEqual(c);

    // The list's switch sends only the flag: nothing else changes.
    const switched = await call('PUT', `coupons/${c.id}`, { ACTIF: 0 });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data).toEqual({ ...c, ACTIF: 0 });
    // An edit that leaves ACTIF out does not turn the coupon back on.
    const edited = await call('PUT', `coupons/${c.id}`, { CODE: 'ETE26', VALUE: '15', EXPIRY_DATE: tunisDay(60) });
    expect(edited.json().data).toEqual({ ...c, CODE: 'ETE26', VALUE: '15.000', EXPIRY_DATE: tunisDay(60), ACTIF: 0 });

    const removed = await call('DELETE', `coupons/${c.id}`);
    expect(removed.json()).toEqual({ success: true, data: { id: c.id } });
    expect((await call('GET', `coupons/${c.id}`)).statusCode).toBe(404);

    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'coupons'), eq(auditLog.entityId, String(c.id))))
      .orderBy(auditLog.id);
    expect(trail.map((x) => x.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(trail[1].changes).toEqual({ ACTIF: [1, 0] });
    expect(trail[2].changes).toMatchObject({ CODE: ['ETE25', 'ETE26'], VALUE: ['10.000', '15.000'] });
  });

  it('answers 404 for a coupon that does not exist, on read, update and delete', async () => {
    expect((await call('GET', 'coupons/999999')).statusCode).toBe(404);
    expect((await call('PUT', 'coupons/999999', { ACTIF: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', 'coupons/999999')).statusCode).toBe(404);
  });
});

describe('coupons: validation (422 with French field errors, nothing written)', () => {
  it('requires every field and knows only the two types', async () => {
    const before = await couponCount();
    const empty = await call('POST', 'coupons', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      CODE: [MSG.required],
      VALUE: [MSG.required],
      TYPE: [COUPON_MSG.typeUnknown],
      EXPIRY_DATE: [MSG.required],
      ACTIF: [MSG.required],
    });
    const type = await call('POST', 'coupons', coupon({ CODE: 'TYPE', TYPE: 'cadeau' }));
    expect(type.json().errors).toEqual({ TYPE: [COUPON_MSG.typeUnknown] });
    expect(await couponCount()).toBe(before);
  });

  it('requires ACTIF on create: a coupon without it is not created active', async () => {
    const before = await couponCount();
    const { ACTIF: _, ...withoutActif } = coupon({ CODE: 'SANSACTIF' });
    for (const body of [withoutActif, { ...withoutActif, ACTIF: null }]) {
      const r = await call('POST', 'coupons', body);
      expect(r.statusCode).toBe(422);
      expect(r.json().errors).toEqual({ ACTIF: [MSG.required] });
    }
    expect((await call('POST', 'coupons', coupon({ CODE: 'SANSACTIF', ACTIF: 'oui' }))).json().errors).toEqual({ ACTIF: ['Valeur 0 ou 1 attendue.'] });
    expect(await couponCount()).toBe(before);
    const off = await call('POST', 'coupons', coupon({ CODE: 'SANSACTIF', ACTIF: 0 }));
    expect(off.statusCode).toBe(201);
    expect(off.json().data.ACTIF).toBe(0);
    expect((await call('DELETE', `coupons/${off.json().data.id}`)).statusCode).toBe(200);
  });

  it('refuses a percentage above 100, also when an update changes only the type', async () => {
    const pct = await call('POST', 'coupons', coupon({ CODE: 'PCT', VALUE: '100.5' }));
    expect(pct.statusCode).toBe(422);
    expect(pct.json().errors).toEqual({ VALUE: [MSG.percentMax] });
    const fixed = (await call('POST', 'coupons', coupon({ CODE: 'FIXE150', VALUE: '150', TYPE: 'fixed' }))).json().data;
    expect(fixed.VALUE).toBe('150.000');
    const toPercent = await call('PUT', `coupons/${fixed.id}`, { TYPE: 'percentage' });
    expect(toPercent.statusCode).toBe(422);
    expect(toPercent.json()).toMatchObject({ message: MSG.percentMax, errors: { VALUE: [MSG.percentMax] } });
    expect((await call('GET', `coupons/${fixed.id}`)).json().data.TYPE).toBe('fixed');
  });

  it('refuses an expiry that is not after today (Tunis), with the spec’s message', async () => {
    for (const day of [tunisDay(0), tunisDay(-1)]) {
      const r = await call('POST', 'coupons', coupon({ CODE: `EXP${day}`, EXPIRY_DATE: day }));
      expect(r.statusCode).toBe(422);
      expect(r.json()).toEqual({
        success: false,
        message: "Le champ Date d'expiration doit être une date postérieure à aujourd'hui.",
        errors: { EXPIRY_DATE: [COUPON_MSG.expiryPast] },
      });
    }
    const ok = await call('POST', 'coupons', coupon({ CODE: 'DEMAIN', EXPIRY_DATE: tunisDay(1) }));
    expect(ok.statusCode).toBe(201);
    const id = ok.json().data.id;
    const edit = await call('PUT', `coupons/${id}`, { EXPIRY_DATE: tunisDay(-10) });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors).toEqual({ EXPIRY_DATE: [COUPON_MSG.expiryPast] });
    expect((await call('GET', `coupons/${id}`)).json().data.EXPIRY_DATE).toBe(tunisDay(1));
  });

  it('keeps an expired coupon switchable: the switch does not send the date', async () => {
    const [expired] = await t.db
      .insert(coupons)
      .values({ code: 'PERIME', value: '3', type: 'fixed', expiryDate: tunisDay(-5), actif: 1 })
      .returning();
    const off = await call('PUT', `coupons/${expired.id}`, { ACTIF: 0 });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ ACTIF: 0, EXPIRY_DATE: tunisDay(-5) });
  });

  it('refuses a code already used, whatever its case, on create and on update', async () => {
    await call('POST', 'coupons', coupon({ CODE: 'UNIQUE1' }));
    const dup = await call('POST', 'coupons', coupon({ CODE: 'unique1' }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({ success: false, message: COUPON_MSG.codeExists, errors: { CODE: [COUPON_MSG.codeExists] } });
    const other = (await call('POST', 'coupons', coupon({ CODE: 'UNIQUE2' }))).json().data;
    const rename = await call('PUT', `coupons/${other.id}`, { CODE: 'Unique1' });
    expect(rename.json().errors).toEqual({ CODE: [COUPON_MSG.codeExists] });
  });
});

describe('coupons: exports', () => {
  it('exports CSV and XLSX with French values, and a portrait PDF', async () => {
    await call('POST', 'coupons', coupon({ CODE: 'EXPORT-F', VALUE: '1234.5', TYPE: 'fixed', EXPIRY_DATE: '2099-12-31' }));
    const csv = await call('GET', 'coupons/export/csv?search=EXPORT-F');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe("Code;Valeur;Type;Date d'expiration;Actif");
    expect(lines[1]).toBe('EXPORT-F;1\u00a0234,500 DT;Montant fixe;31/12/2099;Oui');

    const xlsx = await call('GET', 'coupons/export/xlsx?search=EXPORT-F');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const headerRow = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headerRow).toEqual(['Code', 'Valeur', 'Type', "Date d'expiration", 'Actif']);

    const pdf = await call('GET', 'coupons/export/pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // A4 portrait: 595 × 842 points.
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]|\/MediaBox \[0 0 595 842\]/);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'coupons-pdf-'));
    try {
      const file = path.join(dir, 'coupons.pdf');
      writeFileSync(file, pdf.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('EXPORT-F');
      expect(text).toContain('Montant fixe');
      expect(text).toContain('31/12/2099');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('coupons: roles', () => {
  it('refuses every call to a zone chief and to the warehouse (403), admin only', async () => {
    const [c] = await t.db.select({ id: coupons.id }).from(coupons).limit(1);
    for (const email of ['chef@demo.tn', 'magasin@demo.tn']) {
      const who = await t.auth(email);
      for (const [method, url, body] of [
        ['GET', 'coupons?page=1'],
        ['GET', `coupons/${c.id}`],
        ['GET', 'coupons/export/csv'],
        ['POST', 'coupons', coupon({ CODE: 'CHEF' })],
        ['PUT', `coupons/${c.id}`, { ACTIF: 0 }],
        ['DELETE', `coupons/${c.id}`],
      ] as [Method, string, unknown?][]) {
        expect((await call(method, url, body, who)).statusCode, `${email} ${method} ${url}`).toBe(403);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/coupons' })).statusCode).toBe(401);
  });
});
