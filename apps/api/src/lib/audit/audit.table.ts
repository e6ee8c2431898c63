import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Trail of every staff write: who, when, which entity and id, what changed. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    userEmail: varchar('user_email', { length: 190 }),
    action: varchar('action', { length: 20 }).notNull(),
    entity: varchar('entity', { length: 60 }).notNull(),
    entityId: varchar('entity_id', { length: 60 }),
    changes: jsonb('changes'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_at_idx').on(t.at),
    // The audit viewer: newest first, by user, searched on e-mail, entity and id.
    index('audit_log_at_sort').on(t.at, t.id),
    index('audit_log_user_idx').on(t.userId, t.at),
    index('audit_log_email_trgm').using('gin', t.userEmail.op('gin_trgm_ops')),
    index('audit_log_entity_trgm').using('gin', t.entity.op('gin_trgm_ops')),
    index('audit_log_entity_id_trgm').using('gin', t.entityId.op('gin_trgm_ops')),
    // The search also reads the values written: the same expression as the query's.
    index('audit_log_changes_trgm').using('gin', sql`(${t.changes}::text) gin_trgm_ops`),
  ],
);
