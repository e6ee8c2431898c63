import pg from 'pg';

export interface ListenHandlers {
  /** A notification of the channel arrived. */
  message(): void;
  /** LISTEN is in place (first time, or again after a drop): notifications are heard from now on. */
  up(): void;
  /** The connection is gone: notifications may be missed until the next `up`. */
  down(): void;
}

/** How long to wait before connecting again after the listening connection failed or was closed. */
const RETRY_MS = 1000;

/**
 * LISTEN on `channel` through a PostgreSQL connection of its own (a pooled connection goes back to the
 * pool and hears nothing), opened again whenever it drops: a restart of PostgreSQL, an administrator's
 * pg_terminate_backend, a network cut (TCP keepalive finds a silent one).
 */
export function listenTo(url: string, channel: string, on: ListenHandlers): { close(): Promise<void> } {
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
    const lose = () => {
      if (lost) return;
      lost = true;
      if (current === client) current = null;
      on.down();
      again();
    };
    // An error is followed by 'end'; both mean the same here, and an 'error' without a listener would crash the process.
    client.on('error', lose);
    client.on('end', lose);
    client.on('notification', (n) => {
      if (n.channel === channel) on.message();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      lose();
      client.end().catch(() => {});
      return;
    }
    if (closed || lost) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    on.up();
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
