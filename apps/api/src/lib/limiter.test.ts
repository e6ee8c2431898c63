import { describe, expect, it } from 'vitest';
import { Limiter, LimiterFullError } from './limiter';

/** A task that ends when the test says so. */
function gate<T = void>() {
  let open!: (v: T) => void;
  let fail!: (e: Error) => void;
  const done = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { task: () => done, open, fail };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('Limiter', () => {
  it('runs at most `concurrency` tasks at once, and the waiting ones in arrival order', async () => {
    const limiter = new Limiter(2, 10);
    const gates = Array.from({ length: 5 }, () => gate());
    const order: number[] = [];
    let running = 0;
    let most = 0;
    const all = gates.map((g, i) =>
      limiter.run(async () => {
        running++;
        most = Math.max(most, running);
        order.push(i);
        await g.task();
        running--;
      }),
    );
    await tick();
    expect(limiter.stats()).toMatchObject({ running: 2, waiting: 3, started: 2 });
    // Ending the second first still lets the waiting ones in, oldest first.
    gates[1].open();
    await tick();
    gates[0].open();
    await tick();
    for (const g of gates.slice(2)) {
      g.open();
      await tick();
    }
    await Promise.all(all);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(limiter.stats()).toMatchObject({ running: 0, waiting: 0, started: 5, refused: 0 });
  });

  it('refuses at once, without running the task, when the waiting line is full', async () => {
    const limiter = new Limiter(1, 2);
    const g = gate();
    const accepted = [limiter.run(g.task), limiter.run(g.task), limiter.run(g.task)];
    let ran = false;
    const refused = limiter.run(async () => {
      ran = true;
    });
    await expect(refused).rejects.toBeInstanceOf(LimiterFullError);
    // One running and two waiting ahead, about a second each.
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 3 });
    expect(ran).toBe(false);
    expect(limiter.stats()).toMatchObject({ running: 1, waiting: 2, refused: 1 });
    g.open();
    await Promise.all(accepted);
    // Room again once the line has drained.
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
  });

  it('with no waiting line, refuses as soon as every slot is busy', async () => {
    const limiter = new Limiter(1, 0);
    const g = gate();
    const first = limiter.run(g.task);
    await expect(limiter.run(async () => 1)).rejects.toBeInstanceOf(LimiterFullError);
    g.open();
    await first;
  });

  it('a failing task releases its slot and hands it to the next one', async () => {
    const limiter = new Limiter(1, 1);
    const g = gate();
    const failing = limiter.run(g.task);
    const next = limiter.run(async () => 'ran');
    g.fail(new Error('scrypt refused'));
    await expect(failing).rejects.toThrow('scrypt refused');
    await expect(next).resolves.toBe('ran');
    const syncThrow = limiter.run(() => {
      throw new Error('at once');
    });
    await expect(syncThrow).rejects.toThrow('at once');
    expect(limiter.stats()).toMatchObject({ running: 0, waiting: 0 });
  });
});
