import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { TextDecoder } from 'node:util';
import { WEBHOOK_DELIVERY_ERRORS, WEBHOOK_EXCERPT_CUT } from '@app/domain';
import { guardedLookup, hostOf, isForbiddenAddress } from './address-guard';

export const WEBHOOK_USER_AGENT = 'BackOffice-Fidelite-Webhooks/1';
/** Per attempt, from the connection to the end of the response body. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Characters of a reply the log keeps (response_excerpt is varchar(500)), the cut marker included. */
export const RESPONSE_EXCERPT_MAX = 500;
/** Bytes of a reply's start kept for its excerpt (500 characters need at most 2,000 in UTF-8, 1,000 in UTF-16). */
const RESPONSE_HEAD_BYTES = 4096;
/**
 * Bytes of a reply read at most: an acknowledgement is small; a bigger reply is not read to its end (its
 * connection is dropped) and counts as a failure (WEBHOOK_DELIVERY_ERRORS.replyTooLarge says 64 Kio).
 */
export const RESPONSE_READ_MAX = 64 * 1024;

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
    const host = hostOf(url);
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
          const reply = new ReplyReader(res.headers['content-type']);
          const conclude = (complete: boolean, problem?: string) => {
            if (settled) return;
            const r = reply.end(complete);
            finish(classify(status, r.excerpt, problem ?? r.problem));
          };
          res.on('data', (c: Buffer) => {
            if (reply.push(c)) return;
            // Past the cap: what was read is recorded, the rest is not waited for.
            conclude(false, WEBHOOK_DELIVERY_ERRORS.replyTooLarge);
            res.destroy();
          });
          res.on('end', () => conclude(true));
          // The connection ended before the body did.
          res.on('error', () => conclude(false, WEBHOOK_DELIVERY_ERRORS.replyInterrupted));
          res.on('close', () => {
            if (!res.complete) conclude(false, WEBHOOK_DELIVERY_ERRORS.replyInterrupted);
          });
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

/** The charset a reply declares (`text/plain; charset=ISO-8859-1`), when the decoder knows it; UTF-8 otherwise. */
function charsetOf(contentType: string | undefined): string {
  for (const param of (contentType ?? '').slice(0, 200).split(';').slice(1)) {
    const [name, value] = param.split('=', 2).map((x) => x.trim());
    if (name?.toLowerCase() !== 'charset' || !value) continue;
    const label = value.replace(/^"|"$/g, '');
    try {
      new TextDecoder(label);
      return label;
    } catch {
      return 'utf-8';
    }
  }
  return 'utf-8';
}

/**
 * A reply's body read as it streams in: its first RESPONSE_HEAD_BYTES kept for the excerpt, every byte
 * read checked (a NUL, an invalid sequence of its charset), at most RESPONSE_READ_MAX bytes read.
 * Nothing else is buffered.
 */
class ReplyReader {
  private readonly charset: string;
  private readonly head: Buffer[] = [];
  private headBytes = 0;
  private total = 0;
  private check: TextDecoder | null;
  private problem: string | null = null;

  constructor(contentType: string | undefined) {
    this.charset = charsetOf(contentType);
    this.check = new TextDecoder(this.charset, { fatal: true });
  }

  /** Takes a chunk; false once the reply is past RESPONSE_READ_MAX (stop reading). */
  push(chunk: Buffer): boolean {
    this.total += chunk.length;
    if (this.headBytes < RESPONSE_HEAD_BYTES) {
      const part = chunk.subarray(0, RESPONSE_HEAD_BYTES - this.headBytes);
      this.head.push(part);
      this.headBytes += part.length;
    }
    if (this.total > RESPONSE_READ_MAX) return false;
    this.inspect(() => this.check?.decode(chunk, { stream: true }) ?? '');
    return true;
  }

  /** The excerpt and what made the reply unstorable as it came, if anything. `complete`: the body ended. */
  end(complete: boolean): { excerpt: string | null; problem: string | null } {
    // A body that ends inside a character is invalid; one cut by us is not.
    if (complete) this.inspect(() => this.check?.decode() ?? '');
    const head = Buffer.concat(this.head);
    const text = new TextDecoder(this.charset).decode(head, { stream: !complete || this.total > this.headBytes });
    return { excerpt: excerptOf(text, this.total > this.headBytes), problem: this.problem };
  }

