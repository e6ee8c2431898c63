import { blockPositionBody, blockReorderBody, isPageKey, MSG, multipleImages, pageCreateBody, SITE_MSG, queryInteger } from '@app/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { compileResource } from '../../lib/crud/compile';
import { registerResource, withMedia } from '../../lib/crud/crud.routes';
import { idParams, pathId } from '../../lib/crud/schemas';
import { AppError, notFound, ok } from '../../lib/http';
import { readUpload, readUploads } from '../../lib/multipart';
import { okReply } from '../../lib/replies';
import { audit } from '../../lib/audit/audit.repository';
import { deleteMedia, saveMediaFiles } from '../../lib/media/media.service';
import { BLOCKS_ENTITY, blocksResource } from './blocks.resource';
import { sitePublicRoutes } from './public-pages.routes';
import { SECTIONS_ENTITY, sectionsResource } from './sections.resource';
import { siteBlocks as b, sitePages as p, siteSections as s } from './site.table';

const pageReply = okReply(
  z.object({
    id: z.number().int(),
    key: z.string(),
    sections: z.array(
      z.object({
        id: z.number().int(),
        key: z.string(),
        position: z.number().int(),
        blocs: z.array(z.object({ id: z.number().int(), position: z.number().int() })),
      }),
    ),
  }),
);
const keyParams = z.object({ key: z.string().max(60) });
const SECTION_FILES = { img: 'image', video: 'video', file: 'imageOrPdf' } as const;

/** A page with its sections and their blocks' ids, in position order (the editor's bootstrap). */
async function loadPage(db: Db, key: string) {
  const [page] = await db.select({ id: p.id, key: p.key }).from(p).where(eq(p.key, key)).limit(1);
  if (!page) return null;
  const sections = await db.select({ id: s.id, key: s.key, position: s.position }).from(s).where(eq(s.pageId, page.id)).orderBy(asc(s.position), asc(s.id));
  const blocks = sections.length
    ? await db
        .select({ id: b.id, position: b.position, sectionId: b.sectionId })
        .from(b)
        .where(
          inArray(
            b.sectionId,
            sections.map((x) => x.id),
          ),
        )
        .orderBy(asc(b.position), asc(b.id))
    : [];
  return {
    ...page,
    sections: sections.map((x) => ({ ...x, blocs: blocks.filter((k) => k.sectionId === x.id).map(({ id, position }) => ({ id, position })) })),
  };
}

