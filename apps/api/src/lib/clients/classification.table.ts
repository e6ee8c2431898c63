import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const clientTypes = pgTable(
  'client_types',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    position: integer('position').notNull().default(0),
    ...stamps,
  },
  (t) => [
    uniqueIndex('client_types_name_unique').on(sql`lower(${t.name})`),
    index('client_types_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('client_types_position_idx').on(t.position),
    index('client_types_name_sort').on(sql`public.sort_key(${t.name})`, t.id),
  ],
);

export const clientCircuits = pgTable(
  'client_circuits',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('client_circuits_name_unique').on(sql`lower(${t.name})`),
    index('client_circuits_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('client_circuits_name_sort').on(sql`public.sort_key(${t.name})`, t.id),
  ],
);

export const clientActivities = pgTable(
  'client_activities',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    code: varchar('code', { length: 30 }).notNull(),
    circuitId: integer('circuit_id')
      .notNull()
      .references(() => clientCircuits.id, { onDelete: 'restrict' }),
    description: text('description'),
    eCommerce: smallint('e_commerce').notNull().default(0),
    fidelite: smallint('fidelite').notNull().default(0),
    remiseRistourne: smallint('remise_ristourne').notNull().default(0),
    ...stamps,
  },
  (t) => [
    uniqueIndex('client_activities_code_unique').on(sql`lower(${t.code})`),
    index('client_activities_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('client_activities_code_trgm').using('gin', t.code.op('gin_trgm_ops')),
    index('client_activities_circuit_idx').on(t.circuitId),
    index('client_activities_name_idx').on(t.name),
    index('client_activities_name_sort').on(sql`public.sort_key(${t.name})`, t.id),
    index('client_activities_code_sort').on(sql`public.sort_key(${t.code})`, t.id),
  ],
);

export const clientCategories = pgTable(
  'client_categories',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => clientActivities.id, { onDelete: 'restrict' }),
    description: text('description'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('client_categories_name_unique').on(sql`lower(${t.name})`),
    index('client_categories_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('client_categories_activity_idx').on(t.activityId),
    index('client_categories_name_sort').on(sql`public.sort_key(${t.name})`, t.id),
  ],
);
