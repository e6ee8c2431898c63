import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, serial, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { webhookEvents } from './outbox.table';

/**
 * A receiver of webhook events, managed by administrators. `paused_at` is the circuit
 * breaker: set when every attempt since `failing_since` failed for an hour, cleared by `resume`; while it
 * is set the endpoint's deliveries wait. `active` false is the administrator's own switch.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: varchar('url', { length: 2000 }).notNull(),
  description: varchar('description', { length: 500 }),
  /** 'whsec_' + 32 random bytes base64url: the HMAC key receivers verify with; never logged. */
  secret: varchar('secret', { length: 100 }).notNull(),
  events: text('events').array().notNull(),
  active: boolean('active').notNull().default(true),
  pausedAt: timestamp('paused_at', { withTimezone: true }),
  failingSince: timestamp('failing_since', { withTimezone: true }),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One attempt chain of one event to one endpoint: `attempt` counts the tries, the last one's outcome is
 * on the row. The row is also the work queue: due when `next_attempt_at` has come and nobody holds its
 * lease (`locked_until`). `resource_key` and `event_seq` (copied from the event) keep one resource's
 * events to one endpoint in order.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    eventType: varchar('event_type', { length: 60 }).notNull(),
    eventSeq: bigint('event_seq', { mode: 'number' }).notNull(),
    resourceKey: varchar('resource_key', { length: 110 }).notNull(),
    attempt: integer('attempt').notNull().default(0),
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    httpStatus: integer('http_status'),
    durationMs: integer('duration_ms'),
    responseExcerpt: varchar('response_excerpt', { length: 500 }),
    error: varchar('error', { length: 200 }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The screen's log: an endpoint's deliveries, newest first.
    index('webhook_deliveries_endpoint').on(t.endpointId, t.id),
    // The dispatcher's claim: the open deliveries by due time.
    index('webhook_deliveries_due').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'retrying')`),
    // The per-resource order check: an earlier open delivery of the same resource to the same endpoint.
    index('webhook_deliveries_order').on(t.endpointId, t.resourceKey, t.eventSeq).where(sql`${t.status} in ('pending', 'retrying')`),
    index('webhook_deliveries_event').on(t.eventId),
    index('webhook_deliveries_created').on(t.createdAt),
  ],
);
