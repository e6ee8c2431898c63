import { VOUCHER_CODES, VOUCHER_MSG, VOUCHER_PURCHASE_STATUS } from '@app/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/http';
import { checkStatusMove } from '../../lib/status-rule';
import type { CurrentUser } from '../../lib/auth/current-user';
import { audit } from '../../lib/audit/audit.repository';
import { clients } from '../../lib/clients/clients.table';
import { voucherPurchaseOwner } from './voucher-purchases.resource';
import { voucherPurchases as v } from './vouchers.table';
import { recordEvents } from '../../lib/webhooks/outbox';
import { voucherEvent } from './rewards.events';

type Voucher = typeof v.$inferSelect;
/** The vouchers this user may reach: another zone's client's voucher is unknown here. */
const mine = (user: CurrentUser) => voucherPurchaseOwner.scope(user);

/**
 * A rebate voucher used (or put back) moves its amount between the client's remaining and consumed
 * rebate, in the same transaction, so the detail page's cards always add up.
 */
async function moveRebate(tx: Db, vouchers: Voucher[], used: boolean) {
  const byClient = new Map<number, number>();
  for (const x of vouchers) if (x.ristourneYear != null) byClient.set(x.clientId, (byClient.get(x.clientId) ?? 0) + Math.round(Number(x.soldeUsed) * 1000));
  for (const [clientId, millimes] of byClient) {
    const amount = sql`${(used ? millimes : -millimes) / 1000}::numeric`;
    await tx
      .update(clients)
      .set({
        ristourneConsumed: sql`${clients.ristourneConsumed} + ${amount}`,
        ristourneReste: sql`${clients.ristourneReste} - ${amount}`,
        updatedAt: new Date(),
      })
      .where(eq(clients.id, clientId));
  }
}

/**
 * POST vocher-purchases/manualPurchase: every listed voucher becomes used, with the reason and the
 * date, or none does (one already used, another client's, or unknown: 422 naming it).
 */
export async function consumeManually(tx: Db, user: CurrentUser, ids: number[], reason: string) {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select()
    .from(v)
    .where(and(inArray(v.id, unique), mine(user)))
    .orderBy(v.id)
    .for('update');
  if (rows.length !== unique.length) throw new AppError(422, VOUCHER_MSG.unknown, { VOCHERS_PURCHASES: [VOUCHER_MSG.unknown] });
  const clientIds = new Set(rows.map((r) => r.clientId));
  if (clientIds.size > 1) {
    const [first] = rows;
    const other = rows.find((r) => r.clientId !== first.clientId)!;
    throw new AppError(422, VOUCHER_MSG.notClients(other.voucherRef), { VOCHERS_PURCHASES: [VOUCHER_MSG.oneClient] });
  }
  // One already used is "already in that status": 409, as a second scan (the status rule).
  const used = rows.find((r) => r.status === VOUCHER_CODES.USED);
  if (used) throw new AppError(409, VOUCHER_MSG.alreadyUsed(used.voucherRef), { VOCHERS_PURCHASES: [VOUCHER_MSG.alreadyUsed(used.voucherRef)] });
  const consumed = await tx
    .update(v)
    .set({ status: VOUCHER_CODES.USED, scan: 0, scanDate: new Date(), manualReason: reason, consumedBy: user.id, updatedAt: new Date() })
    .where(inArray(v.id, unique))
    .returning();
  await moveRebate(tx, rows, true);
  await recordEvents(
    tx,
    consumed.sort((a, b) => a.id - b.id).map((x) => voucherEvent('voucher.consumed', x)),
  );
  await audit(tx, user, 'update', 'vocher-purchases', null, {
    MANUAL_REASON: reason,
    VOCHERS_PURCHASES: rows.map((r) => r.voucherRef),
    STATUS: [VOUCHER_CODES.AVAILABLE, VOUCHER_CODES.USED],
  });
}

/** A client's voucher consumed by scanning its QR code (the client's app shows it at the counter). */
export async function consumeByScan(tx: Db, user: CurrentUser, qrcode: string) {
  const [row] = await tx
    .select()
    .from(v)
    .where(and(eq(v.qrcode, qrcode), mine(user)))
    .for('update');
  if (!row) throw new AppError(404, VOUCHER_MSG.unknown);
  if (row.status === VOUCHER_CODES.USED) throw new AppError(409, VOUCHER_MSG.alreadyUsed(row.voucherRef));
  const [consumed] = await tx
    .update(v)
    .set({ status: VOUCHER_CODES.USED, scan: 1, scanDate: new Date(), consumedBy: user.id, updatedAt: new Date() })
    .where(eq(v.id, row.id))
    .returning();
  await moveRebate(tx, [row], true);
  await recordEvents(tx, [voucherEvent('voucher.consumed', consumed)]);
  await audit(tx, user, 'update', 'vocher-purchases', row.id, { STATUS: [VOUCHER_CODES.AVAILABLE, VOUCHER_CODES.USED], SCAN: 1 });
  return row.id;
}

/** PUT vocher-purchases/{id} {STATUS}: staff correct a voucher (used ↔ available). */
export async function setVoucherStatus(tx: Db, user: CurrentUser, id: number, status: number) {
  const [row] = await tx
    .select()
    .from(v)
    .where(and(eq(v.id, id), mine(user)))
    .for('update');
  if (!row) throw notFound();
  checkStatusMove(VOUCHER_PURCHASE_STATUS, row.status, status);
  const usedNow = status === VOUCHER_CODES.USED;
  const [after] = await tx
    .update(v)
    .set(
      usedNow
        ? { status, scan: 0, scanDate: new Date(), consumedBy: user.id, updatedAt: new Date() }
        : { status, scan: null, scanDate: null, manualReason: null, consumedBy: null, updatedAt: new Date() },
    )
    .where(eq(v.id, id))
    .returning();
  await moveRebate(tx, [row], usedNow);
  // Put back to available is a staff correction with no event of its own; used by staff is consumed.
  if (usedNow) await recordEvents(tx, [voucherEvent('voucher.consumed', after)]);
  await audit(tx, user, 'update', 'vocher-purchases', id, { STATUS: [row.status, status] });
}

/** DELETE vocher-purchases/all/{id}: a rebate voucher leaves the client's rebate totals with it. */
export async function deleteVoucher(tx: Db, user: CurrentUser, id: number) {
  const [row] = await tx
    .select()
    .from(v)
    .where(and(eq(v.id, id), mine(user)))
    .for('update');
  if (!row) throw notFound();
  if (row.ristourneYear != null) {
    const amount = sql`${row.soldeUsed}::numeric`;
    await tx
      .update(clients)
      .set(
        row.status === VOUCHER_CODES.USED
          ? { ristourneN1: sql`${clients.ristourneN1} - ${amount}`, ristourneConsumed: sql`${clients.ristourneConsumed} - ${amount}` }
          : { ristourneN1: sql`${clients.ristourneN1} - ${amount}`, ristourneReste: sql`${clients.ristourneReste} - ${amount}` },
      )
      .where(eq(clients.id, row.clientId));
  }
  await tx.delete(v).where(eq(v.id, id));
  await audit(tx, user, 'delete', 'vocher-purchases', id, { VOCHER_REF: row.voucherRef, STATUS: row.status, SOLDE_USED: row.soldeUsed });
}
