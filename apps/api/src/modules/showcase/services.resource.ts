import {
  type HomeService,
  homeServiceBody,
  homeServicesMeta,
  homeServiceUpdateBody,
  SERVICE_TYPES,
  SHOWCASE_MSG,
  type WebsiteService,
  websiteServiceBody,
  websiteServicesMeta,
  websiteServiceUpdateBody,
} from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { FieldDef } from '../../lib/crud/fields';
import { defineResource } from '../../lib/crud/resource';
import { homeServices, websiteServices } from './showcase.table';

type ServiceTable = typeof websiteServices | typeof homeServices;

/**
 * The fields both service lists share. `title`, `text` and `alt_img` are the older interface's
 * names of the French title, content and alt: declared after the new names so that, when a client
 * sends only the old ones, they are what is written.
 */
function serviceFields<Dto extends HomeService>(t: ServiceTable) {
  return [
    { api: 'position', column: t.position, sort: true, export: { width: 0.6 } },
    { api: 'title_fr', column: t.titleFr, search: true, sort: 'text', export: { width: 2 } },
    { api: 'title_en', column: t.titleEn, search: true, sort: 'text', export: { width: 2 } },
    { api: 'content_fr', column: t.contentFr, richText: true, export: { header: 'Contenu (FR)', width: 3, format: plain } },
    { api: 'content_en', column: t.contentEn, richText: true, export: { width: 3, format: plain } },
    { api: 'img_title', column: t.imgTitle },
    { api: 'alt', column: t.alt },
    { api: 'title', column: t.titleFr },
    { api: 'text', column: t.contentFr, richText: true },
    { api: 'alt_img', column: t.alt },
  ] as const satisfies readonly FieldDef<Dto>[];
}

/** Rich text in a spreadsheet cell: its words only. */
function plain(v: unknown): string {
  return String(v ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const imageRequired = () => SHOWCASE_MSG.imageRequired;

/** A PUT merges over the new names only: a stored alias would stand in for a French field sent empty. */
const withoutAliases = <S extends { title: unknown; text: unknown; alt_img: unknown }>({ title: _t, text: _x, alt_img: _a, ...stored }: S) => stored;

/**
 * Website services by type (route /layout/contents/service/{type}): one table, the
 * list filtered by `type` (also served as GET service/{type}); positions run 1..n within a type.
 */
export const websiteServicesResource = defineResource<WebsiteService>()({
  meta: websiteServicesMeta,
  tag: 'showcase',
  actions: { read: 'showcase:read', write: 'showcase:write' },
  table: websiteServices,
  idColumn: websiteServices.id,
  body: websiteServiceBody,
  updateBody: websiteServiceUpdateBody,
  storedAsBody: withoutAliases,
  fields: [
    { api: 'type', column: websiteServices.type, schema: z.enum(SERVICE_TYPES), export: { width: 1.2 } },
    ...serviceFields<WebsiteService>(websiteServices),
  ],
  filters: { type: { schema: z.enum(SERVICE_TYPES), where: (v: string) => eq(websiteServices.type, v) } },
  afterWrite: async (tx, { id, body, before }) => {
    // The generic create numbers positions over the whole table; a type's list counts its own rows.
    if (before && (body.type === undefined || body.type === before.type)) return;
    await lastInType(tx, id);
  },
  inUseMessage: 'Suppression impossible : cet service est encore utilisé.',
  position: websiteServices.position,
  media: { names: { image: 'image' }, export: { header: 'Image', width: 1.5 }, required: imageRequired },
  formCreate: true,
});

/** Puts a service last in its type's list (a new row, or one moved to another type). */
async function lastInType(tx: Db, id: number) {
  const t = websiteServices;
  const others = sql`(select coalesce(max(o.position), 0) + 1 from ${t} o where o.type = ${t.type} and o.id <> ${t.id})`;
  await tx.update(t).set({ position: others }).where(eq(t.id, id));
}

/** Home-page services (route /layout/contents/services). */
export const homeServicesResource = defineResource<HomeService>()({
  meta: homeServicesMeta,
  tag: 'showcase',
  actions: { read: 'showcase:read', write: 'showcase:write' },
  table: homeServices,
  idColumn: homeServices.id,
  body: homeServiceBody,
  updateBody: homeServiceUpdateBody,
  storedAsBody: withoutAliases,
  fields: serviceFields<HomeService>(homeServices),
  inUseMessage: 'Suppression impossible : cet service est encore utilisé.',
  position: homeServices.position,
  media: { names: { image: 'image' }, export: { header: 'Image', width: 1.5 }, required: imageRequired },
  formCreate: true,
});
