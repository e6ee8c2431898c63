import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorForLog, loggerOptions, redactUrl } from './logging';

describe('log redaction', () => {
  it('masks secret query values and keeps the others', () => {
    expect(redactUrl('/api/x?token=abc&page=2&Reset_Code=123456')).toBe('/api/x?token=[masqué]&page=2&Reset_Code=[masqué]');
    expect(redactUrl('/api/clients?page=1')).toBe('/api/clients?page=1');
  });

  it('never writes a token, a password, a reset code or the Authorization header', async () => {
    let written = '';
    const stream = new Writable({
      write(chunk, _enc, done) {
        written += chunk.toString();
        done();
      },
    });
    const options = loggerOptions({ LOG_LEVEL: 'info' });
    const app = Fastify({ logger: { ...(options as object), stream } });
    app.post('/x', async (request) => {
      request.log.info({ body: request.body, headers: request.headers }, 'reçu');
      return { ok: true };
    });
    await app.inject({
      method: 'POST',
      url: '/x?token=SECRET-QUERY&page=1',
      headers: { authorization: 'Bearer SECRET-BEARER' },
      payload: { email: 'a@b.tn', password: 'SECRET-PASSWORD', reset_code: 'SECRET-CODE', nested: { token: 'SECRET-NESTED' } },
    });
    await app.close();
    expect(written).toContain('reçu');
    expect(written).toContain('a@b.tn');
    expect(written).toContain('page=1');
    expect(written).not.toMatch(/SECRET-/);
  });

  it('writes a failed statement without its bound values: not from Drizzle, node-postgres or PGlite', async () => {
    // node-postgres: the detail quotes the row; PGlite also keeps the statement and its values on its error.
    const pg = Object.assign(new Error('duplicate key value violates unique constraint "sessions_token_hash_key"'), {
      severity: 'ERROR',
      code: '23505',
      constraint: 'sessions_token_hash_key',
      table: 'sessions',
      detail: 'Key (token_hash)=(SECRET-HASH) already exists.',
      params: ['SECRET-HASH', 7],
    });
    const err = new DrizzleQueryError('insert into "sessions" ("token_hash", "user_id") values ($1, $2)', ['SECRET-HASH', 7], pg);
    const options = loggerOptions({ LOG_LEVEL: 'info' }, undefined);
    let written = '';
    const stream = {
      write(line: string) {
        written += line;
      },
    };
    const app = Fastify({ logger: { ...(options as object), stream } });
    app.log.error({ err }, 'échec');
    app.log.error(err);
    await app.close();
    expect(written).not.toContain('SECRET-');
    const [line] = written
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(line.err).toMatchObject({
      type: 'QueryError',
      errorClass: 'DrizzleQueryError',
      code: '23505',
      constraint: 'sessions_token_hash_key',
      table: 'sessions',
    });
    expect(line.err.sql).toBe('insert into "sessions" ("token_hash", "user_id") values ($1, $2)');
    expect(line.err.message).toBe(pg.message);
    // Other errors are written as before.
    const plain = new Error('disque plein');
    expect(errorForLog(plain)).toBe(plain);
  });
});
