import { type ApiReply, IDEMPOTENCY_MSG, type PageMeta } from '@app/domain';

/**
 * The one HTTP client. Every call goes through `request`, which adds the bearer token, unwraps
 * { success, data, meta } and hands failures to the error catalogue (lib/errors.ts installs the
 * handler: toasts, 401 → 'Session expirée' and back to /).
 */
export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

export type Verb = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: Verb;
  body?: unknown;
  /** An array is sent as a repeated parameter (`tags=a&tags=b`). */
  query?: Record<string, string | number | readonly string[] | undefined | null>;
  /** Skip the global error toasts (the caller shows its own message). */
  silent?: boolean;
  signal?: AbortSignal;
  /** No loading overlay: searches while typing must not cover the screen or catch clicks. */
  quiet?: boolean;
}

type FailureHandler = (error: ApiError, verb: Verb, silent: boolean) => void;
let onFailure: FailureHandler = () => {};
let getToken: () => string | null = () => null;
let loading: { start(): void; stop(): void } = { start() {}, stop() {} };

export function configureApi(opts: { onFailure?: FailureHandler; getToken?: () => string | null; loading?: typeof loading }) {
  if (opts.onFailure) onFailure = opts.onFailure;
  if (opts.getToken) getToken = opts.getToken;
  if (opts.loading) loading = opts.loading;
}

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const url = new URL(`/api/${path.replace(/^\//, '')}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (Array.isArray(v)) for (const item of v) url.searchParams.append(k, String(item));
    else if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  return url.pathname + url.search;
}

/**
 * The Idempotency-Key of each write sent and not answered (the network failed, or the server said it
 * is still running it: 409). Sending the same write again, the same call on the same path with the
 * same body, sends the same key, so a write that moves points or value (the routes that honour keys,
 * lib/idempotency on the server) runs once however often it is retried. An answered write gives its
 * key up: the same write made again later on purpose is a new one. Other routes ignore the header.
 */
const unanswered = new Map<string, string>();

/** 32 random hex digits: crypto.getRandomValues works where randomUUID does not (plain http). */
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The server's 409 for a key whose first call has not finished: the key must be sent again. */
async function stillRunning(res: Response): Promise<boolean> {
  if (res.status !== 409) return false;
  const payload = (await res
    .clone()
    .json()
    .catch(() => ({}))) as { message?: string };
  return payload.message === IDEMPOTENCY_MSG.inProgress;
}

async function raw(path: string, opts: RequestOptions = {}): Promise<Response> {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const url = apiUrl(path, opts.query);
  // Uploads (form data) are not keyed: their bodies cannot be compared.
  const write = method !== 'GET' && !(body instanceof FormData) ? `${method} ${url} ${body ?? ''}` : null;
  if (write) {
    const key = unanswered.get(write) ?? newKey();
    unanswered.set(write, key);
    headers['idempotency-key'] = key;
  }
  if (!opts.quiet) loading.start();
  try {
    const res = await fetch(url, { method, headers, body, signal: opts.signal });
    if (write && !(await stillRunning(res))) unanswered.delete(write);
    return res;
  } catch (e) {
    // A cancelled call (route change, TanStack Query cancel) is not a failure to report.
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    const err = new ApiError(0, 'Serveur injoignable');
    onFailure(err, method, !!opts.silent);
    throw err;
  } finally {
    if (!opts.quiet) loading.stop();
  }
}

async function fail(res: Response, method: Verb, silent: boolean): Promise<never> {
  let payload: { message?: string; errors?: Record<string, string[]> } = {};
  try {
    payload = await res.json();
  } catch {
    /* not JSON */
  }
  const err = new ApiError(res.status, payload.message ?? res.statusText, payload.errors ?? {});
  onFailure(err, method, silent);
  throw err;
}

export async function request<T>(path: string, opts: RequestOptions = {}): Promise<{ data: T; meta?: PageMeta }> {
  const method = opts.method ?? 'GET';
  const res = await raw(path, opts);
  if (!res.ok) return fail(res, method, !!opts.silent);
  const json = (await res.json()) as ApiReply<T>;
  if (!json.success) throw new ApiError(res.status, json.message, json.errors);
  return { data: json.data, meta: json.meta };
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], opts: Omit<RequestOptions, 'query' | 'method'> = {}) =>
    request<T>(path, { ...opts, query }).then((r) => r.data),
  list: <T>(path: string, query?: RequestOptions['query']) => request<T[]>(path, { query }),
  post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body' | 'method'> = {}) =>
    request<T>(path, { ...opts, method: 'POST', body }).then((r) => r.data),
  put: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body' | 'method'> = {}) =>
    request<T>(path, { ...opts, method: 'PUT', body }).then((r) => r.data),
  delete: <T>(path: string, opts: Omit<RequestOptions, 'method'> = {}) => request<T>(path, { ...opts, method: 'DELETE' }).then((r) => r.data),
  /** A file the server produces, as a Blob (an exit slip to print…). */
  async blob(path: string, query?: RequestOptions['query']): Promise<Blob> {
    // As for `download`: the overlay stays until the last byte.
    loading.start();
    try {
      const res = await raw(path, { query, quiet: true });
      if (!res.ok) return await fail(res, 'GET', false);
      return await res.blob();
    } finally {
      loading.stop();
    }
  },
  /** Downloads a file the server produces (exports), keeping the server's file name. */
  async download(path: string, query?: RequestOptions['query']): Promise<void> {
    // The overlay stays until the whole file is in (a large export streams for a while after its
    // headers, which is when `raw` alone would take it away).
    loading.start();
    try {
      const res = await raw(path, { query, quiet: true });
      if (!res.ok) return await fail(res, 'GET', false);
      save(res, await res.blob());
    } finally {
      loading.stop();
    }
  },
};

/** Hands a downloaded file to the browser under the server's file name. */
function save(res: Response, blob: Blob) {
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export';
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = decodeURIComponent(name);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
