import { isPageKey } from '@app/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCached } from '../../lib/http-cache';
import { AppError } from '../../lib/http';
import { okReply } from '../../lib/replies';
import { media } from '../../lib/media/media.table';
import { mediaDto } from '../../lib/media/media.service';
import { BLOCKS_ENTITY } from './blocks.resource';
import { SECTIONS_ENTITY } from './sections.resource';
import { siteBlocks as b, sitePages as p, siteSections as s } from './site.table';

const file = z.object({ url: z.string(), file_name: z.string(), mime_type: z.string() });
const text = z.string().nullable();
const publicBlock = z.object({
  key: z.string(),
  position: z.number().int(),
  url: text,
  title: text,
  content: text,
  img_title: text,
  img_alt: text,
  images: z.array(file),
});
const publicSection = z.object({
  key: z.string(),
  position: z.number().int(),
  title: text,
  content: text,
  img_title: text,
  img_alt: text,
  url: text,
  phone: text,
  email: text,
  address: text,
  images: z.array(file),
  video: file.nullable(),
  file: file.nullable(),
  blocs: z.array(publicBlock),
});
const publicPageReply = okReply(z.object({ key: z.string(), lang: z.enum(['fr', 'en']), sections: z.array(publicSection) }));

type Lang = 'fr' | 'en';

/** Media rows of some owners, by owner and collection, oldest first. */
async function filesOf(app: FastifyInstance, entity: string, ids: number[]) {
  const out = new Map<string, z.infer<typeof file>[]>();
  if (!ids.length) return out;
  const rows = await app.db
    .select()
    .from(media)
    .where(and(eq(media.entity, entity), inArray(media.entityId, ids)))
    .orderBy(asc(media.id));
  for (const r of rows) {
    const m = mediaDto(r);
    const k = `${r.entityId}:${r.collection}`;
    out.set(k, [...(out.get(k) ?? []), { url: m.original_url, file_name: m.file_name, mime_type: m.mime_type }]);
  }
  return out;
}

/**
 * The public website's read of a page: no sign-in, one language, sections and blocks
 * in position order, with an ETag (sendCached) so an unchanged page costs a 304.
 */
export async function sitePublicRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/public/pages/:key',
    {
      config: { public: true },
      schema: {
        tags: ['public'],
        summary: 'Page du site public dans une langue (sans connexion ; ETag et 304)',
        security: [],
        params: z.object({ key: z.string().max(60) }),
        querystring: z.object({ lang: z.enum(['fr', 'en']).default('fr') }),
        response: { 200: publicPageReply },
      },
    },
    async (req, reply) => {
      const lang: Lang = req.query.lang;
      const { key } = req.params;
      const [page] = isPageKey(key) ? await app.db.select({ id: p.id }).from(p).where(eq(p.key, key)).limit(1) : [];
      if (!page) throw new AppError(404, 'NOT_FOUND');
      const sections = await app.db.select().from(s).where(eq(s.pageId, page.id)).orderBy(asc(s.position), asc(s.id));
      const sectionIds = sections.map((x) => x.id);
      const blocks = sectionIds.length ? await app.db.select().from(b).where(inArray(b.sectionId, sectionIds)).orderBy(asc(b.position), asc(b.id)) : [];
      const [sectionFiles, blockFiles] = await Promise.all([
        filesOf(app, SECTIONS_ENTITY, sectionIds),
        filesOf(
          app,
          BLOCKS_ENTITY,
          blocks.map((x) => x.id),
        ),
      ]);
      const pick = <T extends Record<string, unknown>>(row: T, fr: keyof T, en: keyof T) => ((lang === 'en' ? row[en] : row[fr]) ?? null) as string | null;
      const data = {
        key,
        lang,
        sections: sections.map((x) => ({
          key: x.key,
          position: x.position,
          title: pick(x, 'titleFr', 'titleEn'),
          content: pick(x, 'contentFr', 'contentEn'),
          img_title: pick(x, 'imgTitleFr', 'imgTitleEn'),
          img_alt: x.imgAlt,
          url: x.url,
          phone: x.phone,
          email: x.email,
          address: x.address,
          images: sectionFiles.get(`${x.id}:img`) ?? [],
          video: sectionFiles.get(`${x.id}:video`)?.[0] ?? null,
          file: sectionFiles.get(`${x.id}:file`)?.[0] ?? null,
          blocs: blocks
            .filter((k) => k.sectionId === x.id)
            .map((k) => ({
              key: k.key,
              position: k.position,
              url: k.url,
              title: pick(k, 'titleFr', 'titleEn'),
              content: pick(k, 'contentFr', 'contentEn'),
              img_title: pick(k, 'imgTitleFr', 'imgTitleEn'),
              img_alt: k.imgAlt,
              images: blockFiles.get(`${k.id}:img`) ?? [],
            })),
        })),
      };
      return sendCached(req, reply, { success: true, data });
    },
  );
}
