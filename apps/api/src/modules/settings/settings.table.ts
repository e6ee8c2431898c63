import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The programme's company details: one row, id 1, printed on the exit slips. Until it
 * is saved the server answers the COMPANY_NAME / COMPANY_TAX_ID it was started with.
 */
export const appSettings = pgTable(
  'app_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: varchar('name', { length: 120 }).notNull(),
    taxId: varchar('tax_id', { length: 40 }).notNull(),
    address: varchar('address', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    email: varchar('email', { length: 190 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('app_settings_single_row', sql`${t.id} = 1`)],
);

/** Configuration entries: a documented file under a fixed KEY; the file is a media row. */
export const siteConfigs = pgTable(
  'site_configs',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 40 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('site_configs_key_unique').on(t.key)],
);

/**
 * The loyalty programme's settings (Paramètres › Programme): one row, id 1, created by
 * its migration. The points expiry policy is read by the ledger trigger when a credit becomes a lot:
 * `never` (default), `months` (EXPIRY_MONTHS after the credit) or `year_end` (31 December of the year
 * after the credit, Africa/Tunis).
 */
export const programmeSettings = pgTable(
  'programme_settings',
  {
    id: integer('id').primaryKey().default(1),
    expiryPolicy: varchar('expiry_policy', { length: 10 }).notNull().default('never'),
    expiryMonths: integer('expiry_months'),
    /** « Valeur du point »: millimes one point is worth, for the liability; 0 = not set. */
    pointValue: integer('point_value').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('programme_settings_single_row', sql`${t.id} = 1`),
    check('programme_settings_policy', sql`${t.expiryPolicy} in ('never', 'months', 'year_end')`),
    check('programme_settings_point_value', sql`${t.pointValue} between 0 and 1000000`),
    check(
      'programme_settings_months',
      sql`(${t.expiryPolicy} = 'months') = (${t.expiryMonths} is not null) and coalesce(${t.expiryMonths}, 1) between 1 and 120`,
    ),
  ],
);
