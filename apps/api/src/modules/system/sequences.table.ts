import { integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Per-year counters for numbers the server gives out (returns now; conversions and vouchers later). */
export const numberSequences = pgTable(
  'number_sequences',
  {
    kind: varchar('kind', { length: 30 }).notNull(),
    year: smallint('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [uniqueIndex('number_sequences_pk').on(t.kind, t.year)],
);
