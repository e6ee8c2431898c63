import {
  type ClientClassification,
  GIFT_MSG,
  GIFT_PURCHASE_ACCEPTED,
  GIFT_PURCHASE_CODES,
  GIFT_PURCHASE_STATUS,
  type GiftRestrictions,
  giftRefusal,
  rewardNumber,
  todayInTunis,
} from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/http';
import { checkStatusMove } from '../../lib/status-rule';
import type { CurrentUser } from '../../lib/auth/current-user';
import { audit } from '../../lib/audit/audit.repository';
import { clients } from '../../lib/clients/clients.table';
import { applyPoints } from '../loyalty';
import { nextNumber, nextNumbers } from '../system';
import { giftConversions, giftPurchases, loyaltyGifts } from './gifts.table';
import { newQrToken } from './qr';
import { voucherPurchases } from './vouchers.table';
import { mayReachClient } from '../../lib/clients/client-ownership';
import { recordEvents } from '../../lib/webhooks/outbox';
import { purchaseEvent, voucherEvent } from './rewards.events';

/** Today in Tunis, YYYY-MM-DD: a gift's dates are days of the programme's country. */

type Gift = typeof loyaltyGifts.$inferSelect;

async function lockedGift(tx: Db, id: number): Promise<Gift | undefined> {
  const [gift] = await tx.select().from(loyaltyGifts).where(eq(loyaltyGifts.id, id)).for('update');
  return gift;
}

