import {
  can,
  CONVERSION_CODES,
  CONVERSION_RECEIVED,
  CONVERSION_SHIPPED,
  CONVERSION_STATUS,
  conversionAction,
  conversionMoveAllowed,
  GIFT_MSG,
  GIFT_PURCHASE_CODES,
  purchaseDeliveryStatus,
} from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sqlCode } from '../../db/codes';
import { AppError, notFound } from '../../lib/http';
import { checkStatusMove } from '../../lib/status-rule';
import type { CurrentUser } from '../../lib/auth/current-user';
import { audit } from '../../lib/audit/audit.repository';
import { mayReachClient } from '../../lib/clients/client-ownership';
import { clients } from '../../lib/clients/clients.table';
import { applyPoints } from '../loyalty';
import { giftConversions, giftPurchases, loyaltyGifts, startingGiftPurchases } from './gifts.table';
import { recordEvents } from '../../lib/webhooks/outbox';
import { unitEvent } from './rewards.events';

/** Gift conversions and starter-gift purchases go through the same fulfilment. */
export type ConversionKind = 'gift' | 'starter';
const TABLE = { gift: giftConversions, starter: startingGiftPurchases } as const;
const ENTITY = { gift: 'giftConversion', starter: 'startingGift-purchases' } as const;

/** What a unit's webhook event carries, as its UPDATE returns it (both tables have these columns). */
const unitOf = (t: (typeof TABLE)[ConversionKind]) => ({
  id: t.id,
  ref: t.ref,
  clientId: t.clientId,
  status: t.status,
  scanDate: t.scanDate,
  updatedAt: t.updatedAt,
});

interface Row {
  id: number;
  ref: string;
  clientId: number;
  status: number;
}

/** The unit under its row lock, if this user may reach its client (another zone's: 404). */
async function locked(tx: Db, user: CurrentUser, kind: ConversionKind, where: ReturnType<typeof eq>): Promise<Row> {
  const t = TABLE[kind];
  const [row] = await tx.select({ id: t.id, ref: t.ref, clientId: t.clientId, status: t.status }).from(t).where(where).for('update');
  if (!row || !(await mayReachClient(tx, user, row.clientId))) throw notFound();
  return row;
}

/**
 * Who may set which status: the same status again is 409 for anyone (nothing to do); an admin any
 * move the rule allows (never Réceptionné: the QR code does that); another role with the prepare
 * right only its list action (Magasinier → Préparé, others → Expédié); anyone else is refused with
 * the spec's message.
 */
function checkMove(user: CurrentUser, from: number, to: number) {
  if (to === CONVERSION_RECEIVED && from !== to) throw new AppError(422, GIFT_MSG.receiveByScan, { STATUS: [GIFT_MSG.receiveByScan] });
  const check = () => checkStatusMove(CONVERSION_STATUS, from, to, conversionMoveAllowed(from, to));
  if (!can(user.role, 'conversions:admin') && conversionAction(user.role, from)?.to !== to) {
    check();
    throw new AppError(403, GIFT_MSG.adminOnly);
  }
  check();
}

/** A gift conversion refused or deleted before receipt gives its points and its unit of stock back. */
async function refund(tx: Db, user: CurrentUser, id: number) {
  const [c] = await tx
    .select({
      ref: giftConversions.ref,
      clientId: giftConversions.clientId,
      points: giftConversions.pointsUsed,
      giftId: giftConversions.loyaltyGiftId,
      purchaseId: giftConversions.giftPurchaseId,
    })
    .from(giftConversions)
    .where(eq(giftConversions.id, id));
  // The gift's row before the client's, in the order an acceptance locks them: the other order let a
  // refund and an acceptance of the same gift and client wait on each other (a deadlock, answered 500).
  await tx
    .update(loyaltyGifts)
    .set({ qts: sql`${loyaltyGifts.qts} + 1`, updatedAt: new Date() })
    .where(eq(loyaltyGifts.id, c.giftId));
  if (c.points > 0) {
    await applyPoints(tx, eq(clients.id, c.clientId), {
      amount: c.points,
      source: 'gift',
      sourceId: c.purchaseId,
      reason: `Remboursement de la conversion ${c.ref}`,
      authorId: user.id,
    });
  }
}

/**
 * A purchase's status follows its units: complete when every unit not refused is received, partial
 * when some are, cancelled when every unit was refused, validated otherwise.
 */
