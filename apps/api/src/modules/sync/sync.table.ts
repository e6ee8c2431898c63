import { boolean, index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../lib/auth/accounts.table';

/**
 * History of the ERP synchronisations: who ran which kind, on which file (name and
 * sha256), when, how long, its counts and result. Written outside the run's data transaction, so a
 * rejected or failed run stays in the history while none of its rows was applied.
 * RESULT: running, success, checked (a dry run), rejected (bad rows, nothing applied), failed.
 */
export const syncRuns = pgTable(
  'sync_runs',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 20 }).notNull(),
    dryRun: boolean('dry_run').notNull().default(false),
    result: varchar('result', { length: 20 }).notNull().default('running'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userEmail: varchar('user_email', { length: 190 }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    sha256: varchar('sha256', { length: 64 }),
    jobId: varchar('job_id', { length: 40 }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    total: integer('total').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    message: varchar('message', { length: 500 }),
    /** The first rejected rows: [{ line, field, message }]. */
    rejections: jsonb('rejections').notNull().default([]),
  },
  (t) => [
    index('sync_runs_started_sort').on(t.startedAt, t.id),
    index('sync_runs_kind_idx').on(t.kind, t.startedAt, t.id),
    index('sync_runs_result_idx').on(t.result),
  ],
);
