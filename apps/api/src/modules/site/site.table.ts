import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Public website pages: one row per page key, created on first visit. */
export const sitePages = pgTable('site_pages', {
  id: serial('id').primaryKey(),
  key: varchar('key', { length: 60 }).notNull().unique('site_pages_key_unique'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A page's sections; images, video and file are media rows of entity `sections`. */
export const siteSections = pgTable(
  'site_sections',
  {
    id: serial('id').primaryKey(),
    pageId: integer('pages_id')
      .notNull()
      .references(() => sitePages.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 100 }).notNull(),
    position: integer('position').notNull().default(0),
    titleFr: varchar('title_fr', { length: 255 }),
    titleEn: varchar('title_en', { length: 255 }),
    contentFr: text('content_fr'),
    contentEn: text('content_en'),
    imgTitleFr: varchar('img_title_fr', { length: 255 }),
    imgTitleEn: varchar('img_title_en', { length: 255 }),
    imgAlt: varchar('img_alt', { length: 255 }),
    url: varchar('url', { length: 500 }),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 190 }),
    address: varchar('address', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('site_sections_page_key_unique').on(t.pageId, t.key), index('site_sections_position_idx').on(t.pageId, t.position)],
);

/** A section's blocks, ordered by position 1..n within their section. */
export const siteBlocks = pgTable(
  'site_blocks',
  {
    id: serial('id').primaryKey(),
    sectionId: integer('sections_id')
      .notNull()
      .references(() => siteSections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(1),
    key: varchar('key', { length: 100 }).notNull(),
    url: varchar('url', { length: 500 }),
    titleFr: varchar('title_fr', { length: 255 }).notNull(),
    titleEn: varchar('title_en', { length: 255 }).notNull(),
    contentFr: text('content_fr').notNull(),
    contentEn: text('content_en').notNull(),
    imgTitleFr: varchar('img_title_fr', { length: 255 }),
    imgTitleEn: varchar('img_title_en', { length: 255 }),
    imgAlt: varchar('img_alt', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('site_blocks_section_position_idx').on(t.sectionId, t.position),
    index('site_blocks_title_fr_trgm').using('gin', t.titleFr.op('gin_trgm_ops')),
    index('site_blocks_title_en_trgm').using('gin', t.titleEn.op('gin_trgm_ops')),
    index('site_blocks_key_trgm').using('gin', t.key.op('gin_trgm_ops')),
    index('site_blocks_title_fr_idx').on(t.titleFr),
    index('site_blocks_title_en_idx').on(t.titleEn),
    index('site_blocks_key_idx').on(t.key),
  ],
);
