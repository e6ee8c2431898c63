import { type ClientClassification, GIFT_CLIENT_RULES } from '@app/domain';
import { and, eq, gte, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { loyaltyGifts as g } from '../rewards';

/** The gift's column of each restriction the domain names (a new restriction there fails to compile here until mapped). */
const RESTRICTED_BY: Record<(typeof GIFT_CLIENT_RULES)[number]['gift'], AnyPgColumn> = {
  activiteId: g.activiteId,
  circuitId: g.circuitId,
  categoryId: g.categoryId,
  typeClientId: g.typeClientId,
  badgesId: g.badgesId,
};

/**
 * The gifts `client` may request on `today` (Tunis, YYYY-MM-DD), as SQL: the domain's `giftRefusal`
 * for one unit. Active, started, not ended, in stock, and for each of GIFT_CLIENT_RULES either not
 * set on the gift or equal to the client's value (a client without that value matches only gifts
 * that do not set it, as `wanted !== has` refuses in the domain). test/app/app-gifts.test.ts checks that
 * the two agree on every client and gift of the demo data.
 */
export function giftsOfferedTo(client: ClientClassification, today: string): SQL {
  return and(
    eq(g.isActive, 1),
    or(isNull(g.startDay), lte(g.startDay, today)),
    or(isNull(g.endDate), gte(g.endDate, today)),
    gte(g.qts, 1),
    ...GIFT_CLIENT_RULES.map((rule) => {
      const column = RESTRICTED_BY[rule.gift];
      const has = client[rule.client];
      return has == null ? isNull(column) : or(isNull(column), eq(column, has));
    }),
  )!;
}
