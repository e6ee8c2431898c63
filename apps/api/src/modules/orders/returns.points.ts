import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { CurrentUser } from '../../lib/auth/current-user';
import { clients } from '../../lib/clients/clients.table';
import { applyPoints } from '../loyalty';
import { returnPointsOwed, sourceReturnUnits } from './returns.sources';
import { goodsReturns } from './returns.table';

/**
 * Returned goods take back the points they earned: each unit at the points the order line it was
 * credited on gave (returns.sources.ts finds those lines), the product's points of today only for units
 * beyond everything ever credited. Called in the writing transaction after every change of a return
 * (create, line edit, client change, delete), it brings the ledger to what the return owes by the
 * difference only, with the return number as the reason.
 *
 * The rule when the client holds fewer points than the return owes: the ledger takes what the
 * balance holds (it never goes below zero through a staff action) and the return keeps the rest as
 * « non récupérés » (POINTS_OWED − POINTS_DEBITED), shown on its detail. A later edit or a delete
 * gives back exactly what was taken, never more. A return recorded before returns took points back
 * (POINTS_DEBITED null) was never debited and is left so.
 *
 * The return's row is locked first, then the client's: two edits of one return settle one after the
 * other, and two returns of one client never take back the same order line's units.
 */
export async function settleReturnPoints(tx: Db, returnId: number, user: Pick<CurrentUser, 'id'> | null, opts: { deleting?: boolean } = {}): Promise<void> {
  const [ret] = await tx
    .select({ num: goodsReturns.numRetour, clientId: goodsReturns.clientId, debited: goodsReturns.pointsDebited, debitedFrom: goodsReturns.pointsClientId })
    .from(goodsReturns)
    .where(eq(goodsReturns.id, returnId))
    .for('update');
  if (!ret || ret.debited === null) return;
  await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, ret.clientId)).for('update');
  if (!opts.deleting) await sourceReturnUnits(tx, returnId, ret.clientId);
  const target = opts.deleting ? 0 : await returnPointsOwed(tx, returnId);
  const entry = (amount: number, reason: string) => ({ amount, source: 'return' as const, sourceId: returnId, reason, authorId: user?.id ?? null });

  let debited = ret.debited;
  // The return moved to another client: the first gets back what was taken from him.
  if (ret.debitedFrom !== null && ret.debitedFrom !== ret.clientId && debited > 0) {
    await applyPoints(tx, eq(clients.id, ret.debitedFrom), entry(debited, `Retour ${ret.num} rattaché à un autre client`));
    debited = 0;
  }
  if (target < debited) {
    await applyPoints(
      tx,
      eq(clients.id, ret.clientId),
      entry(debited - target, opts.deleting ? `Suppression du retour ${ret.num}` : `Correction du retour ${ret.num}`),
    );
    debited = target;
  } else if (target > debited) {
    const [{ balance }] = await tx.select({ balance: clients.pointsFid }).from(clients).where(eq(clients.id, ret.clientId)).for('update');
    const take = Math.min(target - debited, Math.max(balance, 0));
    if (take > 0) {
      await applyPoints(
        tx,
        eq(clients.id, ret.clientId),
        entry(-take, debited === 0 && ret.debitedFrom === null ? `Retour ${ret.num}` : `Correction du retour ${ret.num}`),
      );
      debited += take;
    }
  }
  await tx.update(goodsReturns).set({ pointsOwed: target, pointsDebited: debited, pointsClientId: ret.clientId }).where(eq(goodsReturns.id, returnId));
}
