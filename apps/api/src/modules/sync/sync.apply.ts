import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ORDER_CODES, ORDER_POINTS_STATUSES, SYNC_MSG } from '@app/domain';
import type { Check, UpsertKind } from './sync.kinds';
import { rowsOf } from '../../db/rows';
import { outboxInsertSql } from '../../lib/webhooks/outbox';
import { orderPayloadSql } from '../orders';
import { pointsEventsCte } from '../loyalty';
import { clientEventsSql } from '../clients';
import { sqlCode, sqlCodes } from '../../db/codes';

export interface Counts {
  inserted: number;
  updated: number;
  unchanged: number;
}

const notRejected = 'not exists (select 1 from sync_reject r where r.line = a.line)';

/** Rows whose references do not resolve, as rejections (only for the columns the file has). */
export async function runChecks(tx: Db, checks: Check[], present: Set<string>) {
  await tx.execute(sql.raw('create index on sync_reject (line)'));
  // Temporary tables are never analysed by autovacuum: the planner needs the staged rows' statistics.
  await tx.execute(sql.raw('analyze sync_stage'));
  for (const c of checks) {
    if (!present.has(c.csv)) continue;
    await tx.execute(sql`insert into sync_reject (line, field, message) select s.line, ${c.csv}, ${c.message} from sync_stage s where ${sql.raw(c.where)}`);
  }
}

async function countActions(tx: Db, table: string): Promise<Counts> {
  const rows = rowsOf<{ action: string; n: number }>(await tx.execute(sql.raw(`select action, count(*)::int as n from ${table} group by action`)));
  const of = (a: string) => Number(rows.find((r) => r.action === a)?.n ?? 0);
  return { inserted: of('i'), updated: of('u'), unchanged: of('s') };
}

/**
 * Products, clients, remises, tarifs: each good row is classified against the stored one (new,
 * changed on one of the file's columns, or the same), then, unless `dryRun`, the changed rows are
 * updated and the new ones inserted, each in one statement.
 */
export async function upsert(tx: Db, kind: UpsertKind, present: Set<string>, dryRun: boolean): Promise<Counts> {
  const targets = kind.targets.filter((t) => present.has(t.csv));
  const updatable = targets.filter((t) => !t.insertOnly);
  const differs = updatable.length
    ? `(${updatable.map((t) => `t.${t.column}`).join(', ')}) is distinct from (${updatable.map((t) => t.expr).join(', ')})`
    : 'false';
  await tx.execute(
    sql.raw(`create temp table sync_apply on commit drop as
      select a.*, case when a.target_id is null then 'i' when ${differs} then 'u' else 's' end as action
      from (${kind.resolve}) a left join ${kind.table} t on t.id = a.target_id
      where ${notRejected}`),
  );
  const counts = await countActions(tx, 'sync_apply');
  if (dryRun) return counts;
  // Clients (and their remises) tell webhook receivers: one client.updated / client.created per row
  // changed, written by the same statement as a CTE over its RETURNING rows.
  const events = kind.table === 'clients';
  if (updatable.length && counts.updated) {
    const update = sql.raw(`update ${kind.table} t set ${updatable.map((u) => `${u.column} = ${u.expr}`).join(', ')}, updated_at = now()
        from sync_apply a where a.action = 'u' and t.id = a.target_id`);
    await tx.execute(events ? sql`with c as (${update} returning t.*) ${clientEventsSql('client.updated', 'c')}` : update);
  }
  if (counts.inserted) {
    const insert = sql.raw(`insert into ${kind.table} (${targets.map((x) => x.column).join(', ')})
        select ${targets.map((x) => x.expr).join(', ')} from sync_apply a where a.action = 'i' order by a.line`);
    await tx.execute(events ? sql`with c as (${insert} returning *) ${clientEventsSql('client.created', 'c')}` : insert);
  }
  return counts;
}

/** Tunis calendar year bounds of "last year" (CA N-1), as the rewards read turnover. */
const lastYear = sql`extract(year from now() at time zone 'Africa/Tunis')::int - 1`;

/**
 * The invoice lines resolved in one pass (client, product, unit price and points, rank in the
 * invoice by LIGNE), and from the same pass the lines refused: a LIGNE repeated in its invoice, a
 * day or client differing from the invoice's first line, an unknown client or product.
 */
