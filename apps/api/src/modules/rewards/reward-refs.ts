import { GIFT_MSG } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/http';
import { clientActivities, clientCategories, clientCircuits, clientTypes } from '../../lib/clients/classification.table';
import { badges } from '../../lib/clients/badges.table';

/** The eligibility choices a gift or a voucher on offer carries, by API name. */
const REFS = {
  ACTIVITE: clientActivities,
  CIRCUIT: clientCircuits,
  CATEGORY: clientCategories,
  TYPE_CLIENT_ID: clientTypes,
  BADGES_ID: badges,
} as const;

/**
 * Answers 422 naming each chosen activity, circuit, category, company type or badge that does not
 * exist: left to the foreign key, it would read as a 409 "still in use".
 */
export async function checkEligibilityRefs(db: Db, body: Record<string, unknown>): Promise<void> {
  const chosen = (Object.keys(REFS) as (keyof typeof REFS)[]).filter((k) => typeof body[k] === 'number');
  const found = await Promise.all(
    chosen.map((k) => {
      const table = REFS[k];
      return db
        .select({ id: table.id })
        .from(table)
        .where(eq(table.id, body[k] as number))
        .limit(1);
    }),
  );
  const errors: Record<string, string[]> = {};
  chosen.forEach((k, i) => {
    if (!found[i].length) errors[k] = [GIFT_MSG.refUnknown];
  });
  if (Object.keys(errors).length) throw new AppError(422, GIFT_MSG.refUnknown, errors);
}
