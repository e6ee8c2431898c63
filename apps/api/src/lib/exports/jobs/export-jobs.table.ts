import { index, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../auth/accounts.table';

/**
 * Exports run in the background, one row each: who asked (only they see it), what file,
 * how far its writer is, and the writer's heartbeat, so that every node answers a poll alike and a
 * writer whose node died shows as interrupted (no beat for EXPORT_STALE_SECONDS). The file itself is
 * in the storage's `exports` store under `<id>.<format>`; row and file are deleted 24 h after the start.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The export route that started it (`GET /api/clients/export/:format`): which list, for the logs. */
    route: varchar('route', { length: 200 }).notNull(),
    format: varchar('format', { length: 4 }).notNull(),
    /** Without extension, as the direct download names it. */
    fileName: varchar('file_name', { length: 200 }).notNull(),
    /** Rows of the list when it started (its ids were read then); null for a source that cannot count. */
    total: integer('total'),
    written: integer('written').notNull().default(0),
    /** running | done | failed | cancelled | interrupted (EXPORT_JOB_STATES). */
    state: varchar('state', { length: 12 }).notNull().default('running'),
    error: varchar('error', { length: 300 }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('export_jobs_created_idx').on(t.createdAt), index('export_jobs_user_idx').on(t.userId)],
);
