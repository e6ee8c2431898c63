/**
 * What `GET /api/ready` checks before a load balancer sends traffic to this node: the
 * database first, then whatever other part registers its own check here (the object store's ping).
 */
export interface ReadinessCheck {
  /** Named in the 503 reply when it fails, e.g. « base de données ». */
  name: string;
  check: () => Promise<void>;
}

/** A check that takes longer than this counts as failed: a probe must answer before its own timeout. */
export const READINESS_TIMEOUT_MS = 2_000;

/** The first check that fails or times out, by name; null when every check passes. */
export async function firstFailingCheck(checks: readonly ReadinessCheck[], timeoutMs = READINESS_TIMEOUT_MS): Promise<string | null> {
  for (const { name, check } of checks) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('délai dépassé')), timeoutMs);
    });
    try {
      await Promise.race([check(), timeout]);
    } catch {
      return name;
    } finally {
      clearTimeout(timer);
    }
  }
  return null;
}
