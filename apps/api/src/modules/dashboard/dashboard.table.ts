import { bigint, date, integer, numeric, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';

/*
 * Summary tables of the dashboard (every chart ≤ 150 ms at 1,000,000 orders and 2,000,000
 * connection logs). They are kept by statement-level triggers of the source tables (migration
 * 0014_dashboard_triggers), in the writing transaction, whoever writes: the app, the invoice sync,
 * seed:large. Months and days are those of Tunis. Never written by the application.
 */

/** Orders per Tunis month of creation and status: how many, and their total TTC. */
export const orderMonthStats = pgTable(
  'order_month_stats',
  {
    month: date('month', { mode: 'string' }).notNull(),
    status: smallint('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    total: numeric('total', { precision: 16, scale: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.status] })],
);

/** Connection logs per Tunis month and platform. */
export const connectionMonthStats = pgTable(
  'connection_month_stats',
  {
    month: date('month', { mode: 'string' }).notNull(),
    platform: varchar('platform', { length: 40 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.platform] })],
);

/** Mobile-app connections per Tunis day and user (a row exists while n > 0). */
export const appVisits = pgTable(
  'app_visits',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

/** Distinct mobile-app users per Tunis day (the rows of app_visits per day). */
export const appVisitorDays = pgTable('app_visitor_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  n: integer('n').notNull(),
});

/** The clients' app users per Tunis month of registration (their account's creation). */
export const registrationMonthStats = pgTable('registration_month_stats', {
  month: date('month', { mode: 'string' }).primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});
