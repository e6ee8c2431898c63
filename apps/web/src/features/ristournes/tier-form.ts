import type { Ristourne, ristourneBody } from '@app/domain';
import type { z } from 'zod';

export type TierFormIn = z.input<typeof ristourneBody>;
export type TierFormOut = z.output<typeof ristourneBody>;

/** Form values of a new tier (this year, active, no activity) or of an existing one; numbers typed as text. */
export function tierFormValues(row: Ristourne | null, year = new Date().getFullYear()): TierFormIn {
  return {
    NUM_RISTOURNE: row ? String(row.NUM_RISTOURNE) : '',
    NAME: row?.NAME ?? '',
    YEAR: String(row?.YEAR ?? year),
    VAL_MIN: row?.VAL_MIN ?? '',
    VAL_MAX: row?.VAL_MAX ?? '',
    PERCENTAGE: row?.PERCENTAGE ?? '',
    REMISE: row?.REMISE ?? '',
    ACTIVITE: row?.ACTIVITE ?? null,
    IS_ACTIVE: row?.IS_ACTIVE === 0 ? 0 : 1,
  };
}
