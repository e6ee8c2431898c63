/** Thrown by a Limiter's run() when every slot is busy and its waiting line is full. */
export class LimiterFullError extends Error {
  constructor(
    /** Seconds after which a slot is likely free again: the line ahead, at `secondsPerTask` each. */
    public retryAfterSeconds: number,
  ) {
    super('limiter full');
  }
}

export interface LimiterStats {
  running: number;
  waiting: number;
  /** Tasks started since the limiter was made (a refused one never starts). */
  started: number;
  refused: number;
}

/**
 * At most `concurrency` tasks at once, at most `queue` more waiting their turn, in arrival order; past
 * that, run() refuses at once (LimiterFullError) rather than letting calls wait minutes. A task that
 * fails releases its slot like one that succeeds. In process memory on purpose: what it shares out is
 * this process's own threads.
 */
export class Limiter {
  #running = 0;
  #waiting: (() => void)[] = [];
  #started = 0;
  #refused = 0;

  constructor(
    public readonly concurrency: number,
    public queue: number,
    /** About how long one task takes, for the Retry-After of a refusal. */
    private readonly secondsPerTask = 1,
  ) {
    if (!Number.isSafeInteger(concurrency) || concurrency < 1) throw new Error(`concurrency must be a whole number ≥ 1, not ${concurrency}`);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrency) {
      if (this.#waiting.length >= this.queue) {
        this.#refused++;
        const ahead = this.#running + this.#waiting.length;
        throw new LimiterFullError(Math.max(1, Math.ceil((ahead / this.concurrency) * this.secondsPerTask)));
      }
      // The slot is handed over by release(): #running already counts this task when it resumes.
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running++;
    }
    this.#started++;
    try {
      return await task();
    } finally {
      this.#release();
    }
  }

  #release() {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#running--;
  }

  stats(): LimiterStats {
    return { running: this.#running, waiting: this.#waiting.length, started: this.#started, refused: this.#refused };
  }
}
