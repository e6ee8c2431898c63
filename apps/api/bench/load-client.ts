/**
 * The load generator of bench/load.ts, in a process of its own so that it does not share the
 * server's event loop: `node --import tsx bench/load-client.ts '<spec JSON>'`. Runs one autocannon
 * instance per kind of call, all at once (their connections add up), and prints one JSON line of
 * figures per kind. `{id}` in a path or body is replaced, per request, by an id drawn in `ids`.
 */
import autocannon from 'autocannon';

export interface LoadKind {
  kind: string;
  connections: number;
  method?: 'GET' | 'POST' | 'PUT';
  /** Paths taken in turn by each connection. */
  paths: string[];
  body?: string;
  /** This kind's own headers (`{id}` filled per request, like the path and body). */
  headers?: Record<string, string>;
  ids?: [min: number, max: number];
  /** Seconds a request may stay unanswered before it counts as a timeout (10, autocannon's default). */
  timeout?: number;
  /** Requests to send in all, then this kind stops (a burst), instead of running for the whole duration. */
  amount?: number;
  /** `ids` taken in turn (min, min + 1, …), one per request for its path, body and headers alike, instead of drawn. */
  idsInTurn?: boolean;
}
export interface LoadSpec {
  base: string;
  seconds: number;
  headers: Record<string, string>;
  kinds: LoadKind[];
}
export interface KindFigures {
  kind: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  status5xx: number;
  /** How many answers of each status code (autocannon's statusCodeStats). */
  statuses?: Record<string, number>;
}

const spec = JSON.parse(process.argv[2]) as LoadSpec;
const pick = ([min, max]: [number, number]) => String(min + Math.floor(Math.random() * (max - min + 1)));

function runKind(k: LoadKind): Promise<KindFigures> {
  let turn = 0;
  let current = '';
  const nextId = () => {
    if (k.ids && k.idsInTurn) current = String(k.ids[0] + (turn++ % (k.ids[1] - k.ids[0] + 1)));
  };
  const fill = (s: string) => (k.ids ? s.replaceAll('{id}', k.idsInTurn ? current : pick(k.ids)) : s);
  const headers = { ...spec.headers, ...(k.body ? { 'content-type': 'application/json' } : {}) };
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: spec.base,
        connections: k.connections,
        ...(k.amount ? { amount: k.amount } : { duration: spec.seconds }),
        // A request still unanswered after 10 s counts as a timeout (autocannon's default), unless the kind says.
        timeout: k.timeout ?? 10,
        requests: k.paths.map((p) => ({
          method: k.method ?? 'GET',
          path: p,
          headers,
          setupRequest: (req) => {
            nextId();
            return {
              ...req,
              path: fill(p),
              ...(k.body ? { body: fill(k.body) } : {}),
              ...(k.headers ? { headers: { ...headers, ...Object.fromEntries(Object.entries(k.headers).map(([n, v]) => [n, fill(v)])) } } : {}),
            };
          },
        })),
      },
      (err, r) =>
        err
          ? reject(err)
          : resolve({
              kind: k.kind,
              connections: k.connections,
              requests: r.requests.total,
              rps: r.requests.average,
              p50: r.latency.p50,
              p99: r.latency.p99,
              max: r.latency.max,
              errors: r.errors,
              timeouts: r.timeouts,
              non2xx: r.non2xx,
              status5xx: r['5xx'],
              statuses: Object.fromEntries(
                Object.entries((r as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {}).map(([code, v]) => [code, v.count]),
              ),
            }),
    );
  });
}

const figures = await Promise.all(spec.kinds.map(runKind));
process.stdout.write(`${JSON.stringify(figures)}\n`);
