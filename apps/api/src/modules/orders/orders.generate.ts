import { ORDER_CODES, ORDER_POINTS_STATUSES } from '@app/domain';
/**
 * Generated products and orders for seed:large: built in SQL with generate_series,
 * batch by batch, so a million orders with their items never pass through JavaScript. The data keeps
 * the rules of the product: totals are the sums of the items, orders that reached « Traité et
 * accepté » or « Facturé » have their points in the ledger once, and every ledger row holds the
 * client's running balance.
 */
import { sql } from 'drizzle-orm';
import { productCategories } from '../catalogue';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { sqlCode, sqlCodes } from '../../db/codes';

const one = async <T>(db: Db, q: ReturnType<typeof sql>) => (await queryRows<T>(db, q))[0];

/** Orders per transaction: ~3 items each, so a batch writes ~200,000 rows. */
const ORDER_BATCH = 50_000;
const PRODUCT_BATCH = 20_000;
/** Generated orders spread from this day to now, more of them in recent years (the programme grows). */
const FIRST_DAY = '2021-01-04 08:00:00+01';

const CATEGORIES = [
  ['GEN-BOI', 'Boissons', 'Eaux, jus et sodas'],
  ['GEN-EPI', 'Épicerie', 'Pâtes, huiles et conserves'],
  ['GEN-LAI', 'Produits laitiers', 'Laits, yaourts et fromages'],
  ['GEN-HYG', 'Hygiène', 'Savons et entretien'],
] as const;
const WORDS_FR = ['Eau minérale', "Jus d'orange", 'Lait demi-écrémé', 'Huile d’olive', 'Pâtes', 'Couscous', 'Thon', 'Savon', 'Biscuits', 'Café moulu'];
const WORDS_AR = ['مياه معدنية', 'عصير برتقال', 'حليب نصف دسم', 'زيت زيتون', 'عجين', 'كسكسي', 'تن', 'صابون', 'بسكويت', 'قهوة مطحونة'];
const textArray = (words: readonly string[]) =>
  sql`array[${sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]`;

/** Fills the catalogue up to `target` generated products (prices with 19 % VAT, a point per dinar). */
export async function generateProducts(db: Db, target: number, log: (line: string) => void): Promise<void> {
  const { n: categories } = await one<{ n: number }>(db, sql`select count(*)::int n from product_categories`);
  if (categories === 0) {
    await db.insert(productCategories).values(CATEGORIES.map(([code, name, label], i) => ({ code, name, label, ordre: i + 1 })));
  }
  const { n: existing } = await one<{ n: number }>(db, sql`select count(*)::int n from products`);
  for (let from = existing + 1; from <= target; from += PRODUCT_BATCH) {
    const to = Math.min(target, from + PRODUCT_BATCH - 1);
    await db.execute(sql`
      with cats as (select array_agg(id order by id) a, count(*)::int n from product_categories),
      gen as (
        select g, (1 + g % 10) w, 500 + (g::bigint * 7919) % 60000 ht from generate_series(${from}::int, ${to}::int) g
      )
      insert into products (ref, label, label_ar, category_id, type, nature, qte, price_ht, price_ttc, points, unite_vente, visible, position, sections_id)
      select 'GEN-P' || lpad(g::text, 7, '0'),
             (${textArray(WORDS_FR)})[w] || ' ' || g,
             (${textArray(WORDS_AR)})[w] || ' ' || g,
             cats.a[1 + g % cats.n],
             case when g % 4 = 0 then 'Lot' else 'Unitaire' end,
             case when g % 3 = 0 then 'Frais' else 'Sec' end,
             (g * 37) % 500,
             round(ht / 1000.0, 3),
             round(ht * 1.19) / 1000.0,
             greatest(1, (ht * 1.19 / 1000)::int),
             case when g % 4 = 0 then 'Carton' else 'Pièce' end,
             case when g % 15 = 0 then 0 else 1 end,
             g,
             2
      from gen, cats`);
    log(`${to} / ${target} produits`);
  }
}

/**
 * Adds generated orders up to `target`, over the existing clients and visible products. Status follows
 * the order's age as in the demo (recent orders are still « Nouveau » or moving, old ones invoiced,
 * accepted or refused); processed orders are credited when generated, so their ledger rows come after
 * the client's earlier ones.
 */
