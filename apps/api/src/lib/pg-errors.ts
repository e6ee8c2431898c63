/** Reads the PostgreSQL error behind a Drizzle error (pg and PGlite both carry `code` and `constraint`). */
export interface PgErrorInfo {
  code: string;
  constraint?: string;
}

export function pgError(err: unknown): PgErrorInfo | null {
  let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && i < 5; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
    e = e.cause as typeof e;
  }
  return null;
}

export const UNIQUE_VIOLATION = '23505';
export const FK_VIOLATION = '23503';
/** ON DELETE RESTRICT reports its own code. */
export const RESTRICT_VIOLATION = '23001';
export const isReferenceViolation = (e: PgErrorInfo | null) => e?.code === FK_VIOLATION || e?.code === RESTRICT_VIOLATION;
