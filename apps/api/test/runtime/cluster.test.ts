import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertServerConfig, loadConfig } from '../../src/config';
import { requestIdOptions } from '../../src/plugins/logging';
import { createDatabase, createTestApp, onPostgres, type TestContext } from '../support/helpers';

describe('CAPTCHA_SECRET on PostgreSQL', () => {
  it('a server on DATABASE_URL without CAPTCHA_SECRET is refused in one French line', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h/db' });
    expect(() => assertServerConfig(config)).toThrow(/^Configuration invalide : CAPTCHA_SECRET est obligatoire avec DATABASE_URL/);
    expect(() => assertServerConfig(loadConfig({ DATABASE_URL: 'postgres://u@h/db', CAPTCHA_SECRET: 'x'.repeat(32) }))).not.toThrow();
    expect(() => assertServerConfig(loadConfig({}))).not.toThrow();
  });
});

describe('request ids', () => {
  let s: TestContext;
  beforeAll(async () => {
    s = await createTestApp();
  });
  afterAll(() => s.close());

  it('an incoming printable X-Request-Id comes back in the reply', async () => {
    const r = await s.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-abc-123' } });
    expect(r.headers['x-request-id']).toBe('lb-abc-123');
  });
  it('without one, or with one too long or not printable, a fresh UUID is returned', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const ids = new Set<string>();
    for (const headers of [{}, {}, { 'x-request-id': 'a'.repeat(129) }, { 'x-request-id': 'a b' }, { 'x-request-id': 'é' }]) {
      const r = await s.app.inject({ method: 'GET', url: '/api/health', headers });
      expect(r.headers['x-request-id']).toMatch(uuid);
      ids.add(String(r.headers['x-request-id']));
    }
    expect(ids.size).toBe(5);
  });
  it('every log line of a request carries its id', async () => {
    const lines: { reqId?: string; msg?: string }[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, ...requestIdOptions });
    app.get('/x', async (req) => {
      req.log.info('dans le handler');
      return {};
    });
    await app.inject({ method: 'GET', url: '/x', headers: { 'x-request-id': 'trace-42' } });
    await app.close();
    const ofRequest = lines.filter((l) => l.reqId !== undefined);
    expect(ofRequest.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'dans le handler', 'request completed']));
    expect(new Set(ofRequest.map((l) => l.reqId))).toEqual(new Set(['trace-42']));
  });
});

describe('readiness', () => {
  let s: TestContext;
  beforeAll(async () => {
    s = await createTestApp();
  });
  afterAll(() => s.close());

  it('answers 200 ready without a session and is never cached', async () => {
    const r = await s.app.inject({ method: 'GET', url: '/api/ready' });
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toEqual({ status: 'ready' });
    expect(r.headers['cache-control']).toBe('no-store');
  });
  it('answers 503 naming a registered check that fails or hangs, and 200 again once it passes', async () => {
    let state: 'down' | 'hang' | 'up' = 'down';
    s.app.readinessChecks.push({
      name: 'stockage',
      check: () => (state === 'down' ? Promise.reject(new Error('x')) : state === 'hang' ? new Promise(() => {}) : Promise.resolve()),
    });
    let r = await s.app.inject({ method: 'GET', url: '/api/ready' });
    expect(r.statusCode).toBe(503);
    expect(r.json().message).toMatch(/stockage/);
    state = 'hang';
    r = await s.app.inject({ method: 'GET', url: '/api/ready' });
    expect(r.statusCode).toBe(503);
    expect(r.json().message).toMatch(/stockage/);
    state = 'up';
    expect((await s.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
  it('answers 503 naming the database when it is gone, while /api/health is the liveness probe', async () => {
    const ping = s.app.dbHandle.ping;
    s.app.dbHandle.ping = () => Promise.reject(new Error('down'));
    try {
      const r = await s.app.inject({ method: 'GET', url: '/api/ready' });
      expect(r.statusCode).toBe(503);
      expect(r.json().message).toMatch(/base de données/);
    } finally {
      s.app.dbHandle.ping = ping;
    }
  });
  it('is in the OpenAPI document', async () => {
    const r = await s.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(r.json().paths['/api/ready']?.get).toBeTruthy();
  });
});

describe.runIf(onPostgres)('migrations on PostgreSQL', () => {
  it('two nodes migrating a fresh database together both succeed and the journal has each migration once', async () => {
    const { handle, target, drop } = await createDatabase({ fresh: true });
    const { openDatabase } = await import('../../src/db/client');
    const other = await openDatabase({ url: target });
    try {
      await Promise.all([handle.migrate(), other.migrate()]);
      const r = await handle.executeSql('select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash', []);
      const rows = r.rows as { n: number }[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.n === 1)).toBe(true);
      const { readFileSync } = await import('node:fs');
      const journal = JSON.parse(readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'));
      expect(rows.length).toBe(journal.entries.length);
    } finally {
      await other.close();
      await handle.close();
      await drop();
    }
  });
});
