import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The programme's company details (issue 9 §5): one row, id 1, printed on the exit slips. Until it
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

/** Configuration entries (spec 3 §2.11, §3 Config entry): a documented file under a fixed KEY; the file is a media row. */
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
