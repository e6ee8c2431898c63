import { spawnSync } from 'node:child_process';
import { scryptSync } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HASH_THREAD_NICE, HashThreads } from './hash-threads';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));
const OPTIONS = { N: 2 ** 10, r: 8, p: 1 };

/** Each thread of this process and its nice value, read from Linux's /proc (field 19 of stat). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('HashThreads', () => {
  it('gives the same hash as scrypt in the calling thread, and fails as scrypt fails', async () => {
    const threads = new HashThreads(2);
    const salt = Buffer.from('0123456789abcdef');
    const [a, b] = await Promise.all([threads.hash('Demo1234!', salt, 32, OPTIONS), threads.hash('autre', salt, 32, OPTIONS)]);
    expect(a.equals(scryptSync('Demo1234!', salt, 32, OPTIONS))).toBe(true);
    expect(b.equals(scryptSync('autre', salt, 32, OPTIONS))).toBe(true);
    // A cost scrypt refuses (N not a power of two) is an error, and the thread goes on serving.
    await expect(threads.hash('x', salt, 32, { N: 1000, r: 8, p: 1 })).rejects.toThrow();
    expect((await threads.hash('Demo1234!', salt, 32, OPTIONS)).equals(a)).toBe(true);
  });

  it.runIf(process.platform === 'linux')('lowers only its own threads on Linux: the process keeps its priority', async () => {
    const threads = new HashThreads(1);
    await threads.hash('Demo1234!', Buffer.alloc(16), 32, OPTIONS);
    expect(await threads.niceValues()).toEqual([HASH_THREAD_NICE]);
    const values = threadNiceValues();
    // The main thread (the first task) and the others stay at the server's priority; one thread is lowered.
    expect(values[0]).toBe(0);
    expect(values.filter((n) => n === HASH_THREAD_NICE).length).toBeGreaterThanOrEqual(1);
    expect(values.filter((n) => n === 0).length).toBeGreaterThan(1);
  });

  it('keeps the process alive while a hash is running, and lets it end once idle', () => {
    // A script whose only pending work is one hash prints it (a busy thread holds the process open),
    // then ends by itself (an idle one does not), under the same flags as a server started with tsx.
    const script = `import { HashThreads } from './src/lib/hash-threads.ts';
      new HashThreads(1).hash('a', Buffer.alloc(16), 32, { N: 1024, r: 8, p: 1 }).then((h) => console.log(h.toString('hex')));`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { cwd: apiDir, timeout: 20_000, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.signal).toBeNull();
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(scryptSync('a', Buffer.alloc(16), 32, { N: 1024, r: 8, p: 1 }).toString('hex'));
  });
});
