import { Worker } from 'node:worker_threads';

/**
 * Password hashes run on threads of their own, at a low scheduling priority. A hash is about a second of
 * pure CPU (lib/password.ts); on libuv's pool it ran at the server's own priority, so a burst of sign-ins
 * took a core from every ordinary call for as long as the burst lasted. A thread lowers only itself on
 * Linux (setpriority on the calling thread's id), so the hashes yield to the event loop, the database and
 * everything else the machine runs, and still take all of an idle core. Elsewhere (macOS, Windows) the
 * same call would lower the whole process: there the threads keep the server's priority.
 *
 * The worker's source is a string evaluated as CommonJS, so the same code runs under tsx and in the
 * bundle without a file of its own to ship; it starts with no flags of the parent's (`--import tsx`,
 * `--input-type=module`), which it needs none of and which would change how its source is read.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
const os = require('node:os');
let nice = 0;
if (workerData.nice > 0) {
  try { os.setPriority(workerData.nice); nice = os.getPriority(); } catch { nice = 0; }
}
parentPort.postMessage({ ready: true, nice });
parentPort.on('message', (job) => {
  try {
    const hash = scryptSync(job.password, Buffer.from(job.salt), job.length, job.options);
    parentPort.postMessage({ id: job.id, hash });
  } catch (err) {
    parentPort.postMessage({ id: job.id, error: String(err && err.message) });
  }
});
`;

/**
 * The nice value the threads ask for on Linux. Not the lowest (19): a thread at 19 gets about 1 % of a core
 * that ordinary work keeps busy, so on a saturated machine a sign-in waited minutes (seen in the browser
 * tests while other suites ran). At 10 it gets about a tenth of such a core and all of an idle one; a burst
 * of 50 sign-ins still leaves a page of clients at its own pace (docs/performance.md).
 */
export const HASH_THREAD_NICE = 10;

interface Job {
  resolve: (hash: Buffer) => void;
  reject: (err: Error) => void;
}

/** One thread, one hash at a time: the caller's limiter decides how many run at once. */
class HashThread {
  readonly worker: Worker;
  readonly ready: Promise<number>;
  #jobs = new Map<number, Job>();
  #next = 0;
  #dead: Error | null = null;

  constructor(nice: number) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [], workerData: { nice } });
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('message', (m: { nice: number }) => resolve(m.nice));
      this.worker.once('error', reject);
    });
    this.ready.catch(() => {});
    this.worker.on('message', (m: { id?: number; hash?: Uint8Array; error?: string }) => {
      if (m.id === undefined) return;
      const job = this.#jobs.get(m.id);
      this.#jobs.delete(m.id);
      if (this.#jobs.size === 0) this.worker.unref();
      if (!job) return;
      if (m.error !== undefined) job.reject(new Error(m.error));
      else job.resolve(Buffer.from(m.hash!));
    });
    const fail = (err: Error) => {
      this.#dead = err;
      for (const job of this.#jobs.values()) job.reject(err);
      this.#jobs.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`password hashing thread exited with code ${code}`)));
    // An idle hashing thread never keeps the process alive (a test, a CLI, a server shutting down); a
    // busy one does, as any pending work. Unref'd after the listeners, which would otherwise ref it again.
    this.worker.unref();
  }

  get alive() {
    return this.#dead === null;
  }

  get busy() {
    return this.#jobs.size > 0;
  }

  hash(password: string, salt: Buffer, length: number, options: object): Promise<Buffer> {
    if (this.#dead) return Promise.reject(this.#dead);
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      if (this.#jobs.size === 0) this.worker.ref();
      this.#jobs.set(id, { resolve, reject });
      this.worker.postMessage({ id, password, salt, length, options });
    });
  }
}

/**
 * A small set of hashing threads, started on first use and replaced if one dies (an out-of-memory scrypt,
 * say). `size` is the most hashes the caller runs at once; each goes to an idle thread.
 */
export class HashThreads {
  #threads: HashThread[] = [];

  constructor(
    private readonly size: number,
    private readonly nice = process.platform === 'linux' ? HASH_THREAD_NICE : 0,
  ) {}

  #idle(): HashThread {
    this.#threads = this.#threads.filter((t) => t.alive);
    const idle = this.#threads.find((t) => !t.busy);
    if (idle) return idle;
    // More hashes than threads (a caller past its limiter): they wait their turn on the first thread.
    if (this.#threads.length >= this.size) return this.#threads[0];
    const thread = new HashThread(this.nice);
    this.#threads.push(thread);
    return thread;
  }

  hash(password: string, salt: Buffer, length: number, options: object): Promise<Buffer> {
    return this.#idle().hash(password, salt, length, options);
  }

  /** The threads' ids and the nice value each obtained (the Linux thread id is not exposed: see the test). */
  async niceValues(): Promise<number[]> {
    return Promise.all(this.#threads.map((t) => t.ready));
  }
}
