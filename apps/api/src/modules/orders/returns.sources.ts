import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { products } from '../catalogue';
import { goodsReturnItems, goodsReturnPointSources as sources } from './returns.table';

/**
 * Finds, for each line of a return, the order lines its units were credited on, so that the return
 * takes back the points those units earned and not the product's points of today.
 *
 * A return names no order. Its units of a product are taken from the client's credited order lines of
 * that product (orders whose points reached the ledger), newest first, each unit at the points its
 * line credited; a unit another return already took from a line is not taken again. Units beyond
 * everything ever credited are valued at the product's points of today (the row says so: `credited`
 * false), as a return of goods bought before the programme or elsewhere would be.
 *
 * Called under the client's row lock (settleReturnPoints), so two returns of one client never take the
 * same unit. Existing rows are kept: a quantity raised takes more units the same way, a quantity
 * lowered gives back the units taken last (the points of today first, then the oldest orders), so an
 * edit corrects by the difference at the rates already used.
 */
export async function sourceReturnUnits(tx: Db, returnId: number, clientId: number): Promise<void> {
  // Units found for another client (the return moved) or another product (the line changed): found again.
  await tx.execute(sql`
    delete from ${sources} s using ${goodsReturnItems} i
    where s.return_item_id = i.id and i.return_id = ${returnId} and (s.client_id <> ${clientId} or s.product_id <> i.product_id)`);
  const lines = await tx
    .select({
      id: goodsReturnItems.id,
      productId: goodsReturnItems.productId,
      qte: goodsReturnItems.qte,
      held: sql<number>`coalesce(sum(${sources.qte}), 0)::int`,
    })
    .from(goodsReturnItems)
    .leftJoin(sources, eq(sources.returnItemId, goodsReturnItems.id))
    .where(eq(goodsReturnItems.returnId, returnId))
    .groupBy(goodsReturnItems.id)
    .orderBy(goodsReturnItems.id);
  for (const line of lines) {
    const held = Number(line.held);
    if (held > line.qte) await release(tx, line.id, held - line.qte);
    else if (held < line.qte) await take(tx, line.id, clientId, line.productId, line.qte - held);
  }
}

/** Gives back `count` units of a line, the last taken first. */
async function release(tx: Db, itemId: number, count: number): Promise<void> {
  const rows = await tx.select({ id: sources.id, qte: sources.qte }).from(sources).where(eq(sources.returnItemId, itemId)).orderBy(desc(sources.id));
  let left = count;
  for (const row of rows) {
    if (left <= 0) break;
    if (row.qte <= left) await tx.delete(sources).where(eq(sources.id, row.id));
    else
      await tx
        .update(sources)
        .set({ qte: row.qte - left })
        .where(eq(sources.id, row.id));
    left -= row.qte;
  }
}

/** Takes `count` more units of a product for a line: credited order lines first, newest first. */
async function take(tx: Db, itemId: number, clientId: number, productId: number, count: number): Promise<void> {
  const free = rowsOf<{ id: number; unit_points: number; free: number }>(
    await tx.execute(sql`
      select oi.id, oi.unit_points, oi.qte - coalesce(t.taken, 0) as free
      from order_items oi
      join orders o on o.id = oi.order_id
      left join lateral (select sum(s.qte)::int as taken from ${sources} s where s.order_item_id = oi.id and s.credited) t on true
      where o.client_id = ${clientId} and oi.product_id = ${productId} and o.points_credited_at is not null
        and oi.qte > coalesce(t.taken, 0)
      order by o.points_credited_at desc, oi.id desc`),
  );
  let left = count;
  const rows: (typeof sources.$inferInsert)[] = [];
  for (const line of free) {
    if (left <= 0) break;
    const qte = Math.min(left, Number(line.free));
    rows.push({ returnItemId: itemId, orderItemId: Number(line.id), clientId, productId, credited: true, qte, unitPoints: Number(line.unit_points) });
    left -= qte;
  }
  if (left > 0) {
    const [{ points }] = await tx.select({ points: products.points }).from(products).where(eq(products.id, productId));
    rows.push({ returnItemId: itemId, orderItemId: null, clientId, productId, credited: false, qte: left, unitPoints: points });
  }
  if (rows.length) await tx.insert(sources).values(rows);
}

/** What a return's lines owe: Σ units × the points each was taken at. */
export async function returnPointsOwed(tx: Db, returnId: number): Promise<number> {
  const [{ owed }] = await tx
    .select({ owed: sql<number>`coalesce(sum(${sources.qte} * ${sources.unitPoints}), 0)::int` })
    .from(sources)
    .innerJoin(goodsReturnItems, eq(goodsReturnItems.id, sources.returnItemId))
    .where(eq(goodsReturnItems.returnId, returnId));
  return Number(owed);
}
