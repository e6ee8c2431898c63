import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './logging';

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
});
