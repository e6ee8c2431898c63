import { createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  /** The body as sent: the signature covers these bytes, not a re-serialisation. */
  raw: string;
  body: { id: string; type: string; resource: { type: string; id: string }; data: Record<string, unknown> };
}

/** A webhook receiver on 127.0.0.1 as an integrator would run one: it records every request and answers 200. */
export async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body = {} as Received['body'];
      try {
        body = JSON.parse(raw);
      } catch {}
      received.push({ path: req.url ?? '', headers: req.headers, raw, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('reçu');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    at: (path: string) => received.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The check a receiver makes: Webhook-Signature is v1=HMAC-SHA256(secret, "<Webhook-Timestamp>.<raw body>") in hex. */
export function signatureValid(r: Received, secret: string): boolean {
  const ts = String(r.headers['webhook-timestamp'] ?? '');
  const sig = String(r.headers['webhook-signature'] ?? '');
  const expected = `v1=${createHmac('sha256', secret).update(`${ts}.${r.raw}`).digest('hex')}`;
  return sig.length === expected.length && timingSafeEqual(Buffer.from(sig), Buffer.from(expected));
}
