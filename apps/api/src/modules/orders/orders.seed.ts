import { CLIENT_CODES, ORDER_CODES, ORDER_POINTS_STATUSES } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { DemoProduct } from '../catalogue';
import { rng } from '../clients';
import { ORDER_NUMBER_KIND, orderNumber } from './orders.service';
import { orderItems, orders } from './orders.table';
import { queryRows } from '../../db/rows';

const DAY = 86_400_000;
const FIRST_DAY = Date.UTC(2021, 0, 4, 8);

/** Status of a demo order by its age: old orders are invoiced, refused or accepted; recent ones still move. */
function statusFor(ageDays: number, x: number): number {
  const { NEW, IN_PROGRESS, ACCEPTED, REFUSED, INVOICED } = ORDER_CODES;
  if (ageDays > 30) return x < 0.74 ? INVOICED : x < 0.87 ? ACCEPTED : REFUSED;
  if (ageDays > 7) return x < 0.3 ? IN_PROGRESS : x < 0.55 ? ACCEPTED : x < 0.8 ? INVOICED : x < 0.9 ? REFUSED : NEW;
  return x < 0.55 ? NEW : x < 0.8 ? IN_PROGRESS : x < 0.9 ? REFUSED : ACCEPTED;
}

/**
 * ~2,000 demo orders from January 2021 to today over the demo clients (validated, active clients
 * order more), with items of the visible products at their price and points; totals computed in SQL
 * from the items. Orders that reached "Traité et accepté" or "Facturé" have their points in the
 * ledger, dated the day they were processed and placed before the other rows of the client's ledger,
 * so each row's balance stays the running sum and POINTS_FID the sum of the rows.
 */
export async function seedOrders(db: Db, catalogue: DemoProduct[], count = 2000): Promise<void> {
  const r = rng(4_2026);
  const sellable = catalogue.filter((p) => p.visible);
  type DemoClient = {
    id: number;
    status: number;
    is_active: number;
    address: string | null;
    destination: string | null;
    site: string | null;
    user_id: number | null;
  };
  const clientRows = await queryRows<DemoClient>(
    db,
    sql`
      select c.id, c.status, c.is_active, c.address, coalesce(c.destination, c.gouvernorat) as destination, c.site,
             (select min(u.id) from users u where u.client_id = c.id) as user_id
      from clients c order by c.id`,
  );
  if (!clientRows.length || !sellable.length) return;
  // Validated and active clients order three times as often as the others.
  const weighted = clientRows.flatMap((c) => (c.status === CLIENT_CODES.VALIDATED && c.is_active === 1 ? [c, c, c] : [c]));
  const now = Date.now();
  const span = now - 2 * 3_600_000 - FIRST_DAY;

  const orderValues: (typeof orders.$inferInsert)[] = [];
  const lines: { order: number; productId: number; qte: number; price: number; points: number }[][] = [];
  const perYear = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    // More orders in recent years: the programme grows.
    const at = new Date(FIRST_DAY + Math.sqrt((i + r()) / count) * span);
    const ageDays = (now - at.getTime()) / DAY;
    const client = weighted[Math.floor(r() * weighted.length)];
    const status = statusFor(ageDays, r());
    const year = at.getUTCFullYear();
    const seq = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, seq);
    // Processed before the seed's other ledger rows, which are dated now.
    const processed = status === ORDER_CODES.NEW ? at : new Date(Math.min(now - 3_600_000, at.getTime() + (1 + Math.floor(r() * 5)) * DAY));
    orderValues.push({
      numOrder: orderNumber(year, seq),
      clientId: client.id,
      userId: client.user_id,
      status,
      site: client.site,
      address: client.address,
      destination: client.destination,
      createdAt: at,
      updatedAt: processed,
      pointsCreditedAt: ORDER_POINTS_STATUSES.includes(status) ? processed : null,
    });
    const n = 1 + Math.floor(r() * r() * 7);
    const chosen = new Set<number>();
    while (chosen.size < n) chosen.add(Math.floor(r() * sellable.length));
    lines.push(
      [...chosen].map((k) => {
        const p = sellable[k];
        return { order: i, productId: p.id, qte: 1 + Math.floor(r() * r() * 20), price: p.priceTtc, points: p.points };
      }),
    );
  }

  await db.transaction(async (tx) => {
    const ids: number[] = [];
    for (let i = 0; i < orderValues.length; i += 1000) {
      const rows = await tx
        .insert(orders)
        .values(orderValues.slice(i, i + 1000))
        .returning({ id: orders.id });
      ids.push(...rows.map((x) => x.id));
    }
    // The app's orders go on from the demo's numbers (nextOrderNumber), never over them.
    const counters = sql.join(
      [...perYear].map(([year, last]) => sql`(${ORDER_NUMBER_KIND}, ${year}::smallint, ${last}::int)`),
      sql`, `,
    );
    await tx.execute(sql`
      insert into number_sequences (kind, year, last) values ${counters}
      on conflict (kind, year) do update set last = greatest(number_sequences.last, excluded.last)`);
    const items = lines
      .flat()
      .map((l) => ({ orderId: ids[l.order], productId: l.productId, qte: l.qte, unitPriceTtc: (l.price / 1000).toFixed(3), unitPoints: l.points }));
    for (let i = 0; i < items.length; i += 5000) await tx.insert(orderItems).values(items.slice(i, i + 5000));
    await tx.execute(sql`
      update orders o set total_net_ttc = t.total, total_points = t.points
      from (select order_id, sum(qte * unit_price_ttc) as total, sum(qte * unit_points)::int as points from order_items group by order_id) t
      where t.order_id = o.id`);

    // Points of the processed orders: ledger rows in the order they happened, before the client's
    // other rows (badges, offers, corrections, all dated at seed time), whose balances move up by
    // the same amount.
    await tx.execute(sql`
      insert into points_ledger (client_id, amount, balance_after, source, source_id, reason, created_at)
      select client_id, total_points,
             sum(total_points) over (partition by client_id order by points_credited_at, id),
             'order', id, 'Commande ' || num_order || ' traitée', points_credited_at
      from orders where points_credited_at is not null and total_points > 0`);
    await tx.execute(sql`
      with earned as (
        select client_id, sum(total_points)::int as total,
               sum(total_points) filter (where extract(year from points_credited_at at time zone 'Africa/Tunis') = extract(year from now() at time zone 'Africa/Tunis'))::int as this_year
        from orders where points_credited_at is not null group by client_id
      ), shifted as (
        update points_ledger l set balance_after = l.balance_after + e.total
        from earned e where l.client_id = e.client_id and l.source <> 'order'
      )
      update clients c set
        points_fid = c.points_fid + e.total,
        points_fid_n = (case when c.points_year = extract(year from now() at time zone 'Africa/Tunis') then c.points_fid_n else 0 end) + coalesce(e.this_year, 0),
        points_year = extract(year from now() at time zone 'Africa/Tunis')::smallint
      from earned e where e.client_id = c.id`);
  });
}
