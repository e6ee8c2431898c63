import { sql } from 'drizzle-orm';
import { index, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Email and SMS message templates: TYPE comes from the screen's route. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 10 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('message_templates_type_idx').on(t.type, sql`public.sort_key(${t.name})`, t.id),
    index('message_templates_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('message_templates_subject_trgm').using('gin', t.subject.op('gin_trgm_ops')),
  ],
);