export async function generateOrders(db: Db, target: number, log: (line: string) => void): Promise<void> {
  const { n: existing } = await one<{ n: number }>(db, sql`select count(*)::int n from orders`);
  for (let from = existing + 1; from <= target; from += ORDER_BATCH) {
    const to = Math.min(target, from + ORDER_BATCH - 1);
    await db.transaction(async (tx) => {
      const range = await one<{ lo: number | null; hi: number | null }>(
        tx,
        sql`
        with n as (select count(*)::int n from clients),
        -- Clients numbered 0..n-1 and joined on that number: an array of ids indexed per row would be
        -- detoasted again for every order (minutes per batch at 100,000 clients).
        cl as (select id, (row_number() over (order by id))::int - 1 k from clients),
        gen as (
          select g,
                 ${FIRST_DAY}::timestamptz + sqrt(g::float8 / ${target}::float8) * (now() - interval '2 hours' - ${FIRST_DAY}::timestamptz) as at,
                 ((g::bigint * 40503) % 1000) / 1000.0 as x
          from generate_series(${from}::int, ${to}::int) g
        ),
        aged as (select *, extract(epoch from now() - at) / 86400 as age from gen),
        shaped as (
          select *, case
            when age > 30 then case when x < 0.74 then 4 when x < 0.87 then 2 else 3 end
            when age > 7 then case when x < 0.3 then 1 when x < 0.55 then 2 when x < 0.8 then 4 when x < 0.9 then 3 else 0 end
            else case when x < 0.55 then 0 when x < 0.8 then 1 when x < 0.9 then 3 else 2 end end::smallint as status
          from aged
        ),
        ins as (
          insert into orders (num_order, client_id, user_id, status, site, address, destination, created_at, updated_at, points_credited_at)
          select 'GEN-' || extract(year from s.at at time zone 'Africa/Tunis') || '-' || lpad(s.g::text, 8, '0'),
                 c.id, (select min(u.id) from users u where u.client_id = c.id), s.status, c.site, c.address,
                 coalesce(c.destination, c.gouvernorat), s.at,
                 case when s.status = ${sqlCode(ORDER_CODES.NEW)} then s.at else least(now(), s.at + interval '2 days') end,
                 case when s.status in ${sqlCodes(ORDER_POINTS_STATUSES)} then now() end
          from shaped s cross join n
          join cl on cl.k = (s.g::bigint * 2654435761) % n.n
          join clients c on c.id = cl.id
          order by s.g
          returning id
        )
        select min(id) lo, max(id) hi from ins`,
      );
      if (range.lo === null) return;
      // One to five distinct products per order, a quantity of 1 to 20, at the product's price and points.
      await tx.execute(sql`
        with n as (select count(*)::int n from products where visible = 1),
        pr as (select id, (row_number() over (order by id))::int - 1 rn from products where visible = 1)
        insert into order_items (order_id, product_id, qte, unit_price_ttc, unit_points)
        select o.id, p.id, 1 + (o.id * 31 + k * 17) % 20, p.price_ttc, p.points
        from orders o cross join n
        cross join lateral generate_series(1, least(n.n, 1 + o.id % 5)) k
        join pr on pr.rn = (o.id::bigint * 7919 + k) % n.n
        join products p on p.id = pr.id
        where o.id between ${range.lo} and ${range.hi}`);
      await tx.execute(sql`
        update orders o set total_net_ttc = t.total, total_points = t.points
        from (select order_id, sum(qte * unit_price_ttc) total, sum(qte * unit_points)::int points
              from order_items where order_id between ${range.lo} and ${range.hi} group by order_id) t
        where o.id = t.order_id`);
      // Ledger rows in id order per client, each balance the client's balance plus the running sum.
      await tx.execute(sql`
        with credited as (
          select o.id, o.client_id, o.total_points, o.num_order from orders o
          where o.id between ${range.lo} and ${range.hi} and o.points_credited_at is not null and o.total_points > 0
        ),
        ins as (
          insert into points_ledger (client_id, amount, balance_after, source, source_id, reason, created_at)
          select cr.client_id, cr.total_points,
                 c.points_fid + sum(cr.total_points) over (partition by cr.client_id order by cr.id),
                 'order', cr.id, 'Commande ' || cr.num_order || ' traitée', now()
          from credited cr join clients c on c.id = cr.client_id
          order by cr.client_id, cr.id
          returning client_id, amount
        ),
        earned as (select client_id, sum(amount)::int s from ins group by client_id),
        y as (select extract(year from now() at time zone 'Africa/Tunis')::smallint y)
        update clients c set
          points_fid = c.points_fid + e.s,
          points_fid_n = (case when c.points_year = y.y then c.points_fid_n else 0 end) + e.s,
          points_year = y.y
        from earned e, y where c.id = e.client_id`);
    });
    log(`${to} / ${target} commandes`);
  }
}
