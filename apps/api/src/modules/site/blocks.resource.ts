import { type Block, BLOCKS_PAGE_SIZE, blockBody, blockUpdateBody, columnSpanOf, MSG, SITE_MSG, sectionDef, queryInteger } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { defineResource } from '../../lib/crud/resource';
import { AppError } from '../../lib/http';
import { sanitizeRichText } from '../../lib/rich-text';
import { sitePages as p, siteBlocks as b, siteSections as s } from './site.table';

const refused = (field: string, message: string) => new AppError(422, message, { [field]: [message] });

/** Page and section keys of a section, to know its block rules. */
async function sectionOf(db: Db, sectionId: number) {
  const [row] = await db.select({ page: p.key, key: s.key }).from(s).innerJoin(p, eq(p.id, s.pageId)).where(eq(s.id, sectionId)).limit(1);
  return row;
}

const htmlText = (v: unknown) => sanitizeRichText(String(v ?? '')).replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * Blocks of a section (spec 3 §2.5, §3 Block, §5). The list is one section's (`sections_id`
 * filter); a new block goes last in its section; order is changed by blocs/reorder or
 * blocs/{id}/position (site.routes.ts), which renumber the section 1..n. The home services block's
 * `url` is its column span, 1 or 2.
 */
export const blocksResource = defineResource<Block>()({
  path: 'blocs',
  tag: 'site',
  noun: 'ce bloc',
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
    if (sectionDef(section.page, section.key)?.columnSpan && (mode === 'create' || body.url !== undefined)) {
      const span = columnSpanOf(body.url as string | null | undefined);
      if (!span) throw refused('url', SITE_MSG.columnSpan);
      values.url = String(span);
    }
    if (mode === 'create') {
      const [{ next }] = await db
        .select({ next: sql<number>`coalesce(max(${b.position}), 0)::int + 1` })
        .from(b)
        .where(and(eq(b.sectionId, sectionId)));
      values.position = next;
    }
  },
  fields: [
    { api: 'sections_id', column: b.sectionId },
    { api: 'position', column: b.position, sort: true, export: { header: 'Position', width: 0.6 } },
    { api: 'key', column: b.key, search: true, sort: true, export: { header: 'Clé', width: 1 } },
    { api: 'title_fr', column: b.titleFr, search: true, sort: true, export: { header: 'Titre (FR)', width: 1.6 } },
    { api: 'title_en', column: b.titleEn, search: true, sort: true, export: { header: 'Titre (EN)', width: 1.6 } },
    { api: 'content_fr', column: b.contentFr, richText: true, export: { header: 'Contenu (FR)', width: 2.4, format: htmlText } },
    { api: 'content_en', column: b.contentEn, richText: true, export: { header: 'Contenu (EN)', width: 2.4, format: htmlText } },
    { api: 'url', column: b.url, export: { header: 'Lien / largeur', width: 0.8, format: (v) => (v == null ? '' : String(v)) } },
    { api: 'img_title_fr', column: b.imgTitleFr },
    { api: 'img_title_en', column: b.imgTitleEn },
    { api: 'img_alt', column: b.imgAlt },
  ],
  defaultSort: { field: 'position', order: 'asc' },
  defaultPerPage: BLOCKS_PAGE_SIZE,
  inUseMessage: MSG.inUse('ce bloc est encore utilisé'),
  media: { names: { img: 'image' }, export: { header: 'Image', width: 1.2 } },
  formCreate: true,
  export: { fileName: 'blocs', title: 'Blocs de section', orientation: 'landscape' },
});
