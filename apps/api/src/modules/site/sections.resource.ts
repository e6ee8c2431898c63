import { MSG, type Section, sectionCreateBody, sectionDef, sectionSchemaFor, sectionsMeta, sectionUpdateBody, SITE_MSG } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineResource } from '../../lib/crud/resource';
import { AppError } from '../../lib/http';
import { mediaReply } from '../../lib/replies';
import { mediaFor, mediaListFor } from '../../lib/media/media.service';
import { sitePages as p, siteSections as s } from './site.table';

/** Media entity of sections: img (one, or several on image_annotation), video, file. */
export const SECTIONS_ENTITY = 'sections';

const refused = (errors: Record<string, string[]>) => new AppError(422, MSG.invalidPayload, errors);

/** Field errors of a zod failure, keyed by field, as the API's 422 gives them. */
export function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of issues) {
    const k = String(i.path[0] ?? '_');
    out[k] = [...(out[k] ?? []), i.message];
  }
  return out;
}

/**
 * Sections. POST creates one empty section (the editor's first visit);
 * PUT checks the section as it will be against its own form's rules (sectionSchemaFor), so a
 * partial update cannot leave a required title empty.
 */
export const sectionsResource = defineResource<Section>()({
  meta: sectionsMeta,
  tag: 'site',
  actions: { read: 'site:read', write: 'site:write' },
  table: s,
  idColumn: s.id,
  body: sectionCreateBody.extend(sectionUpdateBody.omit({ position: true }).shape),
  updateBody: sectionUpdateBody,
  joins: [{ table: p, on: eq(p.id, s.pageId), kind: 'one' }],
  prepare: async (_values, { mode, id, body, db }) => {
    if (mode === 'create') {
      const [page] = await db
        .select({ key: p.key })
        .from(p)
        .where(eq(p.id, Number(body.pages_id)))
        .limit(1);
      if (!page) throw refused({ pages_id: [SITE_MSG.unknownPage] });
      if (!sectionDef(page.key, String(body.key))) throw refused({ key: [SITE_MSG.unknownSection] });
      return;
    }
    const [row] = await db
      .select({
        page: p.key,
        key: s.key,
        title_fr: s.titleFr,
        title_en: s.titleEn,
        content_fr: s.contentFr,
        content_en: s.contentEn,
        img_title_fr: s.imgTitleFr,
        img_title_en: s.imgTitleEn,
        img_alt: s.imgAlt,
        url: s.url,
        phone: s.phone,
        email: s.email,
        address: s.address,
      })
      .from(s)
      .innerJoin(p, eq(p.id, s.pageId))
      .where(eq(s.id, id!))
      .limit(1);
    const def = row && sectionDef(row.page, row.key);
    if (!def) return;
    const { page: _page, key: _key, ...stored } = row;
    const merged = { ...stored, ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) };
    const parsed = sectionSchemaFor(def).safeParse(merged);
    if (!parsed.success) throw refused(fieldErrors(parsed.error.issues));
  },
  fields: [
    { api: 'key', column: s.key, search: true, sort: true },
    { api: 'pages_id', column: s.pageId },
    { api: 'position', column: s.position, sort: true },
    { api: 'title_fr', column: s.titleFr },
    { api: 'title_en', column: s.titleEn },
    { api: 'content_fr', column: s.contentFr, richText: true },
    { api: 'content_en', column: s.contentEn, richText: true },
    { api: 'img_title_fr', column: s.imgTitleFr },
    { api: 'img_title_en', column: s.imgTitleEn },
    { api: 'img_alt', column: s.imgAlt },
    { api: 'url', column: s.url },
    { api: 'phone', column: s.phone },
    { api: 'email', column: s.email },
    { api: 'address', column: s.address },
    {
      api: 'blocs_count',
      column: sql<number>`(select count(*)::int from site_blocks b where b.sections_id = ${s.id})`,
      schema: z.number().int(),
    },
    { api: 'img', load: (db, ids) => mediaListFor(db, SECTIONS_ENTITY, ids, 'img'), read: (v) => v ?? [], schema: z.array(mediaReply) },
    { api: 'video', load: (db, ids) => mediaFor(db, SECTIONS_ENTITY, ids, 'video'), schema: mediaReply.nullable() },
    { api: 'file', load: (db, ids) => mediaFor(db, SECTIONS_ENTITY, ids, 'file'), schema: mediaReply.nullable() },
  ],
  unique: { site_sections_page_key_unique: { field: 'key', message: SITE_MSG.sectionExists } },
  inUseMessage: MSG.inUse('cette section est encore utilisée'),
});
