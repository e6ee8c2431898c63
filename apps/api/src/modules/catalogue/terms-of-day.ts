import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * What a product costs and earns today: one definition of each rule, read by the back-office's
 * product list, the mobile app's catalogue and every order written (createOrder), so the price the app
 * shows is the price the order takes. Both are SQL expressions evaluated in the statement that uses
 * them (no row read into JavaScript to be priced).
 */

type Expr = AnyPgColumn | SQL;

/** Today's calendar day in Tunis: a price list or a product-point period covers it or not. */
export const tunisToday = sql`(now() at time zone 'Africa/Tunis')::date`;

/**
 * The points of the product-point period covering today, else the product's base points (periods
 * of a product never overlap, the latest start wins if they ever did).
 */
export const pointsOfDay = (productId: Expr, basePoints: Expr) =>
  sql<number>`coalesce((select pp.points from product_points pp where pp.product_id = ${productId} and ${tunisToday} between pp.date_debut and pp.date_fin order by pp.date_debut desc limit 1), ${basePoints})`;

/**
 * The unit price TTC a client of `circuitId` pays today (numeric, 3 decimals): the price list
 * ("tarif") of that circuit covering today, else the product's own PRICE_TTC. A tarif's PHT is the
 * circuit's price excluding tax after its REMISE (as the ERP sends it, and the demo data builds it);
 * the tax-inclusive price keeps the product's own tax ratio, PHT × PRICE_TTC / PRICE_HT, rounded to the
 * millime. A product without a PRICE_HT takes its PRICE_TTC less the REMISE. When two tarifs of the
 * circuit cover the day, the one that started last (then the newest) applies. `circuitId` may be an
 * expression (the client's circuit, read in the same statement); a client without a circuit pays the
 * product's price.
 */
export const priceOfDay = (p: { id: Expr; priceHt: Expr; priceTtc: Expr }, circuitId: Expr) =>
  sql<string>`coalesce((select round(case when ${p.priceHt} > 0 then tf.pht * ${p.priceTtc} / ${p.priceHt} else ${p.priceTtc} * (100 - tf.remise) / 100 end, 3)
      from tarifs tf where tf.product_id = ${p.id} and tf.circuit_id = ${circuitId} and ${tunisToday} between tf.start_date and tf.end_date
      order by tf.start_date desc, tf.id desc limit 1), ${p.priceTtc})`;
