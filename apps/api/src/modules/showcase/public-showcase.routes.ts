import { isServiceType, publicContactBody } from '@app/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { throttleByIp } from '../../lib/throttle';
import { notFound, ok } from '../../lib/http';
import { sendCached } from '../../lib/http-cache';
import { okReply } from '../../lib/replies';
import { captchaFor } from '../../plugins/captcha';
import { audit } from '../../lib/audit/audit.repository';
import { mediaFor } from '../../lib/media/media.service';
import { contactRequests, galleryItems, homeServices, partnerTools, websiteServices } from './showcase.table';

/** A file as the public website needs it: where to load it and what it is. */
const publicMedia = z.object({ url: z.string(), mime_type: z.string() }).nullable();
const publicService = z.object({
  id: z.number().int(),
  position: z.number().int(),
  title_fr: z.string(),
  title_en: z.string(),
  content_fr: z.string(),
  content_en: z.string(),
  img_title: z.string().nullable(),
  alt: z.string().nullable(),
  image: publicMedia,
});
const publicTool = z.object({
  id: z.number().int(),
  position: z.number().int(),
  name: z.string(),
  alt_logo: z.string().nullable(),
  site_web: z.string().nullable(),
  logo: publicMedia,
});
const publicGalleryItem = z.object({
  id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  type: z.enum(['image', 'video']),
  link: z.string().nullable(),
  image: publicMedia,
});
const cachedDoc = (item: z.ZodType) => ({ 200: okReply(z.array(item)), 304: z.null().describe('Inchangé depuis l’ETag donné') });

export const CONTACT_RATE = { max: 5, windowMinutes: 15 };
export const CONTACT_TOO_MANY = 'Trop de demandes envoyées. Réessayez dans 15 minutes.';

/** The files of some rows of one entity, as `{url, mime_type}` by row id. */
async function filesOf(db: Db, entity: string, ids: number[], collection: string) {
  const files = await mediaFor(db, entity, ids, collection);
  return (id: number) => {
    const f = files.get(id);
    return f ? { url: f.original_url, mime_type: f.mime_type } : null;
  };
}

/**
 * The public website's read calls for the showcase: no sign-in, what is saved is public
 * at once, sent with an ETag (304 when unchanged); and the website's contact form.
 */
export async function publicShowcaseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pub = { public: true } as const;
  const tags = ['public'];

  async function services(table: typeof websiteServices | typeof homeServices, entity: string, type?: string) {
    const t = table;
    const where = type && 'type' in t ? eq(t.type, type) : undefined;
    const rows = await app.db
      .select({
        id: t.id,
        position: t.position,
        title_fr: t.titleFr,
        title_en: t.titleEn,
        content_fr: t.contentFr,
        content_en: t.contentEn,
        img_title: t.imgTitle,
        alt: t.alt,
      })
      .from(t)
      .where(where)
      .orderBy(asc(t.position), asc(t.id));
    const image = await filesOf(
      app.db,
      entity,
      rows.map((r) => r.id),
      'image',
    );
    return rows.map((r) => ({ ...r, image: image(r.id) }));
  }

  app.get(
    '/public/services',
    { config: pub, schema: { tags, summary: 'Services de la page d’accueil (public, ETag)', security: [], response: cachedDoc(publicService) } },
    async (req, reply) => sendCached(req, reply, ok(await services(homeServices, 'services'))),
  );

  app.get(
    '/public/services/:type',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Services du site par type (public, ETag)',
        security: [],
        params: z.object({ type: z.string().max(40) }),
        response: cachedDoc(publicService),
      },
    },
    async (req, reply) => {
      if (!isServiceType(req.params.type)) throw notFound();
      return sendCached(req, reply, ok(await services(websiteServices, 'service', req.params.type)));
    },
  );

  app.get(
    '/public/tools',
    { config: pub, schema: { tags, summary: 'Outils partenaires (public, ETag)', security: [], response: cachedDoc(publicTool) } },
    async (req, reply) => {
      const t = partnerTools;
      const rows = await app.db
        .select({ id: t.id, position: t.position, name: t.name, alt_logo: t.altLogo, site_web: t.siteWeb })
        .from(t)
        .orderBy(asc(t.position), asc(t.id));
      const logo = await filesOf(
        app.db,
        'tools',
        rows.map((r) => r.id),
        'logo',
      );
      return sendCached(req, reply, ok(rows.map((r) => ({ ...r, logo: logo(r.id) }))));
    },
  );

  app.get(
    '/public/gallery',
    { config: pub, schema: { tags, summary: 'Galerie (public, ETag)', security: [], response: cachedDoc(publicGalleryItem) } },
    async (req, reply) => {
      const t = galleryItems;
      const rows = await app.db
        .select({ id: t.id, position: t.position, title: t.title, type: t.kind, link: t.link })
        .from(t)
        .orderBy(asc(t.position), asc(t.id));
      const image = await filesOf(
        app.db,
        'gallery',
        rows.map((r) => r.id),
        'image',
      );
      return sendCached(req, reply, ok(rows.map((r) => ({ ...r, type: r.type === 'video' ? ('video' as const) : ('image' as const), image: image(r.id) }))));
    },
  );

  app.post(
    '/public/contacts',
    {
      config: pub,
      // Counted in the database (lib/throttle.ts): the same allowance however many nodes serve.
      onRequest: throttleByIp('contact-form', CONTACT_RATE.max, CONTACT_RATE.windowMinutes, CONTACT_TOO_MANY),
      schema: {
        tags,
        summary: 'Formulaire de contact du site (captcha, 5 envois par IP et 15 minutes)',
        security: [],
        body: publicContactBody,
        response: { 201: okReply(z.object({ id: z.number().int() })) },
      },
    },
    async (req, reply) => {
      const { captcha, ...fields } = req.body;
      await captchaFor(app).verify(app.db, captcha);
      const id = await app.db.transaction(async (tx) => {
        const values = { name: fields.NAME, gsm: fields.GSM, content: fields.CONTENT, source: 'website' };
        const [row] = await tx.insert(contactRequests).values(values).returning({ id: contactRequests.id });
        await audit(tx, null, 'create', 'contacts', row.id, values);
        return row.id;
      });
      reply.code(201);
      return ok({ id });
    },
  );
}
