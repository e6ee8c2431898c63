import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenTo } from '../../src/db/listener';
import { createDatabase, onPostgres } from '../support/helpers';

/**
 * The LISTEN connection behind the session cache (db/listener.ts): it reports itself up only once it has
 * heard its own probe sent through another connection, and down when a probe does not come back, as a
 * half-open connection or a pooler in transaction mode would leave it.
 */
describe.runIf(onPostgres)('the listening connection', () => {
  let target: string;
  let drop: () => Promise<void>;
  let pool: pg.Pool;
  beforeAll(async () => {
    const made = await createDatabase();
    await made.handle.close();
    ({ target, drop } = made);
    pool = new pg.Pool({ connectionString: target, max: 2 });
  });
  afterAll(async () => {
    await pool.end();
    await drop();
  });

  const channel = 'test_channel';
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  async function until(check: () => boolean) {
    const end = Date.now() + 3000;
    while (!check()) {
      if (Date.now() > end) throw new Error('condition not met within 3 s');
      await sleep(10);
    }
  }
  const recorder = () => {
    const events: string[] = [];
    return { events, on: { message: () => events.push('message'), up: () => events.push('up'), down: () => events.push('down') } };
  };
  const quick = { probeEveryMs: 100, probeTimeoutMs: 300 };
  const send = (ch: string, payload: string) => pool.query('select pg_notify($1, $2)', [ch, payload]);

  it('is up once its own probe came back, and passes on the channel’s notifications but never the probes', async () => {
    const { events, on } = recorder();
    const listener = listenTo(target, channel, on, { send, ...quick });
    try {
      await until(() => events.includes('up'));
      await send(channel, '');
      await until(() => events.includes('message'));
      // Several probes go and come back meanwhile: none is taken for a notification, none is missed.
      await sleep(600);
      expect(events).toEqual(['up', 'message']);
    } finally {
      await listener.close();
    }
  });

  it('is never up while its probes do not come back', async () => {
    const { events, on } = recorder();
    const listener = listenTo(target, channel, on, { send: async () => {}, ...quick });
    try {
      await until(() => events.includes('down'));
      expect(events).not.toContain('up');
    } finally {
      await listener.close();
    }
  });

  it('goes down when its probes stop coming back, and up again once they return', async () => {
    let deliver = true;
    const { events, on } = recorder();
    const listener = listenTo(target, channel, on, { send: (ch, payload) => (deliver ? send(ch, payload) : Promise.resolve()), ...quick });
    try {
      await until(() => events.includes('up'));
      deliver = false;
      await until(() => events.includes('down'));
      deliver = true;
      await until(() => events.filter((e) => e === 'up').length === 2);
      expect(events.slice(0, 2)).toEqual(['up', 'down']);
    } finally {
      await listener.close();
    }
  });
});
