import { index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../lib/auth/accounts.table';
import { clientActivities } from '../../lib/clients/classification.table';
import { clients } from '../../lib/clients/clients.table';

/** A flux notification: title, rich-text message, optional image (a media row), sent at DATE. */
export const flux = pgTable(
  'flux',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 150 }).notNull(),
    message: text('message').notNull(),
    /** The message without its HTML, kept beside it for the list, its search and the exports. */
    messageText: text('message_text').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    /** How many clients it went to, written with the recipients. */
    recipientCount: integer('recipient_count').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('flux_date_sort').on(t.date, t.id),
    index('flux_title_trgm').using('gin', t.title.op('gin_trgm_ops')),
    index('flux_text_trgm').using('gin', t.messageText.op('gin_trgm_ops')),
  ],
);

/** Who a flux went to, one row per client, written in the same transaction: the mobile app lists a client's notifications from here. */
export const fluxRecipients = pgTable(
  'flux_recipients',
  {
    fluxId: integer('flux_id')
      .notNull()
      .references(() => flux.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.fluxId, t.clientId] }), index('flux_recipients_client_idx').on(t.clientId, t.fluxId)],
);

/** The activities a 'Par Activité' flux was sent to (its ACTIVITIES). */
export const fluxActivities = pgTable(
  'flux_activities',
  {
    fluxId: integer('flux_id')
      .notNull()
      .references(() => flux.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => clientActivities.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.fluxId, t.activityId] })],
);

/**
 * Which app user read which flux: a row once the user opens it, none
 * before. Per user rather than per client: two users of one shop each have their own unread count.
 */
export const fluxReads = pgTable(
  'flux_reads',
  {
    fluxId: integer('flux_id')
      .notNull()
      .references(() => flux.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The user's key first (his unread count); the flux's index for the cascade of a flux deleted.
  (t) => [primaryKey({ columns: [t.userId, t.fluxId] }), index('flux_reads_flux_idx').on(t.fluxId)],
);
