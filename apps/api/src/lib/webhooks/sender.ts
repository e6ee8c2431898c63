import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_DELIVERY_ERRORS } from '@app/domain';
import { guardedLookup, isForbiddenAddress } from './address-guard';

export const WEBHOOK_USER_AGENT = 'BackOffice-Fidelite-Webhooks/1';
/** Per attempt, from the connection to the end of the response body. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const RESPONSE_EXCERPT_MAX = 500;
/** Bytes of a response body read at most (the excerpt needs 500 characters). */
const RESPONSE_READ_MAX = 4096;

/** `v1=` + hex HMAC-SHA256 of "<timestamp>.<raw body>" with the endpoint's secret (the contract's signature). */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface AttemptOutcome {
  /** Any 2xx. */
  ok: boolean;
  httpStatus: number | null;
  durationMs: number;
  excerpt: string | null;
  /** French, for the log; null on success. */
  error: string | null;
  /** True when another attempt could succeed (5xx, 3xx, 408, 429, network, timeout); false for other 4xx and forbidden addresses. */
  retryable: boolean;
}

/**
 * Keep-alive agents, one per scheme, shared by every delivery of this process: connections to a
 * receiver are reused across events (the latency target). Guarded agents check every address they
 * connect to (address-guard.ts); the open ones serve WEBHOOKS_ALLOW_PRIVATE.
 */
function agents(guarded: boolean) {
  const options = { keepAlive: true, maxSockets: 32, maxFreeSockets: 8, timeout: 60_000, ...(guarded ? { lookup: guardedLookup } : {}) };
  return { http: new http.Agent(options), https: new https.Agent(options) };
}

export class WebhookSender {
  private readonly agent: { http: http.Agent; https: https.Agent };

  constructor(private readonly allowPrivate: boolean) {
    this.agent = agents(!allowPrivate);
  }

  /** One POST of `body`, signed now; never throws (a failure is an outcome). */
  send(target: string, secret: string, eventId: string, body: string, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<AttemptOutcome> {
    const started = performance.now();
    const done = (o: Omit<AttemptOutcome, 'durationMs'>): AttemptOutcome => ({ ...o, durationMs: Math.round(performance.now() - started) });
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return Promise.resolve(done({ ok: false, httpStatus: null, excerpt: null, error: WEBHOOK_DELIVERY_ERRORS.network, retryable: false }));
    }
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    // An IP literal is connected to without a lookup: judged here.
    if (!this.allowPrivate && (url.protocol !== 'https:' || (isIP(host) && isForbiddenAddress(host)))) {
      return Promise.resolve(done({ ok: false, httpStatus: null, excerpt: null, error: WEBHOOK_DELIVERY_ERRORS.forbidden, retryable: false }));
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const secure = url.protocol === 'https:';
    return new Promise<AttemptOutcome>((resolve) => {
      let settled = false;
      const finish = (o: Omit<AttemptOutcome, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(done(o));
      };
      const req = (secure ? https : http).request(
        url,
        {
          method: 'POST',
          agent: secure ? this.agent.https : this.agent.http,
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
            'User-Agent': WEBHOOK_USER_AGENT,
            'Webhook-Id': eventId,
            'Webhook-Timestamp': String(timestamp),
            'Webhook-Signature': signatureOf(secret, timestamp, body),
          },
        },
        (res) => {
          const status = res.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            if (size < RESPONSE_READ_MAX) chunks.push(c);
            size += c.length;
          });
          res.on('error', () => finish(classify(status, null)));
          res.on('end', () => finish(classify(status, excerptOf(Buffer.concat(chunks)))));
        },
      );
      // The whole attempt, connection and body included, within the timeout.
      const timer = setTimeout(() => {
        finish({ ok: false, httpStatus: null, excerpt: null, error: WEBHOOK_DELIVERY_ERRORS.timeout, retryable: true });
        req.destroy();
      }, timeoutMs);
      req.on('error', (err: NodeJS.ErrnoException) => finish(networkFailure(err)));
      req.end(body);
    });
  }

  close() {
    this.agent.http.destroy();
    this.agent.https.destroy();
  }
}

function excerptOf(buf: Buffer): string | null {
  if (!buf.length) return null;
  return buf.toString('utf8').slice(0, RESPONSE_EXCERPT_MAX);
}

/**
 * A response's outcome: 2xx succeeds; 3xx is not followed and fails (retried: the receiver may be
 * fixed); 4xx fails for good except 408 and 429 (saleor#14557: a receiver refusing the payload will
 * refuse it again); 5xx is retried.
 */
export function classify(status: number, excerpt: string | null): Omit<AttemptOutcome, 'durationMs'> {
  if (status >= 200 && status < 300) return { ok: true, httpStatus: status, excerpt, error: null, retryable: false };
  const error = status >= 300 && status < 400 ? WEBHOOK_DELIVERY_ERRORS.redirect : `${WEBHOOK_DELIVERY_ERRORS.http} (HTTP ${status})`;
  const retryable = !(status >= 400 && status < 500) || status === 408 || status === 429;
  return { ok: false, httpStatus: status, excerpt, error, retryable };
}

function networkFailure(err: NodeJS.ErrnoException): Omit<AttemptOutcome, 'durationMs'> {
  const base = { ok: false, httpStatus: null, excerpt: null } as const;
  if (err.code === 'EWEBHOOKFORBIDDEN') return { ...base, error: WEBHOOK_DELIVERY_ERRORS.forbidden, retryable: false };
  if (err.code === 'ECONNREFUSED') return { ...base, error: WEBHOOK_DELIVERY_ERRORS.refused, retryable: true };
  if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') return { ...base, error: WEBHOOK_DELIVERY_ERRORS.dns, retryable: true };
  if (err.code === 'ETIMEDOUT') return { ...base, error: WEBHOOK_DELIVERY_ERRORS.timeout, retryable: true };
  return { ...base, error: WEBHOOK_DELIVERY_ERRORS.network, retryable: true };
}
