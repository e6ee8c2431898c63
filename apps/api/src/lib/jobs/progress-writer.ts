import type { JobProgress } from './engine';

/**
 * Writes a running job's progress and heartbeat to its row, latest value wins: while one write is on
 * its way, newer values replace each other and only the last is written next. The writes are never
 * awaited by the job's work, because that work runs in one transaction whose connection they must not
 * use: on PostgreSQL they go through another connection of the pool (autocommit, seen at once by every
 * node); on the embedded PGlite, which has one connection, they wait for the transaction to end and
 * land between the job's transactions (there is one process, and a poll waits for that connection too).
 */
export class ProgressWriter {
  private latest: JobProgress | null = null;
  private wanted = false;
  private flushing: Promise<void> | null = null;

  constructor(private readonly write: (p: JobProgress | null) => Promise<void>) {}

  /** A new progress to write. */
  set(p: JobProgress) {
    this.latest = p;
    this.kick();
  }

  /** A heartbeat: the row is touched even when the progress did not move. */
  touch() {
    this.kick();
  }

  /** Waits for the writes asked so far (before the job's end is written after them). */
  async settle() {
    while (this.flushing) await this.flushing;
  }

  private kick() {
    this.wanted = true;
    this.flushing ??= this.flush();
  }

  private async flush() {
    while (this.wanted) {
      this.wanted = false;
      const p = this.latest;
      this.latest = null;
      // A lost write is made good by the next one; the job itself must not fail for its progress.
      await this.write(p).catch(() => {});
    }
    this.flushing = null;
  }
}
