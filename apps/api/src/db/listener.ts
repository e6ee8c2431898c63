import { randomUUID } from 'node:crypto';
import pg from 'pg';

export interface ListenHandlers {
  /** A notification of the channel arrived (never a probe, see below). */
  message(): void;
  /** LISTEN is in place and proven to hear (first time, or again after a drop): notifications are heard from now on. */
  up(): void;
  /** The connection is gone or deaf: notifications may be missed until the next `up`. */
  down(): void;
}

export interface ListenOptions {
  /**
   * Sends a notification through another connection (the pool). The listener sends itself a probe this
   * way: `up` only once the first one has come back, and a probe that does not come back in time makes
   * the connection count as deaf (down, closed, opened again). A connection can look open and hear
   * nothing: a half-open TCP connection, or a pooler in transaction mode between the node and PostgreSQL,
   * which gives LISTEN to a server connection that then serves others.
   */
  send(channel: string, payload: string): Promise<unknown>;
  /** How often a probe is sent, and how long it may take to come back (ms). */
  probeEveryMs?: number;
  probeTimeoutMs?: number;
}

/** How long to wait before connecting again after the listening connection failed, was closed, or went deaf. */
const RETRY_MS = 1000;
/** Probe payloads start with this; the triggers' notifications carry an empty payload. */
const PROBE = 'probe:';

/**
 * LISTEN on `channel` through a PostgreSQL connection of its own (a pooled connection goes back to the
 * pool and hears nothing), opened again whenever it drops (a restart of PostgreSQL, an administrator's
 * pg_terminate_backend, a network cut) or stops hearing its own probes.
 */
export function listenTo(url: string, channel: string, on: ListenHandlers, opts: ListenOptions): { close(): Promise<void> } {
  const probeEvery = opts.probeEveryMs ?? 5000;
  const probeTimeout = opts.probeTimeoutMs ?? 5000;
  const me = `${PROBE}${randomUUID()}:`;
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  const again = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RETRY_MS);
    retry.unref();
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    let lost = false;
    let hearing = false;
    let seq = 0;
    let pending: { seq: number; at: number } | null = null;
    let ticker: NodeJS.Timeout | undefined;
    const lose = () => {
      if (lost) return;
      lost = true;
      clearInterval(ticker);
      if (current === client) current = null;
      on.down();
      client.end().catch(() => {});
      again();
    };
    const probe = () => {
      if (pending) {
        if (Date.now() - pending.at >= probeTimeout) lose();
        return;
      }
      const sent = { seq: ++seq, at: Date.now() };
      pending = sent;
      // A probe that could not be sent proves nothing about this connection: the next tick tries again.
      opts.send(channel, `${me}${sent.seq}`).catch(() => {
        if (pending === sent) pending = null;
      });
    };
    // An error is followed by 'end'; both mean the same here, and an 'error' without a listener would crash the process.
    client.on('error', lose);
    client.on('end', lose);
    client.on('notification', (n) => {
      if (n.channel !== channel || lost) return;
      const payload = n.payload ?? '';
      if (!payload.startsWith(PROBE)) return on.message();
      if (payload !== `${me}${pending?.seq}`) return; // another node's probe, or one of ours already given up
      pending = null;
      if (!hearing) {
        hearing = true;
        on.up();
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      lose();
      return;
    }
    if (closed || lost) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    probe();
    ticker = setInterval(probe, Math.min(probeEvery, probeTimeout));
    ticker.unref();
  };

  void connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end().catch(() => {});
    },
  };
}
