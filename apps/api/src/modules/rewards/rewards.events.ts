import { sql } from 'drizzle-orm';
import { isoSql, outboxInsertSql, type OutboxEvent } from '../../lib/webhooks/outbox';
import type { giftPurchases } from './gifts.table';
import type { voucherPurchases } from './vouchers.table';

/**
 * What webhook receivers read of the rewards, in the back-office DTO's names. A
 * voucher's or unit's QR code stands for a right: it never leaves in a payload.
 */
const iso = (d: Date | null) => (d ? d.toISOString() : null);

type Purchase = typeof giftPurchases.$inferSelect;
export const purchaseEvent = (type: 'gift_purchase.created' | 'gift_purchase.accepted' | 'gift_purchase.refused', p: Purchase): OutboxEvent => ({
  type,
  subject: { resource: 'gift_purchase', id: p.id },
  data: {
    ID: p.id,
    REF: p.ref,
    CLIENT_ID: p.clientId,
    LOYALTY_GIFT_ID: p.loyaltyGiftId,
    QTE: p.qte,
    POINTS: p.points,
    STATUS: p.status,
    CREATED_AT: iso(p.createdAt),
    DECIDED_AT: iso(p.decidedAt),
  },
});

type Voucher = typeof voucherPurchases.$inferSelect;
export const voucherEvent = (type: 'voucher.issued' | 'voucher.consumed', v: Voucher): OutboxEvent => ({
  type,
  subject: { resource: 'voucher', id: v.id },
  data: {
    ID: v.id,
    VOCHER_REF: v.voucherRef,
    CLIENT_ID: v.clientId,
    SOLDE_USED: Number(v.soldeUsed),
    STATUS: v.status,
    GIFT_PURCHASE_ID: v.giftPurchaseId,
    RISTOURNE_YEAR: v.ristourneYear,
    SCAN: v.scan,
    SCAN_DATE: iso(v.scanDate),
    MANUAL_REASON: v.manualReason,
    CREATED_AT: iso(v.createdAt),
  },
});

/** voucher.issued for the rows of `alias` (a CTE over vocher_purchases rows): the same fields, in SQL. */
export const voucherIssuedSql = (alias: string) =>
  outboxInsertSql(
    'voucher.issued',
    'voucher',
    sql`select v.id, jsonb_build_object('ID', v.id, 'VOCHER_REF', v.vocher_ref, 'CLIENT_ID', v.client_id, 'SOLDE_USED', v.solde_used, 'STATUS', v.status,
          'GIFT_PURCHASE_ID', v.gift_purchase_id, 'RISTOURNE_YEAR', v.ristourne_year, 'SCAN', v.scan, 'SCAN_DATE', ${isoSql('v.scan_date')},
          'MANUAL_REASON', v.manual_reason, 'CREATED_AT', ${isoSql('v.created_at')}) as payload
        from ${sql.raw(alias)} v order by v.id`,
  );

/** A gift unit (conversion) or a starter-gift unit whose status changed; KIND tells which list it is in. */
export const unitEvent = (
  kind: 'gift' | 'starter',
  u: { id: number; ref: string; clientId: number; status: number; scanDate: Date | null; updatedAt: Date; giftPurchaseId?: number | null },
  previous: number,
): OutboxEvent => ({
  type: 'conversion.status_changed',
  // Two tables, two id spaces: the resource names which, so a receiver's per-resource order holds.
  subject: { resource: kind === 'gift' ? 'conversion' : 'starter_gift_purchase', id: u.id },
  data: {
    ID: u.id,
    KIND: kind,
    REF: u.ref,
    CLIENT_ID: u.clientId,
    GIFT_PURCHASE_ID: u.giftPurchaseId ?? null,
    STATUS: u.status,
    PREVIOUS_STATUS: previous,
    SCAN_DATE: iso(u.scanDate),
    UPDATED_AT: u.updatedAt.toISOString(),
  },
});
