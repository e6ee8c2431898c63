import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../lib/auth/accounts.table';
import { messageTemplates } from './templates.table';

/**
 * Every invitation sent (who invited whom, with which template, when, result). The one-time link
 * to choose a password is a random token stored only as its SHA-256, valid 7 days.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 190 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => messageTemplates.id, { onDelete: 'set null' }),
    invitedById: integer('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: varchar('token_hash', { length: 64 }).unique('invitations_token_unique'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** sent | failed */
    result: varchar('result', { length: 10 }).notNull(),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invitations_user_idx').on(t.userId), index('invitations_sent_idx').on(t.sentAt)],
);
