import { index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../auth/accounts.table';

/**
 * The `Idempotency-Key`s of the calls that move points or value (lib/idempotency): one row
 * per user and key, written in its own statement before the call runs (STATUS null: in progress), then
 * given the call's reply. Kept 24 hours; the housekeeping job deletes older ones.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 255 }).notNull(),
    /** The call the key was first used for: method and route pattern (`POST /api/clients/:id/points`). */
    route: varchar('route', { length: 300 }).notNull(),
    /** sha256 of the call's path parameters, query and body (canonical JSON), hex. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    /** The reply's status; null while the first call runs. */
    status: integer('status'),
    contentType: varchar('content_type', { length: 200 }),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