/** What the client is, for a gift's restrictions (GIFT_CLIENT_RULES); undefined for an unknown client. */
export async function classification(tx: Db, clientId: number): Promise<ClientClassification | undefined> {
  const [c] = await tx
    .select({
      activiteId: clients.activityId,
      circuitId: clients.circuitId,
      categoryId: clients.categoryId,
      typeClientId: clients.typeClientId,
      badgeId: clients.badgeId,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  return c;
}

const restrictions = (g: Gift): GiftRestrictions => ({
  isActive: g.isActive,
  qts: g.qts,
  startDay: g.startDay,
  endDate: g.endDate,
  activiteId: g.activiteId,
  circuitId: g.circuitId,
  categoryId: g.categoryId,
  typeClientId: g.typeClientId,
  badgesId: g.badgesId,
});

/** 422 naming the field when `client` may not buy `qte` of `gift` today (the domain rule). */
function checkEligible(gift: Gift, client: ClientClassification, qte: number) {
  const refusal = giftRefusal(restrictions(gift), client, qte, todayInTunis());
  if (refusal) throw new AppError(422, refusal, { [refusal === GIFT_MSG.stockInsufficient ? 'QTE' : 'LOYALTY_GIFT_ID']: [refusal] });
}

/** Who writes a request: a staff user or a client's app user (the request's REQUESTED_BY, the audit's author). */
export interface Requester {
  id: number;
  email: string;
}

/**
 * The points a client may still ask for: its balance less the points of its requests still waiting
 * (the app's reservation). Read under the client's row lock, so two requests of one
 * client are checked one after the other: the second sees the first's waiting request.
 */
export async function availablePoints(tx: Db, clientId: number): Promise<number> {
  const [c] = await tx.select({ points: clients.pointsFid }).from(clients).where(eq(clients.id, clientId)).for('update');
  const [w] = await tx
    .select({ waiting: sql<number>`coalesce(sum(${giftPurchases.points}), 0)::int` })
    .from(giftPurchases)
    .where(and(eq(giftPurchases.clientId, clientId), eq(giftPurchases.status, GIFT_PURCHASE_CODES.WAITING)));
  return c.points - Number(w.waiting);
}

/**
 * A waiting request for `body.CLIENT_ID`, whose reach the caller has checked (staff: its zone; the
 * app: its own client). The gift is checked now (and again when accepted). With `reservePoints` (the
 * app), the request must also fit in the points not already asked by the client's waiting requests
 * (422 'Solde de points insuffisant'); staff enter a request whatever the balance, checked at acceptance.
 */
export async function requestGiftPurchase(
  tx: Db,
  by: Requester,
  body: { CLIENT_ID: number; LOYALTY_GIFT_ID: number; QTE: number },
  opts: { reservePoints?: boolean } = {},
) {
  const client = await classification(tx, body.CLIENT_ID);
  if (!client) throw new AppError(422, 'Client introuvable.', { CLIENT_ID: ['Client introuvable.'] });
  // The gift's row before the client's, in the order an acceptance locks them (no deadlock).
  const gift = await lockedGift(tx, body.LOYALTY_GIFT_ID);
  if (!gift) throw new AppError(422, 'Cadeau introuvable.', { LOYALTY_GIFT_ID: ['Cadeau introuvable.'] });
  checkEligible(gift, client, body.QTE);
  const points = gift.nbrOfPoints * body.QTE;
  if (opts.reservePoints && points > (await availablePoints(tx, body.CLIENT_ID)))
    throw new AppError(422, GIFT_MSG.pointsInsufficient, { QTE: [GIFT_MSG.pointsInsufficient] });
  const { year, seq } = await nextNumber(tx, 'gift-purchase');
  const [created] = await tx
    .insert(giftPurchases)
    .values({ ref: rewardNumber('purchase', year, seq), clientId: body.CLIENT_ID, loyaltyGiftId: gift.id, qte: body.QTE, points, requestedBy: by.id })
    .returning();
  await audit(tx, by, 'create', 'gift-purchases', created.id, {
    REF: created.ref,
    CLIENT_ID: body.CLIENT_ID,
    LOYALTY_GIFT_ID: gift.id,
    QTE: body.QTE,
    POINTS: created.points,
  });
  await recordEvents(tx, [purchaseEvent('gift_purchase.created', created)]);
  return created.id;
}

/** POST gift-purchases (back-office): a waiting request for a client this staff user may reach. */
export async function createGiftPurchase(tx: Db, user: CurrentUser, body: { CLIENT_ID: number; LOYALTY_GIFT_ID: number; QTE: number }) {
  if (!(await mayReachClient(tx, user, body.CLIENT_ID))) throw new AppError(422, 'Client introuvable.', { CLIENT_ID: ['Client introuvable.'] });
  return requestGiftPurchase(tx, user, body);
}

/**
 * The request under its row lock, still waiting. A decision asked of a decided request follows the
 * status rule: the same one again (a second accept, whatever delivery followed; a second refusal) is
 * 409, the other one 422; any other change of a decided request is 409.
 */
async function lockedWaitingPurchase(tx: Db, user: CurrentUser, id: number, decision?: 'accept' | 'refuse') {
  const [purchase] = await tx.select().from(giftPurchases).where(eq(giftPurchases.id, id)).for('update');
  if (!purchase || !(await mayReachClient(tx, user, purchase.clientId))) throw notFound();
  if (purchase.status === GIFT_PURCHASE_CODES.WAITING) return purchase;
  if (decision) {
    const asked =
      decision === 'refuse'
        ? GIFT_PURCHASE_CODES.CANCELLED
        : GIFT_PURCHASE_ACCEPTED.includes(purchase.status)
          ? purchase.status
          : GIFT_PURCHASE_CODES.VALIDATED;
    checkStatusMove(GIFT_PURCHASE_STATUS, purchase.status, asked);
  }
  throw new AppError(409, GIFT_MSG.purchaseNotWaiting);
}

/**
 * Accepts a waiting purchase in the caller's transaction: the gift is checked again (dates, stock,
 * eligibility), NBR_OF_POINTS × QTE leaves the client's points through the ledger and QTE the stock;
 * a `bien` becomes one conversion per unit for the warehouse, a `voucher` one voucher of
 * VOCHER_VALUE per unit for the client (delivered at once: the purchase is then complete).
 * Any refusal (422 'Solde de points insuffisant', 'Stock insuffisant'…) rolls everything back.
 */
export async function acceptGiftPurchase(tx: Db, user: CurrentUser, id: number) {
  const purchase = await lockedWaitingPurchase(tx, user, id, 'accept');
  const gift = (await lockedGift(tx, purchase.loyaltyGiftId))!;
  checkEligible(gift, (await classification(tx, purchase.clientId))!, purchase.qte);
  // The points asked when the request was made: a later change of the gift's price does not apply.
  const [debit] =
    purchase.points > 0
      ? await applyPoints(tx, eq(clients.id, purchase.clientId), {
          amount: -purchase.points,
          source: 'gift',
          sourceId: purchase.id,
          reason: `Cadeau ${gift.ref} × ${purchase.qte} (${purchase.ref})`,
          authorId: user.id,
        })
      : [undefined];
  const balance = debit?.balance ?? (await tx.select({ p: clients.pointsFid }).from(clients).where(eq(clients.id, purchase.clientId)))[0].p;
  await tx
    .update(loyaltyGifts)
    .set({ qts: sql`${loyaltyGifts.qts} - ${purchase.qte}`, updatedAt: new Date() })
    .where(eq(loyaltyGifts.id, gift.id));
  const unitPoints = Math.round(purchase.points / purchase.qte);
  let issued: (typeof voucherPurchases.$inferSelect)[] = [];
  if (gift.type === 'bien') {
    const { year, first } = await nextNumbers(tx, 'gift-conversion', purchase.qte);
    await tx.insert(giftConversions).values(
      Array.from({ length: purchase.qte }, (_, i) => ({
        ref: rewardNumber('conversion', year, first + i),
        giftPurchaseId: purchase.id,
        clientId: purchase.clientId,
        loyaltyGiftId: gift.id,
        pointsUsed: unitPoints,
        newPoints: balance,
        qrcode: newQrToken(),
      })),
    );
  } else {
    const { year, first } = await nextNumbers(tx, 'voucher', purchase.qte);
    issued = await tx
      .insert(voucherPurchases)
      .values(
        Array.from({ length: purchase.qte }, (_, i) => ({
          voucherRef: rewardNumber('voucher', year, first + i),
          clientId: purchase.clientId,
          giftPurchaseId: purchase.id,
          soldeUsed: gift.voucherValue,
          qrcode: newQrToken(),
        })),
      )
      .returning();
  }
  const status = gift.type === 'bien' ? GIFT_PURCHASE_CODES.VALIDATED : GIFT_PURCHASE_CODES.COMPLETE_DELIVERY;
  const [accepted] = await tx
    .update(giftPurchases)
    .set({ status, decidedBy: user.id, decidedAt: new Date(), updatedAt: new Date() })
    .where(eq(giftPurchases.id, id))
    .returning();
  await audit(tx, user, 'update', 'gift-purchases', id, {
    STATUS: [GIFT_PURCHASE_CODES.WAITING, status],
    POINTS: -purchase.points,
    QTS: -purchase.qte,
    BALANCE: balance,
  });
  // The acceptance and the vouchers it issued, in one insert (points.changed came with the debit).
  await recordEvents(tx, [purchaseEvent('gift_purchase.accepted', accepted), ...issued.map((v) => voucherEvent('voucher.issued', v))]);
}

/** Refuses a waiting purchase: nothing had been debited, so nothing is given back. */
export async function refuseGiftPurchase(tx: Db, user: CurrentUser, id: number) {
  await lockedWaitingPurchase(tx, user, id, 'refuse');
  const [refused] = await tx
    .update(giftPurchases)
    .set({ status: GIFT_PURCHASE_CODES.CANCELLED, decidedBy: user.id, decidedAt: new Date(), updatedAt: new Date() })
    .where(eq(giftPurchases.id, id))
    .returning();
  await audit(tx, user, 'update', 'gift-purchases', id, { STATUS: [GIFT_PURCHASE_CODES.WAITING, GIFT_PURCHASE_CODES.CANCELLED] });
  await recordEvents(tx, [purchaseEvent('gift_purchase.refused', refused)]);
}

/** A waiting purchase's quantity (PUT gift-purchases/{id}): its points follow the gift's price. */
export async function updateGiftPurchase(tx: Db, user: CurrentUser, id: number, qte: number) {
  const purchase = await lockedWaitingPurchase(tx, user, id);
  const gift = (await lockedGift(tx, purchase.loyaltyGiftId))!;
  checkEligible(gift, (await classification(tx, purchase.clientId))!, qte);
  await tx
    .update(giftPurchases)
    .set({ qte, points: gift.nbrOfPoints * qte, updatedAt: new Date() })
    .where(eq(giftPurchases.id, id));
  await audit(tx, user, 'update', 'gift-purchases', id, { QTE: [purchase.qte, qte] });
}