  private inspect(decode: () => string) {
    if (!this.check) return;
    try {
      if (decode().includes('\u0000')) this.problem = WEBHOOK_DELIVERY_ERRORS.replyNul;
    } catch {
      this.problem = WEBHOOK_DELIVERY_ERRORS.replyEncoding;
    }
    // The first problem is the one reported; the rest is not checked.
    if (this.problem) this.check = null;
  }
}

/**
 * One character as the log shows it: control characters (C0 but tab, line feed and carriage return; DEL;
 * C1) escaped visibly as \u001b, a lone surrogate replaced; anything else as it is.
 */
function visible(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  if ((code < 0x20 && ch !== '\t' && ch !== '\n' && ch !== '\r') || (code >= 0x7f && code <= 0x9f)) return `\\u${code.toString(16).padStart(4, '0')}`;
  if (code >= 0xd800 && code <= 0xdfff) return '\ufffd';
  return ch;
}

/**
 * The stored excerpt of a reply's text: escaped (`visible`), at most RESPONSE_EXCERPT_MAX characters; when
 * the reply was longer (`cut`, or the text does not fit) it ends with WEBHOOK_EXCERPT_CUT, never inside
 * an escape or a character. Null for an empty reply.
 */
export function excerptOf(text: string, cut = false): string | null {
  const room = RESPONSE_EXCERPT_MAX - WEBHOOK_EXCERPT_CUT.length;
  let out = '';
  let roomEnd = -1;
  for (const ch of text) {
    const piece = visible(ch);
    if (roomEnd < 0 && out.length + piece.length > room) roomEnd = out.length;
    if (out.length + piece.length > RESPONSE_EXCERPT_MAX) {
      cut = true;
      break;
    }
    out += piece;
  }
  if (!cut) return out || null;
  return `${roomEnd < 0 ? out : out.slice(0, roomEnd)}${WEBHOOK_EXCERPT_CUT}`;
}

/**
 * A response's outcome: 2xx succeeds; 3xx is not followed and fails (retried: the receiver may be
 * fixed); 4xx fails for good except 408 and 429 (saleor#14557: a receiver refusing the payload will
 * refuse it again); 5xx is retried. A reply that could not be stored as it came (`problem`: a NUL, an
 * invalid encoding, over RESPONSE_READ_MAX bytes, cut short) is a failure of the endpoint, toward its
 * pause, whatever its status; with a 2xx it is not retried (the event was received: sending it again
 * would only duplicate it, and the receiver would answer the same).
 */
export function classify(status: number, excerpt: string | null, problem: string | null = null): Omit<AttemptOutcome, 'durationMs'> {
  if (status >= 200 && status < 300) {
    return problem
      ? { ok: false, httpStatus: status, excerpt, error: problem, retryable: false }
      : { ok: true, httpStatus: status, excerpt, error: null, retryable: false };
  }
  const base = status >= 300 && status < 400 ? WEBHOOK_DELIVERY_ERRORS.redirect : `${WEBHOOK_DELIVERY_ERRORS.http} (HTTP ${status})`;
  const retryable = !(status >= 400 && status < 500) || status === 408 || status === 429;
  return { ok: false, httpStatus: status, excerpt, error: problem ? `${base} ; ${problem}` : base, retryable };
}

function networkFailure(err: NodeJS.ErrnoException): Omit<AttemptOutcome, 'durationMs'> {
  const base = { ok: false, httpStatus: null, excerpt: null } as const;
  if (err.code === 'EWEBHOOKFORBIDDEN') return { ...base, error: WEBHOOK_DELIVERY_ERRORS.forbidden, retryable: false };
  if (err.code === 'ECONNREFUSED') return { ...base, error: WEBHOOK_DELIVERY_ERRORS.refused, retryable: true };
  if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') return { ...base, error: WEBHOOK_DELIVERY_ERRORS.dns, retryable: true };
  if (err.code === 'ETIMEDOUT') return { ...base, error: WEBHOOK_DELIVERY_ERRORS.timeout, retryable: true };
  return { ...base, error: WEBHOOK_DELIVERY_ERRORS.network, retryable: true };
}