export async function prepareInvoices(tx: Db) {
  await tx.execute(
    sql.raw(`create temp table inv_lines on commit drop as
    select s.line, s.num_facture, s.ligne::int as ligne, s.date_facture::date as day, c.id as client_id, p.id as product_id, s.qte::int as qte,
      coalesce(s.prix_unitaire_ttc::numeric, p.price_ttc) as price,
      coalesce(pp.points, p.points) as unit_points,
      row_number() over w as rank,
      lag(s.ligne::int) over w as prev_ligne, lag(s.line) over w as prev_line,
      s.date_facture <> first_value(s.date_facture) over w or lower(s.code_client) <> first_value(lower(s.code_client)) over w as mismatch
    from sync_stage s
    left join clients c on lower(c.code_client) = lower(s.code_client)
    left join products p on lower(p.ref) = lower(s.ref)
    -- A product's point periods never overlap (product_points): one match at most.
    left join product_points pp on pp.product_id = p.id and s.date_facture::date between pp.date_debut and pp.date_fin
    window w as (partition by s.num_facture collate "C" order by s.ligne::int, s.line)`),
  );
  await tx.execute(sql`insert into sync_reject (line, field, message)
    select line, 'NUM_FACTURE', replace(${SYNC_MSG.duplicate(-1)}, '-1', prev_line::text) from inv_lines where prev_ligne = ligne
    union all select line, 'CODE_CLIENT', ${SYNC_MSG.invoiceMismatch} from inv_lines where mismatch
    union all select line, 'CODE_CLIENT', ${SYNC_MSG.unknownClient} from inv_lines where client_id is null
    union all select line, 'REF', ${SYNC_MSG.unknownProduct} from inv_lines where product_id is null`);
}

/**
 * Invoices (one CSV line per invoice line) → orders at status 4 « Facturé » with their items.
 * A line is new (its invoice, or its rank in the invoice, is new), changed (product, quantity or
 * unit price differ) or the same. An invoice with any change has its items replaced by the file's
 * lines; its totals are summed in SQL; its points reach the client's ledger once (as
 * applyOrderStatus does at 2 and 4: points_credited_at claims them); the clients' last-year turnover
 * (CA_N_1, orders at 2 or 4 of last year in Tunis, the rebates' reading) is recomputed.
 */
