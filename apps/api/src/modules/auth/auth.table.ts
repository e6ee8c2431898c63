import { boolean, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../lib/auth/accounts.table';

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** History of decided sign-in attempts (who, from where, outcome); the limits themselves are in `throttles`. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 190 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    success: boolean('success').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_email_idx').on(t.email, t.at), index('login_attempts_ip_idx').on(t.ip, t.at)],
);

/**
 * Counters of the abuse limits (sign-in per IP and per account, reset codes, code checks), one row
 * per key such as `login-ip:203.0.113.7`. They live in the database so that every API node sees the
 * same counts, and each is checked and counted in one statement (see login-attempts.ts and
 * lib/throttle.ts), so parallel requests cannot slip past a limit together.
 */
export const throttles = pgTable(
  'throttles',
  {
    key: varchar('key', { length: 300 }).primaryKey(),
    /** Hits counted in the current window (or failures in a row, for an account's sign-in). */
    hits: integer('hits').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('throttles_last_at_idx').on(t.lastAt)],
);

/** Connection logs: one row per successful sign-in. */
export const connectionLogs = pgTable(
  'connection_logs',
  {
    id: serial('id').primaryKey(),
    platform: varchar('platform', { length: 40 }).notNull(),
    deviceName: varchar('device_name', { length: 200 }),
    deviceId: varchar('device_id', { length: 200 }),
    ip: varchar('ip', { length: 64 }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: integer('client_id'),
    dateLogin: timestamp('date_login', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('connection_logs_date_idx').on(t.dateLogin),
    index('connection_logs_user_idx').on(t.userId),
    // The logs screen: one source, one year, newest first.
    index('connection_logs_platform_date').on(t.platform, t.dateLogin, t.id),
    index('connection_logs_date_sort').on(t.dateLogin, t.id),
    index('connection_logs_client_idx').on(t.clientId),
  ],
);
