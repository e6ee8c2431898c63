import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * The webhook outbox: one row per event, inserted in the transaction of the change it
 * reports, so there is no event without its change and no change without its event. `seq` orders
 * the events as they were committed per resource; the delivery worker fans an event out to the
 * endpoints subscribed to its type and marks it `dispatched_at`.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** The event id receivers de-duplicate on (deliveries are at least once). */
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique('webhook_events_seq_unique'),
    type: varchar('type', { length: 60 }).notNull(),
    /** What the event is about, e.g. ('order', '42'): deliveries keep this resource's order. */
    resource: varchar('resource', { length: 40 }).notNull(),
    resourceId: varchar('resource_id', { length: 60 }).notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [index('webhook_events_waiting').on(t.seq).where(sql`${t.dispatchedAt} is null`), index('webhook_events_created').on(t.createdAt)],
);
