import { EXPORT_JOB_MSG } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { DirectExportSeats } from './direct-seats';

const refusal = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (err) {
    return { status: (err as { statusCode?: number }).statusCode, message: (err as Error).message };
  }
};

describe('direct export seats', () => {
  it('holds each user to perUser downloads at once and the node to perNode, and gives seats back', () => {
    const seats = new DirectExportSeats({ perUser: 2, perNode: 3 });
    const a1 = seats.take(1);
    seats.take(1);
    expect(refusal(() => seats.take(1))).toEqual({ status: 429, message: EXPORT_JOB_MSG.alreadyRunning });
    seats.take(2);
    expect(refusal(() => seats.take(3))).toEqual({ status: 429, message: EXPORT_JOB_MSG.serverBusy });
    expect(seats.streaming).toBe(3);
    a1();
    // Released twice (the stream's end, then its close): one seat back, not two.
    a1();
    expect(seats.streaming).toBe(2);
    expect(refusal(() => seats.take(3))).toBeNull();
    expect(refusal(() => seats.take(1))).toEqual({ status: 429, message: EXPORT_JOB_MSG.serverBusy });
  });
});

describe('a direct download through sendExport', () => {
  it('holds its seat while it streams (one more is the 429, before its list is read) and gives it back at its end', async () => {
    const { default: Fastify } = await import('fastify');
    const { sendExport } = await import('./index');
    const app = Fastify();
    app.decorate('directExports', new DirectExportSeats({ perUser: 2, perNode: 4 }));
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (req) => {
      (req as unknown as { user: { id: number } }).user = { id: 7 };
    });
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let listsRead = 0;
    app.get('/export', (_req, reply) =>
      sendExport(reply, {
        format: 'csv',
        fileName: 'essai',
        title: 'Essai',
        columns: [{ header: 'Nom', value: (r: { name: string }) => r.name }],
        rows: (async function* () {
          listsRead++;
          yield { name: 'premier' };
          // The download is under way: its first row is out, the rest waits.
          await gate;
          yield { name: 'dernier' };
        })(),
      } as never),
    );
    await app.ready();
    const held = [app.inject({ url: '/export' }), app.inject({ url: '/export' })];
    await expect.poll(() => app.directExports.streaming).toBe(2);
    const third = await app.inject({ url: '/export' });
    expect([third.statusCode, third.json().message, listsRead]).toEqual([429, EXPORT_JOB_MSG.alreadyRunning, 2]);
    open();
    const done = await Promise.all(held);
    expect(done.map((r) => [r.statusCode, r.body.includes('dernier')])).toEqual([
      [200, true],
      [200, true],
    ]);
    await expect.poll(() => app.directExports.streaming).toBe(0);
    expect((await app.inject({ url: '/export' })).statusCode).toBe(200);
    await app.close();
  });
});