export async function applyInvoices(tx: Db, dryRun: boolean, authorId: number | null, anyRejected: boolean): Promise<Counts & { credited: number }> {
  // Only a refused file (never applied) still holds refused lines: its report counts the others.
  if (anyRejected) await tx.execute(sql.raw('delete from inv_lines l where exists (select 1 from sync_reject r where r.line = l.line)'));
  await tx.execute(
    sql.raw(`create temp table inv on commit drop as
    select l.num_facture, min(l.day) as day, min(l.client_id) as client_id, count(*)::int as n,
      sum(l.qte * l.price) as total, coalesce(sum(l.qte * l.unit_points), 0)::int as points,
      o.id is null as is_new, o.id is null as changed, o.status, o.client_id as old_client,
      -- A new invoice's order id is drawn here: no second pass to learn it after the insert.
      case when o.id is not null then o.id when ${dryRun ? 'false' : 'true'} then nextval(pg_get_serial_sequence('orders', 'id'))::int end as order_id
    from inv_lines l left join orders o on o.num_order = l.num_facture
    group by l.num_facture, o.id, o.status, o.client_id`),
  );
  await tx.execute(sql.raw('create index on inv (num_facture)'));
  // Temporary tables are never analysed by autovacuum: without their statistics the planner takes
  // a million-row table for a small one and picks nested loops.
  await tx.execute(sql.raw('analyze inv_lines'));
  await tx.execute(sql.raw('analyze inv'));
  await tx.execute(
    sql.raw(`create temp table inv_old on commit drop as
    select oi.order_id, oi.product_id, oi.qte, oi.unit_price_ttc, row_number() over (partition by oi.order_id order by oi.id) as rank
    from order_items oi where oi.order_id in (select order_id from inv where not is_new)`),
  );
  await tx.execute(sql.raw('create index on inv_old (order_id, rank)'));
  await tx.execute(
    sql.raw(`create temp table inv_act on commit drop as
    select l.num_facture, case when i.is_new or o.order_id is null then 'i'
      when (o.product_id, o.qte, o.unit_price_ttc) is distinct from (l.product_id, l.qte, l.price) then 'u' else 's' end as action
    from inv_lines l join inv i on i.num_facture = l.num_facture
    left join inv_old o on o.order_id = i.order_id and o.rank = l.rank`),
  );
  const counts = await countActions(tx, 'inv_act');
  if (dryRun) return { ...counts, credited: 0 };

  const [{ old }] = rowsOf<{ old: boolean }>(await tx.execute(sql.raw('select exists (select 1 from inv where not is_new) as old')));
  if (old) await tx.execute(sql.raw("create index on inv_act (num_facture) where action <> 's'"));
  await tx.execute(
    sql.raw(`update inv set changed = true where not changed and (
      status is distinct from ${ORDER_CODES.INVOICED} or old_client <> client_id
      or n <> (select count(*) from inv_old o where o.order_id = inv.order_id)
      or exists (select 1 from inv_act a where a.num_facture = inv.num_facture and a.action <> 's'))`),
  );
  // Totals are the file's lines summed in SQL (the items written below are those same lines).
  // A new invoice is born at status 4: its points are claimed as it is written (points_credited_at),
  // and credited below with those of the existing orders that reach status 4 now.
  // Each statement writes its webhook events as a CTE over the rows it returns (one statement, however
  // many invoices): order.created for a new invoice, order.status_changed for an order reaching 4.
  await tx.execute(sql`with o as (
      insert into orders (id, num_order, client_id, status, total_net_ttc, total_points, points_credited_at, created_at, updated_at)
      select order_id, num_facture, client_id, 4, total, points, case when points > 0 then now() end, day::timestamp at time zone 'Africa/Tunis', now()
      from inv where is_new order by order_id
      returning orders.*
    ) ${outboxInsertSql('order.created', 'order', sql`select o.id, ${orderPayloadSql('o')} as payload from o order by o.id`)}`);
  await tx.execute(sql`with o as (
      update orders o set status = ${sqlCode(ORDER_CODES.INVOICED)}, client_id = i.client_id, total_net_ttc = i.total, total_points = i.points, updated_at = now()
      from inv i where i.order_id = o.id and i.changed and not i.is_new
      returning o.*, i.status as prev_status
    ) ${outboxInsertSql(
      'order.status_changed',
      'order',
      sql`select o.id, ${orderPayloadSql('o', sql`|| jsonb_build_object('PREVIOUS_STATUS', o.prev_status)`)} as payload from o where o.prev_status is distinct from ${sqlCode(ORDER_CODES.INVOICED)} order by o.id`,
    )}`);
  await tx.execute(sql.raw(`delete from order_items where order_id in (select order_id from inv where changed and not is_new)`));
  await tx.execute(
    sql.raw(`insert into order_items (order_id, product_id, qte, unit_price_ttc, unit_points)
    select i.order_id, l.product_id, l.qte, l.price, l.unit_points from inv_lines l join inv i on i.num_facture = l.num_facture
    where i.changed order by i.order_id, l.rank`),
  );
  // A first import multiplies the orders table: the planner needs to know before it reads it again.
  await tx.execute(sql.raw('analyze orders'));
  await tx.execute(sql.raw('analyze inv'));
  const year = sql`extract(year from now() at time zone 'Africa/Tunis')::smallint`;
  // One pass over the clients (their table carries many indexes): the points claimed by the orders
  // that reached status 4, through the ledger, and last year's turnover recomputed from the orders.
  const [credit] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with claimed as (
        update orders o set points_credited_at = now() from inv i
        where i.order_id = o.id and i.changed and not i.is_new and o.points_credited_at is null and o.total_points > 0
        returning o.id, o.client_id, o.total_points, o.num_order
      ), claim as (
        select id, client_id, total_points, num_order from claimed
        union all select order_id, client_id, points, num_facture from inv where is_new and points > 0
      ), per_client as (
        select client_id, sum(total_points)::int as s from claim group by client_id
      ), touched as (
        select client_id as cid from inv where changed
        union select old_client from inv where changed and old_client is not null
      ), turnover as (
        select o.client_id, sum(o.total_net_ttc) as total from orders o
        where o.client_id in (select cid from touched) and o.status in ${sqlCodes(ORDER_POINTS_STATUSES)}
          and o.created_at >= make_date(${lastYear}, 1, 1)::timestamp at time zone 'Africa/Tunis'
          and o.created_at < make_date(${lastYear} + 1, 1, 1)::timestamp at time zone 'Africa/Tunis'
        group by o.client_id
      ), upd as (
        update clients c set
          points_fid = c.points_fid + coalesce(p.s, 0),
          points_fid_n = case when p.s is null then c.points_fid_n else (case when c.points_year = ${year} then c.points_fid_n else 0 end) + p.s end,
          points_year = case when p.s is null then c.points_year else ${year} end,
          ca_n_1 = coalesce(t.total, 0),
          updated_at = now()
        from touched x left join per_client p on p.client_id = x.cid left join turnover t on t.client_id = x.cid
        where c.id = x.cid and (p.s is not null or c.ca_n_1 is distinct from coalesce(t.total, 0))
        returning c.id, c.points_fid as balance, coalesce(p.s, 0) as s
      ), ledger as (
        insert into points_ledger (client_id, amount, balance_after, source, source_id, reason, author_id)
        select cl.client_id, cl.total_points, u.balance - u.s + sum(cl.total_points) over (partition by cl.client_id order by cl.id),
               'order', cl.id, 'Commande ' || cl.num_order || ' traitée', ${authorId}::int
        from claim cl join upd u on u.id = cl.client_id
        returning id, client_id, amount, balance_after, source, source_id, reason, created_at
      ), events as (${pointsEventsCte('ledger')})
      select coalesce(sum(amount), 0)::int as n from ledger`),
  );
  return { ...counts, credited: Number(credit?.n ?? 0) };
}
