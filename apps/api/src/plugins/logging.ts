import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** Names whose values are secrets wherever they appear in a logged object or a logged URL. */
const SECRET_KEYS = ['password', 'old_password', 'new_password', 'confirm_password', 'token', 'reset_code', 'captcha', 'authorization', 'cookie'];
const CENSOR = '[masqué]';

/** `?token=abc&page=2` → `?token=[masqué]&page=2`: a secret in a query never reaches the logs. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = (eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
      return eq >= 0 && SECRET_KEYS.includes(name) ? `${pair.slice(0, eq)}=${CENSOR}` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/**
 * The server's logger: the level from LOG_LEVEL, and secrets (tokens, passwords, reset codes, the
 * Authorization header) replaced wherever a log line could carry them (issue 19 §4).
 */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  const paths = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'];
  for (const key of SECRET_KEYS) paths.push(key, `*.${key}`, `*.*.${key}`);
  return {
    level: config.LOG_LEVEL,
    redact: { paths, censor: CENSOR },
    serializers: {
      req: (req: { method: string; url: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.hostname,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}

/** An incoming request id is kept when printable ASCII and at most 128 characters; anything else is ignored. */
const VALID_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

/**
 * Request ids unique across nodes (issue 22 §2): the load balancer's `X-Request-Id` when it sends a sane
 * one, else a UUID (Fastify's default `req-1`, `req-2`… repeats on every node). Fastify puts it in every
 * log line as `reqId`; an onRequest hook returns it in the reply header.
 */
export const requestIdOptions = {
  requestIdHeader: false as const,
  genReqId: (req: { headers: Record<string, string | string[] | undefined> }): string => {
    const incoming = req.headers['x-request-id'];
    return typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  },
};
