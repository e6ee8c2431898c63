import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { isSecretField, SECRET_FIELDS } from '../lib/secret-fields';

/** Names whose values are secrets wherever they appear in a logged object or a logged URL: the request's secret fields and two headers. */
const SECRET_KEYS = [...new Set([...SECRET_FIELDS, ...SECRET_FIELDS.map((k) => k.toLowerCase()), 'authorization', 'cookie'])];
const isSecretKey = (name: string) => isSecretField(name) || name === 'authorization' || name === 'cookie';
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
      return eq >= 0 && isSecretKey(name) ? `${pair.slice(0, eq)}=${CENSOR}` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/** A PostgreSQL error code: five digits or capitals (23505, 42P01, P0001). */
const PG_CODE = /^[0-9A-Z]{5}$/;
const MAX_LOGGED_SQL = 2000;

type ErrorLink = Error & { code?: unknown; severity?: unknown; query?: unknown; params?: unknown; constraint?: unknown; table?: unknown; column?: unknown };

/** A failed statement as the log shows it (errorForLog); the log's `type` is this class's name. */
class QueryError extends Error {}

/**
 * A database error as the log shows it: the PostgreSQL code and message, the constraint, table and
 * column, the SQL text (bind placeholders only) and the stack's frames; never the values bound to
 * the statement. Drizzle's `DrizzleQueryError` writes them into its message (`params: …`), hence into
 * its stack, and keeps them in `.params`; PGlite's error keeps `.params` too; PostgreSQL's `detail`
 * repeats them (`Failing row contains (…)`, `Key (…)=(…)`), and a bound value may be quoted in the
 * message itself (`invalid input syntax for type integer: "…"`): such a value is masked. Any other
 * error is returned as it is.
 */
export function errorForLog(err: unknown): unknown {
  const chain: ErrorLink[] = [];
  for (let e = err as ErrorLink | undefined; e instanceof Error && chain.length < 5; e = e.cause as ErrorLink | undefined) chain.push(e);
  const pg = chain.find((e) => typeof e.code === 'string' && PG_CODE.test(e.code) && (typeof e.severity === 'string' || typeof e.query === 'string'));
  const query = chain.find((e) => typeof e.query === 'string' && (Array.isArray(e.params) || e === pg));
  if (!pg && !query) return err;
  const bound = chain.flatMap((e) => (Array.isArray(e.params) ? e.params : []));
  const values = bound
    .map((v) => (v instanceof Date ? v.toISOString() : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)))
    .filter((v) => v.length >= 4)
    .sort((a, b) => b.length - a.length);
  const mask = (text: string) => values.reduce((t, v) => t.split(v).join(CENSOR), text);
  const top = chain[0];
  // The database's own error, or what stopped the statement (a lost connection): Drizzle's message is the SQL and its values.
  const root = pg ?? (chain.length > 1 ? chain[chain.length - 1] : null);
  const safe = new QueryError(root ? mask(String(root.message)) : 'Failed query');
  const frames = (top.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  safe.stack = [`QueryError: ${safe.message}`, ...frames.map(mask)].join('\n');
  const fields: Record<string, unknown> = { errorClass: top.constructor?.name || top.name };
  if (typeof root?.code === 'string') fields.code = root.code;
  if (pg) for (const key of ['severity', 'constraint', 'table', 'column'] as const) if (typeof pg[key] === 'string') fields[key] = pg[key];
  if (typeof query?.query === 'string') fields.sql = mask(query.query.slice(0, MAX_LOGGED_SQL));
  return Object.assign(safe, fields);
}

/**
 * The server's logger: the level from LOG_LEVEL, and secrets (tokens, passwords, reset codes, the
 * Authorization header, the values bound to a failed statement) replaced wherever a log line could
 * carry them. `stream`: where the lines go (tests read them), standard output otherwise.
 */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  const paths = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'];
  for (const key of SECRET_KEYS) paths.push(key, `*.${key}`, `*.*.${key}`);
  return {
    level: config.LOG_LEVEL,
    ...(stream ? { stream } : {}),
    redact: { paths, censor: CENSOR },
    // Before pino reads the error (its message becomes the line's when none is given) and serializes it.
    hooks: {
      logMethod(args: unknown[], method: (...args: unknown[]) => void) {
        const [first] = args;
        if (first instanceof Error) args[0] = errorForLog(first);
        else if (first && typeof first === 'object' && 'err' in first) args[0] = { ...first, err: errorForLog(first.err) };
        return method.apply(this, args);
      },
    },
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
 * Request ids unique across nodes: the load balancer's `X-Request-Id` when it sends a sane
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
