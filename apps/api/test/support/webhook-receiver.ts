import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: { id: string; type: string; created_at: string; resource: { type: string; id: string }; data: Record<string, unknown> };
  at: number;
}
export interface Answer {
  status?: number;
  /** Bytes as they are (a Buffer may hold a NUL or invalid UTF-8). */
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** Milliseconds before answering. */
  delay?: number;
}

/**
 * A real webhook receiver on 127.0.0.1 (node:http), as an integrator would run: it records every
 * request with its raw body, and answers what the test decides (`answer`, per request; 200 by default).
 */
export async function startReceiver() {
  const received: Received[] = [];
  let answer: (r: Received) => Answer = () => ({ status: 200, body: 'ok' });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Received['body'];
      try {
        body = JSON.parse(raw);
      } catch {
        body = {} as Received['body'];
      }
      const r: Received = { path: req.url ?? '', headers: req.headers, raw, body, at: Date.now() };
      received.push(r);
      const a = answer(r);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(a.status ?? 200, { 'content-type': 'text/plain', ...a.headers });
        res.end(a.body ?? '');
      };
      if (a.delay) setTimeout(send, a.delay);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    /** The requests to one path (each test uses its own). */
    at: (path: string) => received.filter((r) => r.path === path),
    respond(fn: (r: Received) => Answer) {
      answer = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Checks a request's signature as a receiver would: HMAC-SHA256(secret, "<timestamp>.<raw body>"). */
export function signatureValid(r: Received, secret: string): boolean {
  const ts = String(r.headers['webhook-timestamp'] ?? '');
  const sig = String(r.headers['webhook-signature'] ?? '');
  const expected = `v1=${createHmac('sha256', secret).update(`${ts}.${r.raw}`).digest('hex')}`;
  return sig.length === expected.length && timingSafeEqual(Buffer.from(sig), Buffer.from(expected));
}