export async function refreshPurchase(tx: Db, purchaseId: number) {
  // Under the purchase's row lock: two of its units received at once each lock only their own row,
  // and without it each would count the other as not yet received and leave the purchase partial.
  await tx.select({ id: giftPurchases.id }).from(giftPurchases).where(eq(giftPurchases.id, purchaseId)).for('update');
  const [n] = await tx
    .select({
      live: sql<number>`count(*) filter (where ${giftConversions.status} <> ${sqlCode(CONVERSION_CODES.REFUSED)})::int`,
      received: sql<number>`count(*) filter (where ${giftConversions.status} = ${CONVERSION_RECEIVED})::int`,
    })
    .from(giftConversions)
    .where(eq(giftConversions.giftPurchaseId, purchaseId));
  const status = Number(n.live) === 0 ? GIFT_PURCHASE_CODES.CANCELLED : purchaseDeliveryStatus(Number(n.received), Number(n.live));
  await tx
    .update(giftPurchases)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(giftPurchases.id, purchaseId), sql`${giftPurchases.status} <> ${status}`));
}

async function purchaseOf(tx: Db, conversionId: number) {
  const [c] = await tx.select({ purchaseId: giftConversions.giftPurchaseId }).from(giftConversions).where(eq(giftConversions.id, conversionId));
  return c.purchaseId;
}

/** PUT giftConversion/{id} and startingGift-purchases/{id} {STATUS}; accept (→1) and refuse (→2) too. */
export async function setConversionStatus(tx: Db, user: CurrentUser, kind: ConversionKind, id: number, to: number) {
  const t = TABLE[kind];
  const row = await locked(tx, user, kind, eq(t.id, id));
  checkMove(user, row.status, to);
  const [unit] = await tx.update(t).set({ status: to, updatedAt: new Date() }).where(eq(t.id, id)).returning(unitOf(t));
  if (kind === 'gift' && to === 2) await refund(tx, user, id);
  const purchaseId = kind === 'gift' ? await purchaseOf(tx, id) : null;
  if (purchaseId) await refreshPurchase(tx, purchaseId);
  await audit(tx, user, 'update', ENTITY[kind], id, { STATUS: [row.status, to] });
  if (unit.status !== row.status) await recordEvents(tx, [unitEvent(kind, { ...unit, giftPurchaseId: purchaseId }, row.status)]);
}

/** Whether the one who scans may reach a unit's client: a staff user's zone, or the app user's own client. */
export type ReachesClient = (clientId: number) => boolean | Promise<boolean>;

/**
 * Receipt by QR code: a shipped unit becomes Réceptionné with its scan date, once. An unknown code
 * (or one of another zone's client) is 404, a second scan 409, a unit not yet shipped 422.
 */
export function receiveByQr(tx: Db, user: CurrentUser, kind: ConversionKind, qrcode: string) {
  return receiveScanned(tx, user, kind, qrcode, (clientId) => mayReachClient(tx, user, clientId));
}

/** The receipt for any scanner (`by` in the audit): a unit whose client `reaches` refuses is unknown (404). */
export async function receiveScanned(tx: Db, by: Pick<CurrentUser, 'id' | 'email'>, kind: ConversionKind, qrcode: string, reaches: ReachesClient) {
  const t = TABLE[kind];
  const [row] = await tx.select({ id: t.id, status: t.status, clientId: t.clientId }).from(t).where(eq(t.qrcode, qrcode)).for('update');
  if (!row || !(await reaches(row.clientId))) throw new AppError(404, GIFT_MSG.qrUnknown);
  if (row.status === CONVERSION_RECEIVED) throw new AppError(409, GIFT_MSG.alreadyReceived);
  if (row.status !== CONVERSION_SHIPPED) throw new AppError(422, GIFT_MSG.notShipped, { QRCODE: [GIFT_MSG.notShipped] });
  const [unit] = await tx
    .update(t)
    .set({ status: CONVERSION_RECEIVED, scanDate: new Date(), updatedAt: new Date() })
    .where(eq(t.id, row.id))
    .returning(unitOf(t));
  const purchaseId = kind === 'gift' ? await purchaseOf(tx, row.id) : null;
  if (purchaseId) await refreshPurchase(tx, purchaseId);
  await audit(tx, by, 'update', ENTITY[kind], row.id, { STATUS: [row.status, CONVERSION_RECEIVED], SCAN: true });
  await recordEvents(tx, [unitEvent(kind, { ...unit, giftPurchaseId: purchaseId }, row.status)]);
  return row.id;
}

/** Admin delete: a received unit stays (409); a gift unit not refused gives its points and stock back first. */
export async function deleteConversion(tx: Db, user: CurrentUser, kind: ConversionKind, id: number) {
  const t = TABLE[kind];
  const row = await locked(tx, user, kind, eq(t.id, id));
  if (row.status === CONVERSION_RECEIVED) throw new AppError(409, 'Un cadeau réceptionné ne peut pas être supprimé.');
  const purchaseId = kind === 'gift' ? await purchaseOf(tx, id) : null;
  if (kind === 'gift' && row.status !== CONVERSION_CODES.REFUSED) await refund(tx, user, id);
  await tx.delete(t).where(eq(t.id, id));
  if (purchaseId) await refreshPurchase(tx, purchaseId);
  await audit(tx, user, 'delete', ENTITY[kind], id, { REF: row.ref, STATUS: row.status });
}
