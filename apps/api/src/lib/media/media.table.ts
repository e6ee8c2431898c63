import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Uploaded files, attached to any record by (entity, entity_id, collection). Bytes live in the media store (DATA_DIR/uploads or the bucket's uploads/), under stored_name. */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    entity: varchar('entity', { length: 60 }).notNull(),
    entityId: integer('entity_id').notNull(),
    collection: varchar('collection', { length: 60 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    storedName: varchar('stored_name', { length: 100 }).notNull().unique('media_stored_unique'),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_owner_idx').on(t.entity, t.entityId, t.collection)],
);
