/**
 * When a failed delivery is tried again: after the n-th failed attempt, wait RETRY_DELAYS[n-1]
 * (the last value repeats), as long as the next attempt starts within RETRY_WINDOW_MS of the first one;
 * past it the delivery is `failed`. Attempts: 0 s, 10 s, 40 s, 2 min 40, 12 min 40, 42 min 40, 1 h 43,
 * 3 h 43, 7 h 43, 15 h 43, 23 h 43, then failed: 11 attempts over a day.
 */
export const RETRY_DELAYS_S = [10, 30, 120, 600, 1800, 3600, 7200, 14400, 28800] as const;
export const RETRY_WINDOW_MS = 24 * 3600_000;
/** An endpoint whose every attempt failed for this long is paused (circuit breaker). */
export const BREAKER_AFTER_S = 3600;

/** The delay before the attempt after `attempts` failed ones, in seconds. */
export const retryDelayS = (attempts: number) => RETRY_DELAYS_S[Math.min(Math.max(attempts, 1), RETRY_DELAYS_S.length) - 1];

/** The next attempt's time, or null when it would fall after the 24 h window (the delivery fails). */
export function nextAttemptAt(attempts: number, firstAttemptAt: Date, now = new Date()): Date | null {
  const next = new Date(now.getTime() + retryDelayS(attempts) * 1000);
  return next.getTime() - firstAttemptAt.getTime() > RETRY_WINDOW_MS ? null : next;
}
