import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.table';

/*
 * The mobile app's sessions, apart from the back-office's `sessions`: a token of one is
 * never looked up in the other's table, so a staff token is refused by the app routes and an app token
 * by every back-office route. They sit in lib/ because plugins/auth.ts reads them on every app call.
 */

/**
 * One family of tokens per signed-in device: signing in again on the same device revokes the former
 * family; reusing a spent refresh token revokes the family (it was stolen or replayed).
 */
export const appSessions = pgTable(
  'app_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The app's own identifier of the device (kept per install), and its readable name. */
    deviceId: varchar('device_id', { length: 120 }).notNull(),
    deviceName: varchar('device_name', { length: 120 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Why the family ended: signout, replaced (new sign-in on the device), reuse (a spent refresh token
     * came back), password (changed, reset, or set by an invitation), rights (account switched off or
     * on, role changed), inactive (account found inactive at a refresh), expired (past its lifetime).
     */
    revokedReason: varchar('revoked_reason', { length: 20 }),
  },
  (t) => [index('app_sessions_user_device').on(t.userId, t.deviceId)],
);

/** The tokens of a family: only their SHA-256 is stored. A refresh token is spent once (`used_at`). */
export const appTokens = pgTable(
  'app_tokens',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => appSessions.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).$type<'access' | 'refresh'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('app_tokens_session').on(t.sessionId), index('app_tokens_expires').on(t.expiresAt)],
);
