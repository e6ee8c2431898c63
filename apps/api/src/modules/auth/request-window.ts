/**
 * A sliding-window counter kept in memory. Used where a limit must answer the same whether or
 * not an account exists (password reset mails), so it cannot live on the users' rows. One server
 * process serves the API; a restart forgetting the counts only resets a 15-minute window.
 */
export class RequestWindow {
  private hits = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts a hit for every key; false when any key has already reached the limit (nothing counted). */
  take(keys: string[], now = Date.now()): boolean {
    const since = now - this.windowMs;
    const recent = keys.map((k) => (this.hits.get(k) ?? []).filter((t) => t > since));
    if (recent.some((r) => r.length >= this.max)) return false;
    keys.forEach((k, i) => {
      recent[i].push(now);
      this.hits.set(k, recent[i]);
    });
    if (this.hits.size > 10_000) this.sweep(since);
    return true;
  }

  private sweep(since: number) {
    for (const [k, times] of this.hits) if (times.every((t) => t <= since)) this.hits.delete(k);
  }
}
