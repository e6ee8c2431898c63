import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** The bilingual fields of a service; the image is a media row (collection `image`). */
const serviceColumns = () => ({
  id: serial('id').primaryKey(),
  titleFr: varchar('title_fr', { length: 255 }).notNull(),
  titleEn: varchar('title_en', { length: 255 }).notNull(),
  contentFr: text('content_fr').notNull(),
  contentEn: text('content_en').notNull(),
  imgTitle: varchar('img_title', { length: 255 }),
  alt: varchar('alt', { length: 255 }),
  position: integer('position').notNull().default(0),
  ...stamps,
});

/** Website services by type (our-services, image-annotation…): positions 1..n within a type. */
export const websiteServices = pgTable('website_services', { ...serviceColumns(), type: varchar('type', { length: 40 }).notNull() }, (t) => [
  index('website_services_type_position_idx').on(t.type, t.position),
  index('website_services_title_fr_trgm').using('gin', t.titleFr.op('gin_trgm_ops')),
  index('website_services_title_en_trgm').using('gin', t.titleEn.op('gin_trgm_ops')),
  index('website_services_title_fr_sort').on(sql`public.sort_key(${t.titleFr})`, t.id),
  index('website_services_title_en_sort').on(sql`public.sort_key(${t.titleEn})`, t.id),
]);

/** Home-page services. */
export const homeServices = pgTable('home_services', serviceColumns(), (t) => [
  index('home_services_position_idx').on(t.position),
  index('home_services_title_fr_trgm').using('gin', t.titleFr.op('gin_trgm_ops')),
  index('home_services_title_en_trgm').using('gin', t.titleEn.op('gin_trgm_ops')),
  index('home_services_title_fr_sort').on(sql`public.sort_key(${t.titleFr})`, t.id),
  index('home_services_title_en_sort').on(sql`public.sort_key(${t.titleEn})`, t.id),
]);

/** Partner tools: a logo (media collection `logo`), its alt text and the partner's site. */
export const partnerTools = pgTable(
  'partner_tools',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 150 }).notNull(),
    altLogo: varchar('alt_logo', { length: 255 }),
    siteWeb: varchar('site_web', { length: 500 }),
    position: integer('position').notNull().default(0),
    ...stamps,
  },
  (t) => [
    index('partner_tools_position_idx').on(t.position),
    index('partner_tools_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('partner_tools_name_sort').on(sql`public.sort_key(${t.name})`, t.id),
    index('partner_tools_site_web_idx').on(t.siteWeb),
    index('partner_tools_site_web_trgm').using('gin', t.siteWeb.op('gin_trgm_ops')),
  ],
);

/** Gallery items: a photo (media collection `image`) or a video link. */
export const galleryItems = pgTable(
  'gallery_items',
  {
    id: serial('id').primaryKey(),
    position: integer('position').notNull().default(0),
    title: varchar('title', { length: 255 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull().default('image'),
    link: varchar('link', { length: 500 }),
    ...stamps,
  },
  (t) => [
    index('gallery_items_position_idx').on(t.position),
    index('gallery_items_title_trgm').using('gin', t.title.op('gin_trgm_ops')),
    index('gallery_items_kind_idx').on(t.kind),
    index('gallery_items_title_sort').on(sql`public.sort_key(${t.title})`, t.id),
  ],
);

/** Contact requests, from the staff form or the public website's. */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 150 }).notNull(),
    gsm: varchar('gsm', { length: 8 }).notNull(),
    content: text('content').notNull(),
    /** `staff` or `website`: where the request was entered. */
    source: varchar('source', { length: 10 }).notNull().default('staff'),
    ...stamps,
  },
  (t) => [
    index('contact_requests_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('contact_requests_gsm_trgm').using('gin', t.gsm.op('gin_trgm_ops')),
    index('contact_requests_content_trgm').using('gin', t.content.op('gin_trgm_ops')),
    index('contact_requests_name_sort').on(sql`public.sort_key(${t.name})`, t.id),
    index('contact_requests_created_idx').on(t.createdAt),
    index('contact_requests_gsm_idx').on(t.gsm),
  ],
);
