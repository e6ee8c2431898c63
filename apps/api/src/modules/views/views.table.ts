import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../lib/auth/accounts.table';

/**
 * Saved views of the lists: a user's named list state (SavedViewState of @app/domain),
 * shared or not with the staff of the owner's role. The role is read from the owner's account at each
 * call, so a view follows its owner when his role changes. Deleting the account deletes its views.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listKey: varchar('list_key', { length: 181 }).notNull(),
    name: varchar('name', { length: 80 }).notNull(),
    state: jsonb('state').notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One name per owner and list, whatever its case.
    uniqueIndex('saved_views_owner_list_name_uq').on(t.ownerId, t.listKey, sql`lower(${t.name})`),
    // The shared views of a list, whatever their owner.
    index('saved_views_list_shared_idx').on(t.listKey).where(sql`${t.shared}`),
  ],
);

/** Each user's default view of a list; it goes with the view (cascade). */
export const savedViewDefaults = pgTable(
  'saved_view_defaults',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listKey: varchar('list_key', { length: 181 }).notNull(),
    viewId: integer('view_id')
      .notNull()
      .references(() => savedViews.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listKey] }), index('saved_view_defaults_view_idx').on(t.viewId)],
);
