import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Gamification badges: a tier a client holds, worth BONUS_BADGE points once. */
export const badges = pgTable(
  'badges',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    bonusBadge: integer('bonus_badge').notNull().default(0),
    bonusEvolution: integer('bonus_evolution').notNull().default(0),
    bonusMaintien: integer('bonus_maintien').notNull().default(0),
    description: text('description'),
    isActive: smallint('is_active').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('badges_name_unique').on(sql`lower(${t.name})`),
    index('badges_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('badges_name_sort').on(sql`public.sort_key(${t.name})`, t.id),
  ],
);
