import { sql } from 'drizzle-orm';
import { VOUCHER_CODES } from '@app/domain';
import { check, date, index, integer, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../lib/auth/accounts.table';
import { sqlCodes } from '../../db/codes';
import { clientActivities, clientCategories, clientCircuits, clientTypes } from '../../lib/clients/classification.table';
import { clients } from '../../lib/clients/clients.table';
import { badges } from '../../lib/clients/badges.table';
import { giftPurchases } from './gifts.table';

/** Vouchers on offer: a balance SOLDE in dinars, for a company type. */
export const vouchers = pgTable(
  'vochers',
  {
    id: serial('id').primaryKey(),
    ref: varchar('ref', { length: 50 }).notNull(),
    description: text('description'),
    qts: integer('qts').notNull().default(0),
    solde: numeric('solde', { precision: 14, scale: 3 }).notNull(),
    isActive: smallint('is_active').notNull().default(1),
    typeClientId: integer('type_client_id')
      .notNull()
      .references(() => clientTypes.id, { onDelete: 'restrict' }),
    circuitId: integer('circuit_id').references(() => clientCircuits.id, { onDelete: 'restrict' }),
    activiteId: integer('activite_id').references(() => clientActivities.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id').references(() => clientCategories.id, { onDelete: 'restrict' }),
    badgesId: integer('badges_id').references(() => badges.id, { onDelete: 'restrict' }),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vochers_ref_unique').on(sql`lower(${t.ref})`),
    index('vochers_ref_trgm').using('gin', t.ref.op('gin_trgm_ops')),
    index('vochers_ref_sort').on(sql`public.sort_key(${t.ref})`, t.id),
    check('vochers_qts_nonnegative', sql`${t.qts} >= 0`),
  ],
);

/**
 * A client's voucher: issued by a voucher-type gift, by the yearly
 * rebate generation, or from the vouchers on offer; STATUS 0 available, 1 used (by a scan of its
 * QR code or by staff with MANUAL_REASON). SOLDE_USED is its amount in dinars.
 */
export const voucherPurchases = pgTable(
  'vocher_purchases',
  {
    id: serial('id').primaryKey(),
    voucherRef: varchar('vocher_ref', { length: 50 }).notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    voucherId: integer('vocher_id').references(() => vouchers.id, { onDelete: 'restrict' }),
    giftPurchaseId: integer('gift_purchase_id').references(() => giftPurchases.id, { onDelete: 'restrict' }),
    /** The rebate year that issued it (yearly generation), else null. */
    ristourneYear: smallint('ristourne_year'),
    soldeUsed: numeric('solde_used', { precision: 14, scale: 3 }).notNull(),
    status: smallint('status').notNull().default(0),
    qrcode: varchar('qrcode', { length: 64 }).notNull(),
    scanDate: timestamp('scan_date', { withTimezone: true }),
    /** 1 when consumed by a scan, 0 by staff (MANUAL_REASON). */
    scan: smallint('scan'),
    manualReason: varchar('manual_reason', { length: 500 }),
    consumedBy: integer('consumed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vocher_purchases_ref_unique').on(t.voucherRef),
    uniqueIndex('vocher_purchases_qrcode_unique').on(t.qrcode),
    // One rebate voucher per client and year: a second generation cannot issue it twice.
    uniqueIndex('vocher_purchases_ristourne_unique').on(t.clientId, t.ristourneYear).where(sql`${t.ristourneYear} is not null`),
    index('vocher_purchases_ref_trgm').using('gin', t.voucherRef.op('gin_trgm_ops')),
    index('vocher_purchases_client_idx').on(t.clientId, t.createdAt, t.id),
    index('vocher_purchases_created_sort').on(t.createdAt, t.id),
    index('vocher_purchases_status_sort').on(t.status, t.id),
    index('vocher_purchases_solde_sort').on(t.soldeUsed, t.id),
    index('vocher_purchases_scan_sort').on(t.scanDate, t.id),
    check('vocher_purchases_status', sql`${t.status} in ${sqlCodes([VOUCHER_CODES.AVAILABLE, VOUCHER_CODES.USED])}`),
  ],
);

/** Discount coupons: TYPE fixed (dinars) or percentage (at most 100). */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 50 }).notNull(),
    value: numeric('value', { precision: 14, scale: 3 }).notNull(),
    type: varchar('type', { length: 12 }).notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    actif: smallint('actif').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_unique').on(sql`lower(${t.code})`),
    index('coupons_code_trgm').using('gin', t.code.op('gin_trgm_ops')),
    index('coupons_code_sort').on(sql`public.sort_key(${t.code})`, t.id),
    index('coupons_expiry_sort').on(t.expiryDate, t.id),
    index('coupons_value_sort').on(t.value, t.id),
    check('coupons_type', sql`${t.type} in ('fixed', 'percentage')`),
  ],
);

/**
 * Rebate tiers: for a year and an activity, clients whose turnover falls in
 * [VAL_MIN, VAL_MAX] get PERCENTAGE of it back as a voucher (clients/calculateRistourne/{year}).
 */
export const ristournes = pgTable(
  'ristournes',
  {
    id: serial('id').primaryKey(),
    numRistourne: integer('num_ristourne').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    year: smallint('year').notNull(),
    valMin: numeric('val_min', { precision: 14, scale: 3 }).notNull(),
    valMax: numeric('val_max', { precision: 14, scale: 3 }).notNull(),
    percentage: numeric('percentage', { precision: 6, scale: 3 }).notNull(),
    remise: numeric('remise', { precision: 6, scale: 3 }).notNull(),
    activiteId: integer('activite_id').references(() => clientActivities.id, { onDelete: 'restrict' }),
    isActive: smallint('is_active').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ristournes_year_activity').on(t.year, t.activiteId, t.valMin),
    index('ristournes_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('ristournes_name_sort').on(sql`public.sort_key(${t.name})`, t.id),
    index('ristournes_num_sort').on(t.numRistourne, t.id),
    check('ristournes_range', sql`${t.valMin} <= ${t.valMax}`),
  ],
);

/**
 * One row per generated year (clients/calculateRistourne/{year}): written in the same transaction as
 * the year's vouchers, so a year is generated entirely or not at all, and never twice.
 */
export const ristourneRuns = pgTable('ristourne_runs', {
  year: smallint('year').primaryKey(),
  vouchers: integer('vouchers').notNull(),
  total: numeric('total', { precision: 16, scale: 3 }).notNull(),
  startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
});
