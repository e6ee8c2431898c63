import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * The state of the background jobs that every API node must see alike, one row per
 * pg-boss job (same id): whether it is still live (queued or running), its progress as last written
 * by its worker, and its worker's heartbeat. pg-boss keeps the rest (state, result, error).
 * LOCK_KEY makes « already running » a database fact: one live job per key (a sync kind, a rebate
 * year), enforced by the unique partial index, so two nodes launching together get one 202 and one 409.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid('id').primaryKey(),
    kind: varchar('kind', { length: 60 }).notNull(),
    lockKey: varchar('lock_key', { length: 100 }),
    /** True from the launch until the job ends, whatever its outcome (or is found dead). */
    live: boolean('live').notNull().default(true),
    step: varchar('step', { length: 200 }),
    done: integer('done'),
    total: integer('total'),
    /** Written by the worker every few seconds while it runs; null while the job waits in the queue. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('job_runs_live_lock').on(t.lockKey).where(sql`${t.live}`), index('job_runs_ended_idx').on(t.endedAt)],
);