/** Renumbers a section's blocks 1..n in the given order (inside the caller's transaction). */
async function renumber(tx: Db, ids: number[]) {
  if (!ids.length) return;
  const values = sql.join(
    ids.map((id, i) => sql`(${id}::int, ${i + 1}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update site_blocks set position = v.pos, updated_at = now() from (values ${values}) as v(id, pos) where site_blocks.id = v.id`);
}

/**
 * Website pages, sections and blocks. Sections and blocks
 * are plain resources (sections, blocs); the page bootstrap, section-by-key read, block order and
 * the sections' files are here.
 */
export async function siteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerResource(app, sectionsResource);
  registerResource(app, blocksResource);
  const sections = compileResource(sectionsResource);
  const sectionReply = okReply(sections.dto);
  const read = { action: 'site:read' as const };
  const write = { action: 'site:write' as const };
  const tags = ['site'];

  const findSection = async (where: SQL): Promise<Record<string, unknown> | null> => {
    const rows = await sections.select(app.db).rows.where(where).limit(1);
    return rows.length ? ((await withMedia(app.db, sections, rows.map(sections.toDto)))[0] as unknown as Record<string, unknown>) : null;
  };
  const mustFindSection = async (id: number) => {
    const found = await findSection(eq(s.id, id));
    if (!found) throw notFound();
    return found;
  };

  app.get(
    '/pages/:key',
    {
      config: read,
      schema: { tags, summary: 'Page par clé, ses sections et leurs blocs (404 NOT_FOUND si absente)', params: keyParams, response: { 200: pageReply } },
    },
    async (req) => {
      if (!isPageKey(req.params.key)) throw new AppError(404, SITE_MSG.unknownPage);
      const page = await loadPage(app.db, req.params.key);
      // The editor creates a missing page on this answer.
      if (!page) throw new AppError(404, 'NOT_FOUND');
      return ok(page);
    },
  );

  app.post(
    '/pages',
    { config: write, schema: { tags, summary: 'Créer une page par clé', body: pageCreateBody, response: { 201: pageReply } } },
    async (req, reply) => {
      const { key } = req.body;
      const created = await app.db.transaction(async (tx) => {
        const [row] = await tx.insert(p).values({ key }).onConflictDoNothing().returning({ id: p.id });
        if (!row) throw new AppError(422, SITE_MSG.pageExists, { key: [SITE_MSG.pageExists] });
        await audit(tx, req.user, 'create', 'pages', row.id, { key });
        return row;
      });
      reply.code(201);
      return ok((await loadPage(app.db, key)) ?? { id: created.id, key, sections: [] });
    },
  );

  app.get(
    '/pages/:key/sections/:sectionKey',
    {
      config: read,
      schema: { tags, summary: 'Section d’une page par clé', params: keyParams.extend({ sectionKey: z.string().max(100) }), response: { 200: sectionReply } },
    },
    async (req) => {
      const [page] = await app.db.select({ id: p.id }).from(p).where(eq(p.key, req.params.key)).limit(1);
      if (!page) throw new AppError(404, 'NOT_FOUND');
      const section = await findSection(and(eq(s.pageId, page.id), eq(s.key, req.params.sectionKey))!);
      if (!section) throw new AppError(404, 'NOT_FOUND');
      return ok(section);
    },
  );

  app.put(
    '/blocs/reorder',
    {
      config: write,
      schema: {
        tags,
        summary: 'Réordonner les blocs d’une section : positions 1..n dans l’ordre des ids (avec sections_id, les ids des autres sections sont ignorés)',
        querystring: z.object({ sections_id: queryInteger({ min: 1 }).optional() }),
        body: blockReorderBody,
        response: { 200: okReply(z.object({ ids: z.array(z.number().int()) })) },
      },
    },
    async (req) => {
      let { ids } = req.body;
      if (new Set(ids).size !== ids.length) throw new AppError(422, MSG.invalidPayload, { ids: ['Identifiants en double.'] });
      const refused = () => new AppError(422, SITE_MSG.reorderSection, { ids: [SITE_MSG.reorderSection] });
      await app.db.transaction(async (tx) => {
        const rows = await tx.select({ id: b.id, sectionId: b.sectionId }).from(b).where(inArray(b.id, ids));
        // A paged list sends the whole order it read, which may hold other sections' blocks.
        const only = req.query.sections_id;
        if (only !== undefined) {
          const mine = new Set(rows.filter((r) => r.sectionId === only).map((r) => r.id));
          ids = ids.filter((id) => mine.has(id));
        } else if (rows.length !== ids.length) throw refused();
        const sectionIds = new Set(rows.filter((r) => ids.includes(r.id)).map((r) => r.sectionId));
        if (!ids.length || sectionIds.size !== 1) throw refused();
        const [sectionId] = sectionIds;
        // Every block of the section must be listed, or two would share a position.
        const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(b).where(eq(b.sectionId, sectionId));
        if (n !== ids.length) throw refused();
        await renumber(tx, ids);
        await audit(tx, req.user, 'reorder', BLOCKS_ENTITY, null, { sections_id: sectionId, ids });
      });
      return ok({ ids });
    },
  );

  app.put(
    '/blocs/:id/position',
    {
      config: write,
      schema: {
        tags,
        summary: 'Déplacer un bloc à une position de sa section (les autres se décalent ; 1..n)',
        params: idParams,
        body: blockPositionBody,
        response: { 200: okReply(z.object({ id: z.number().int(), position: z.number().int() })) },
      },
    },
    async (req) => {
      const { id } = req.params;
      const position = await app.db.transaction(async (tx) => {
        const [row] = await tx.select({ sectionId: b.sectionId, position: b.position }).from(b).where(eq(b.id, id)).limit(1);
        if (!row) throw notFound();
        const order = (await tx.select({ id: b.id }).from(b).where(eq(b.sectionId, row.sectionId)).orderBy(asc(b.position), asc(b.id))).map((x) => x.id);
        const rest = order.filter((x) => x !== id);
        const at = Math.min(req.body.position, order.length) - 1;
        rest.splice(at, 0, id);
        await renumber(tx, rest);
        await audit(tx, req.user, 'update', BLOCKS_ENTITY, id, { position: [row.position, at + 1] });
        return at + 1;
      });
      return ok({ id, position });
    },
  );

  // The sections' files: img, video, file. Several images only on the
  // image-annotation page; elsewhere a new file replaces the old one.
  const upload = async (req: FastifyRequest, id: number, name: string) => {
    const family = Object.hasOwn(SECTION_FILES, name) ? SECTION_FILES[name as keyof typeof SECTION_FILES] : undefined;
    if (!family) throw new AppError(404, 'Champ de fichier inconnu');
    const [row] = await app.db.select({ page: p.key }).from(s).innerJoin(p, eq(p.id, s.pageId)).where(eq(s.id, id)).limit(1);
    if (!row) throw notFound();
    // Several images in one request where the section keeps several, else one image (422 for more);
    // the video and the file take one file, as every single-file upload does.
    const several = name === 'img' && multipleImages(row.page);
    const files = name === 'img' ? await readUploads(req, { several, oneOnly: SITE_MSG.oneImage, tooMany: SITE_MSG.tooManyImages }) : [await readUpload(req)];
    const saved = await saveMediaFiles(
      app.db,
      app.storage.media,
      { entity: SECTIONS_ENTITY, entityId: id, collection: name, family, replace: !several },
      files,
    );
    await audit(app.db, req.user, 'media', SECTIONS_ENTITY, id, { [name]: saved.length === 1 ? saved[0].file_name : saved.map((m) => m.file_name) });
    return ok(await mustFindSection(id));
  };
  app.post(
    '/sections/media/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Téléverser l’image d’une section (multipart, champ file ; plusieurs fichiers à la fois sur la page Annotation d’images, sinon 422)',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: sectionReply },
      },
    },
    (req) => upload(req, req.params.id, 'img'),
  );
  app.post(
    '/sections/:id/:name',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Téléverser un fichier de section (multipart, champ file ; noms : img, video, file ; plusieurs images à la fois sur la page Annotation d’images, sinon 422)',
        params: idParams.extend({ name: z.string().max(60) }),
        consumes: ['multipart/form-data'],
        response: { 200: sectionReply },
      },
    },
    (req) => upload(req, req.params.id, req.params.name),
  );
  app.delete(
    '/sections/:id/media/:mediaId',
    {
      config: write,
      schema: { tags, summary: 'Supprimer un fichier de section', params: idParams.extend({ mediaId: pathId() }), response: { 200: sectionReply } },
    },
    async (req) => {
      if (!(await findSection(eq(s.id, req.params.id)))) throw notFound();
      const removed = await deleteMedia(app.db, app.storage.media, { entity: SECTIONS_ENTITY, entityId: req.params.id, mediaId: req.params.mediaId });
      if (!removed) throw notFound();
      await audit(app.db, req.user, 'media', SECTIONS_ENTITY, req.params.id, { removed: req.params.mediaId });
      return ok(await mustFindSection(req.params.id));
    },
  );

  // A deleted section's files, and those of its blocks (deleted with it by the foreign key), leave
  // with it: the generic delete only knows the media of its own resource. Removed before the reply
  // goes out (onSend), never after it: a caller that got the 200 sees no later write (the fuzz test
  // saw these rows vanish under the next requests).
  const orphans = new WeakMap<FastifyRequest, number[]>();
  app.addHook('preHandler', async (req) => {
    if (req.method !== 'DELETE' || !req.routeOptions.url?.endsWith('/sections/:id')) return;
    const id = Number((req.params as { id: string }).id);
    orphans.set(
      req,
      (await app.db.select({ id: b.id }).from(b).where(eq(b.sectionId, id))).map((x) => x.id),
    );
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const blocks = orphans.get(req);
    if (!blocks || reply.statusCode !== 200) return payload;
    const dir = app.storage.media;
    await deleteMedia(app.db, dir, { entity: SECTIONS_ENTITY, entityId: Number((req.params as { id: string }).id) });
    for (const id of blocks) await deleteMedia(app.db, dir, { entity: BLOCKS_ENTITY, entityId: id });
    return payload;
  });

  await app.register(sitePublicRoutes);
}
