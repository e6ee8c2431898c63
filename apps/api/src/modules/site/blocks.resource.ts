import {
  type Block,
  blockBody,
  blocksMeta,
  blockUpdateBody,
  columnSpanOf,
  MAX_UPLOAD_FILES,
  MSG,
  multipleImages,
  queryInteger,
  sectionDef,
  SITE_MSG,
} from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { lockPositions } from '../../lib/crud/positions';
import { defineResource } from '../../lib/crud/resource';
import { AppError } from '../../lib/http';
import { mediaReply } from '../../lib/replies';
import { sanitizeRichText } from '../../lib/rich-text';
import { mediaListFor } from '../../lib/media/media.service';
import { sitePages as p, siteBlocks as b, siteSections as s } from './site.table';

const refused = (field: string, message: string) => new AppError(422, message, { [field]: [message] });

/** Path, audit and media entity of blocks. */
export const BLOCKS_ENTITY = blocksMeta.path;

/** Whether a block keeps several images: those of the image-annotation page. */
async function blockKeepsSeveral(db: Db, blockId: number) {
  const [row] = await db.select({ page: p.key }).from(b).innerJoin(s, eq(s.id, b.sectionId)).innerJoin(p, eq(p.id, s.pageId)).where(eq(b.id, blockId)).limit(1);
  return !!row && multipleImages(row.page);
}

/** Page and section keys of a section, to know its block rules. */
async function sectionOf(db: Db, sectionId: number) {
  const [row] = await db.select({ page: p.key, key: s.key }).from(s).innerJoin(p, eq(p.id, s.pageId)).where(eq(s.id, sectionId)).limit(1);
  return row;
}

const htmlText = (v: unknown) =>
  sanitizeRichText(String(v ?? ''))
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Blocks of a section. The list is one section's (`sections_id`
 * filter); only sections with a blocks list take blocks; a new block goes last in its section; order is changed by blocs/reorder or
 * blocs/{id}/position (site.routes.ts), which renumber the section 1..n. The home services block's
 * `url` is its column span, 1 or 2. Images: several on the image-annotation page, one elsewhere
 * (media.severalOn); MEDIA is the first, IMAGES all of them.
 */
export const blocksResource = defineResource<Block>()({
  meta: blocksMeta,
  tag: 'site',
  actions: { read: 'site:read', write: 'site:write' },
  table: b,
  idColumn: b.id,
  body: blockBody,
  updateBody: blockUpdateBody,
  filters: {
    sections_id: { schema: queryInteger({ min: 1 }), where: (v: number) => eq(b.sectionId, v) },
  },
  prepare: async (values, { mode, id, body, db }) => {
    let sectionId = Number(body.sections_id);
    if (mode === 'update') {
      const [row] = await db.select({ sectionId: b.sectionId }).from(b).where(eq(b.id, id!)).limit(1);
      sectionId = row.sectionId;
    }
    const section = await sectionOf(db, sectionId);
    if (!section) throw refused('sections_id', SITE_MSG.unknownSection);
    const def = sectionDef(section.page, section.key);
    // No screen lists, shows or deletes the blocks of a section without a blocks list.
    if (mode === 'create' && !def?.blocks) throw refused('sections_id', SITE_MSG.noBlocks(def?.label ?? section.key));
    if (def?.columnSpan && (mode === 'create' || body.url !== undefined)) {
      const span = columnSpanOf(body.url as string | null | undefined);
      if (!span) throw refused('url', SITE_MSG.columnSpan);
      values.url = String(span);
    }
  },
  afterWrite: async (tx, { id, before }) => {
    if (before) return;
    // A new block goes last in its section, one create at a time (the read of the last position and
    // the write are in the create's transaction, under the list's lock).
    await lockPositions(tx, b);
    const last = sql`(select coalesce(max(o.position), 0) + 1 from ${b} o where o.sections_id = ${b.sectionId} and o.id <> ${b.id})`;
    await tx.update(b).set({ position: last }).where(eq(b.id, id));
  },
  fields: [
    { api: 'sections_id', column: b.sectionId },
    { api: 'position', column: b.position, sort: true, export: { width: 0.6 } },
    { api: 'key', column: b.key, search: true, sort: true, export: { width: 1 } },
    { api: 'title_fr', column: b.titleFr, search: true, sort: true, export: { width: 1.6 } },
    { api: 'title_en', column: b.titleEn, search: true, sort: true, export: { width: 1.6 } },
    { api: 'content_fr', column: b.contentFr, richText: true, export: { width: 2.4, format: htmlText } },
    { api: 'content_en', column: b.contentEn, richText: true, export: { width: 2.4, format: htmlText } },
    { api: 'url', column: b.url, export: { width: 0.8, format: (v) => (v == null ? '' : String(v)) } },
    { api: 'img_title_fr', column: b.imgTitleFr },
    { api: 'img_title_en', column: b.imgTitleEn },
    { api: 'img_alt', column: b.imgAlt },
    { api: 'IMAGES', load: (db, ids) => mediaListFor(db, BLOCKS_ENTITY, ids, 'img'), read: (v) => v ?? [], schema: z.array(mediaReply) },
  ],
  inUseMessage: MSG.inUse('ce bloc est encore utilisé'),
  media: {
    names: { img: 'image' },
    export: { header: 'Image', width: 1.2 },
    severalOn: {
      on: blockKeepsSeveral,
      oneOnly: SITE_MSG.oneImage,
      tooMany: SITE_MSG.tooManyImages,
      rule: `Un bloc de la page Annotation d’images garde toutes ses images, dans l’ordre d’envoi : un envoi en ajoute une ou plusieurs (au plus ${MAX_UPLOAD_FILES} fichiers, tout ou rien), MEDIA est la première et IMAGES la liste ; DELETE blocs/{id}/media/{mediaId} en retire une (fichier supprimé). Ailleurs un bloc a une image : un envoi la remplace, et plusieurs fichiers dans un envoi sont refusés (422).`,
    },
  },
  formCreate: true,
});
