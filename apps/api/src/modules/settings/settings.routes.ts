import {
  type CompanySettingsBody,
  companySettingsBody,
  type ConfigEntry,
  EXPIRY_POLICIES,
  type ProgrammeSettings,
  type ProgrammeSettingsBody,
  programmeSettingsBody,
  type ConfigEntryBody,
  configEntryBody,
  configEntryCreateBody,
  MSG,
  SITE_SETTINGS_MSG,
} from '@app/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { idParams, mergeForUpdate, partialBody } from '../../lib/crud/schemas';
import { AppError, notFound, ok } from '../../lib/http';
import { sendCached } from '../../lib/http-cache';
import { readMultipart, readUpload } from '../../lib/multipart';
import { pgError, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { mediaReply, okReply } from '../../lib/replies';
import { audit } from '../../lib/audit/audit.repository';
import { media } from '../../lib/media/media.table';
import { deleteMedia, mediaDto, mediaFor, saveMedia } from '../../lib/media/media.service';
import { readCompany } from './company';
import { appSettings, programmeSettings, siteConfigs } from './settings.table';

/** The banner and the pop-up are media rows of one owner each; their public path is the media's URL. */
const BANNER = { entity: 'banner', entityId: 1, collection: 'image' } as const;
const POPUP = { entity: 'popup', entityId: 1, collection: 'image' } as const;
const CONFIG_FILE = 'file';
/** Images a single pop-up upload may carry. */
const POPUP_MAX_FILES = 10;

const configReply = z.object({ id: z.number().int(), KEY: z.string(), NAME: z.string(), DESCRIPTION: z.string(), FILE: mediaReply.nullable() });
const companyReply = z.object({
  id: z.number().int().nullable(),
  NAME: z.string(),
  TAX_ID: z.string(),
  ADDRESS: z.string(),
  PHONE: z.string(),
  EMAIL: z.string(),
});
const programmeReply = z.object({
  EXPIRY_POLICY: z.enum(EXPIRY_POLICIES),
  EXPIRY_MONTHS: z.number().int().nullable(),
  POINT_VALUE: z.number().int(),
  UPDATED_AT: z.string(),
});
const publicImage = z.object({ url: z.string(), mime_type: z.string() });
const notModified = z.null().describe('Inchangé depuis l’ETag donné');

async function imagesOf(db: Db, owner: { entity: string; entityId: number; collection: string }) {
  const rows = await db
    .select()
    .from(media)
    .where(and(eq(media.entity, owner.entity), eq(media.entityId, owner.entityId), eq(media.collection, owner.collection)))
    .orderBy(asc(media.id));
  return rows.map(mediaDto);
}

/** The audit's before → after of the fields a PUT sent and changed. */
function changes(before: object, sent: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const stored = before as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(sent)
      .filter(([k, v]) => stored[k] !== v)
      .map(([k, v]) => [k, [stored[k], v]]),
  );
}

/** The programme's settings row (created by its migration; the defaults if it was ever removed). */
async function readProgramme(db: Db): Promise<ProgrammeSettings> {
  const [row] = await db.select().from(programmeSettings).where(eq(programmeSettings.id, 1));
  return {
    EXPIRY_POLICY: (row?.expiryPolicy ?? 'never') as ProgrammeSettings['EXPIRY_POLICY'],
    EXPIRY_MONTHS: row?.expiryMonths ?? null,
    POINT_VALUE: row?.pointValue ?? 0,
    UPDATED_AT: (row?.updatedAt ?? new Date(0)).toISOString(),
  };
}

async function configs(db: Db, id?: number): Promise<ConfigEntry[]> {
  const rows = await db
    .select()
    .from(siteConfigs)
    .where(id ? eq(siteConfigs.id, id) : undefined)
    .orderBy(asc(siteConfigs.key));
  const files = await mediaFor(
    db,
    'configs',
    rows.map((r) => r.id),
    CONFIG_FILE,
  );
  return rows.map((r) => ({ id: r.id, KEY: r.key, NAME: r.name, DESCRIPTION: r.description, FILE: files.get(r.id) ?? null }));
}

/**
 * Banner, pop-up, configuration entries and company details, and
 * their public reads. Admin only (`settings:*`); every write is audited.
 */
export async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const read = { action: 'settings:read' as const };
  const write = { action: 'settings:write' as const };
  const tags = ['settings'];
  const uploads = () => app.storage.media;

  // ——— Banner ———
  app.get(
    '/banniere',
    { config: read, schema: { tags, summary: 'Chemin de l’image de la bannière (null sans bannière)', response: { 200: okReply(z.string().nullable()) } } },
    async () => {
      const [image] = await imagesOf(app.db, BANNER);
      return ok(image?.original_url ?? null);
    },
  );
  app.post(
    '/banniere',
    {
      config: write,
      schema: {
        tags,
        summary: 'Remplacer l’image de la bannière (multipart, champ file)',
        consumes: ['multipart/form-data'],
        response: { 200: okReply(z.string()) },
      },
    },
    async (req) => {
      const file = await readUpload(req);
      const saved = await saveMedia(app.db, uploads(), { ...BANNER, family: 'image', fileName: file.fileName, buffer: file.buffer, replace: true });
      await audit(app.db, req.user, 'media', 'banniere', 1, { image: saved.file_name });
      return ok(saved.original_url);
    },
  );

  // ——— Pop-up images ———
  app.get(
    '/popup/images',
    { config: read, schema: { tags, summary: 'Chemins des images du pop-up', response: { 200: okReply(z.array(z.string())) } } },
    async () => ok((await imagesOf(app.db, POPUP)).map((m) => m.original_url)),
  );
  app.post(
    '/popup/upload',
    {
      config: write,
      schema: {
        tags,
        summary: 'Ajouter une à dix images au pop-up (multipart, tout ou rien)',
        consumes: ['multipart/form-data'],
        response: { 200: okReply(z.array(z.string())) },
      },
    },
    async (req) => {
      const { files } = await readMultipart(req, { maxFiles: POPUP_MAX_FILES });
      if (!files.length) throw new AppError(422, MSG.fileRequired, { file: [MSG.required] });
      // Every file is checked before any is kept: a wrong one refuses the whole upload.
      const saved = [];
      try {
        for (const f of files) saved.push(await saveMedia(app.db, uploads(), { ...POPUP, family: 'image', fileName: f.fileName, buffer: f.buffer }));
      } catch (err) {
        for (const m of saved) await deleteMedia(app.db, uploads(), { entity: POPUP.entity, entityId: POPUP.entityId, mediaId: m.id });
        throw err;
      }
      await audit(app.db, req.user, 'media', 'popup', 1, { added: saved.map((m) => m.file_name) });
      return ok((await imagesOf(app.db, POPUP)).map((m) => m.original_url));
    },
  );
  app.delete(
    '/popup/delete',
    {
      config: write,
      schema: {
        tags,
        summary: 'Retirer une image du pop-up par son chemin (seul un chemin donné par ce serveur est accepté)',
        body: z.object({ image_path: z.string().max(300) }),
        response: { 200: okReply(z.array(z.string())) },
      },
    },
    async (req) => {
      // Matched against the paths this server gave out, never joined to a folder: `..` or any
      // other path is simply unknown.
      const [row] = await app.db
        .select({ id: media.id, fileName: media.fileName })
        .from(media)
        .where(and(eq(media.entity, POPUP.entity), eq(media.entityId, POPUP.entityId), sql`'/uploads/' || ${media.storedName} = ${req.body.image_path}`));
      if (!row) throw new AppError(404, SITE_SETTINGS_MSG.popupUnknown);
      await deleteMedia(app.db, uploads(), { entity: POPUP.entity, entityId: POPUP.entityId, mediaId: row.id });
      await audit(app.db, req.user, 'media', 'popup', 1, { removed: row.fileName });
      return ok((await imagesOf(app.db, POPUP)).map((m) => m.original_url));
    },
  );

  // ——— Configuration entries ———
  app.get(
    '/configs',
    { config: read, schema: { tags, summary: 'Entrées de configuration, par clé', response: { 200: okReply(z.array(configReply)) } } },
    async () => ok(await configs(app.db)),
  );
  app.post(
    '/configs',
    {
      config: write,
      schema: {
        tags,
        summary: 'Nouvelle entrée de configuration (sa clé ne change plus)',
        body: configEntryCreateBody,
        response: { 201: okReply(configReply) },
      },
    },
    async (req, reply) => {
      try {
        const [row] = await app.db.transaction(async (tx) => {
          const created = await tx.insert(siteConfigs).values({ key: req.body.KEY, name: req.body.NAME, description: req.body.DESCRIPTION }).returning();
          await audit(tx, req.user, 'create', 'configs', created[0].id, req.body);
          return created;
        });
        reply.code(201);
        return ok((await configs(app.db, row.id))[0]);
      } catch (err) {
        if (pgError(err)?.code === UNIQUE_VIOLATION) throw new AppError(422, SITE_SETTINGS_MSG.keyTaken, { KEY: [SITE_SETTINGS_MSG.keyTaken] });
        throw err;
      }
    },
  );
  app.put(
    '/configs/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Modifier le nom et la description (la clé est en lecture seule ; champs partiels acceptés)',
        params: idParams,
        body: partialBody(configEntryBody),
        response: { 200: okReply(configReply) },
      },
    },
    async (req) => {
      const id = req.params.id;
      await app.db.transaction(async (tx) => {
        const [row] = await tx.select().from(siteConfigs).where(eq(siteConfigs.id, id)).for('update');
        if (!row) throw notFound();
        const [before] = await configs(tx, id);
        if (!before.FILE) throw new AppError(422, SITE_SETTINGS_MSG.fileRequired, { FILE: [SITE_SETTINGS_MSG.fileRequired] });
        const sent = mergeForUpdate(configEntryBody, before, req.body) as Partial<ConfigEntryBody>;
        await tx.update(siteConfigs).set({ name: sent.NAME, description: sent.DESCRIPTION, updatedAt: new Date() }).where(eq(siteConfigs.id, id));
        await audit(tx, req.user, 'update', 'configs', id, changes(before, sent));
      });
      return ok((await configs(app.db, id))[0]);
    },
  );
  app.post(
    '/configs/media/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Remplacer le fichier d’une entrée (PDF ou image, multipart)',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: okReply(configReply) },
      },
    },
    async (req) => {
      const [entry] = await configs(app.db, req.params.id);
      if (!entry) throw notFound();
      const file = await readUpload(req);
      const saved = await saveMedia(app.db, uploads(), {
        entity: 'configs',
        entityId: entry.id,
        collection: CONFIG_FILE,
        family: 'imageOrPdf',
        fileName: file.fileName,
        buffer: file.buffer,
        replace: true,
      });
      await audit(app.db, req.user, 'media', 'configs', entry.id, { FILE: saved.file_name });
      return ok((await configs(app.db, entry.id))[0]);
    },
  );
  app.delete(
    '/configs/:id',
    {
      config: write,
      schema: { tags, summary: 'Supprimer une entrée et son fichier', params: idParams, response: { 200: okReply(z.object({ id: z.number().int() })) } },
    },
    async (req) => {
      const [before] = await configs(app.db, req.params.id);
      if (!before) throw notFound();
      await app.db.transaction(async (tx) => {
        await tx.delete(siteConfigs).where(eq(siteConfigs.id, before.id));
        await audit(tx, req.user, 'delete', 'configs', before.id, { KEY: before.KEY, NAME: before.NAME, DESCRIPTION: before.DESCRIPTION });
      });
      await deleteMedia(app.db, uploads(), { entity: 'configs', entityId: before.id });
      return ok({ id: before.id });
    },
  );

  // ——— Company details ———
  app.get(
    '/settings',
    {
      config: read,
      schema: {
        tags,
        summary: 'Coordonnées de la société du programme (id null tant qu’elles ne sont pas enregistrées)',
        response: { 200: okReply(companyReply) },
      },
    },
    async () => ok(await readCompany(app.db, app.config)),
  );
  const values = (b: CompanySettingsBody) => ({ name: b.NAME, taxId: b.TAX_ID, address: b.ADDRESS, phone: b.PHONE, email: b.EMAIL, updatedAt: new Date() });
  app.post(
    '/settings',
    {
      config: write,
      schema: { tags, summary: 'Enregistrer les coordonnées une première fois', body: companySettingsBody, response: { 201: okReply(companyReply) } },
    },
    async (req, reply) => {
      const inserted = await app.db.transaction(async (tx) => {
        const rows = await tx
          .insert(appSettings)
          .values({ id: 1, ...values(req.body) })
          .onConflictDoNothing()
          .returning();
        if (rows.length) await audit(tx, req.user, 'create', 'settings', 1, req.body);
        return rows.length;
      });
      if (!inserted) throw new AppError(409, SITE_SETTINGS_MSG.settingsExist);
      reply.code(201);
      return ok(await readCompany(app.db, app.config));
    },
  );
  app.put(
    '/settings',
    {
      config: write,
      schema: {
        tags,
        summary: 'Modifier les coordonnées (champs partiels acceptés)',
        body: partialBody(companySettingsBody),
        response: { 200: okReply(companyReply) },
      },
    },
    async (req) => {
      await app.db.transaction(async (tx) => {
        const [row] = await tx.select({ id: appSettings.id }).from(appSettings).where(eq(appSettings.id, 1)).for('update');
        if (!row) throw new AppError(404, SITE_SETTINGS_MSG.settingsMissing);
        const before = await readCompany(tx, app.config);
        const sent = mergeForUpdate(companySettingsBody, before, req.body) as Partial<CompanySettingsBody>;
        // Drizzle leaves an undefined value out of an update: only the fields sent are written.
        await tx
          .update(appSettings)
          .set(values(sent as CompanySettingsBody))
          .where(eq(appSettings.id, 1));
        await audit(tx, req.user, 'update', 'settings', 1, changes(before, sent));
      });
      return ok(await readCompany(app.db, app.config));
    },
  );

  // ——— Programme: the points expiry policy, read by the ledger when a credit becomes a lot ———
  app.get(
    '/settings/programme',
    {
      config: read,
      schema: {
        tags,
        summary: 'Paramètres du programme : règle d’expiration des points, valeur du point (millimes)',
        response: { 200: okReply(programmeReply) },
      },
    },
    async () => ok(await readProgramme(app.db)),
  );
  app.put(
    '/settings/programme',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Changer la règle d’expiration des points (s’applique aux crédits à venir ; les lots déjà crédités gardent leur date) et la valeur du point (millimes) ; champs partiels acceptés',
        body: partialBody(programmeSettingsBody),
        response: { 200: okReply(programmeReply) },
      },
    },
    async (req) => {
      const body = { ...(req.body as Partial<ProgrammeSettingsBody>) };
      // The months belong to the « N mois » rule alone: another rule sent without them leaves none.
      if (body.EXPIRY_POLICY !== undefined && body.EXPIRY_POLICY !== 'months' && !Object.hasOwn(body, 'EXPIRY_MONTHS')) body.EXPIRY_MONTHS = null;
      await app.db.transaction(async (tx) => {
        // The row lock makes two PUTs of different fields at once each see the other's write.
        await tx.select({ id: programmeSettings.id }).from(programmeSettings).where(eq(programmeSettings.id, 1)).for('update');
        const { UPDATED_AT: _, ...before } = await readProgramme(tx);
        const sent = mergeForUpdate(programmeSettingsBody, before, body) as Partial<ProgrammeSettingsBody>;
        const after = { ...before, ...sent };
        const set = { expiryPolicy: after.EXPIRY_POLICY, expiryMonths: after.EXPIRY_MONTHS ?? null, pointValue: after.POINT_VALUE ?? before.POINT_VALUE };
        await tx
          .insert(programmeSettings)
          .values({ id: 1, ...set })
          .onConflictDoUpdate({ target: programmeSettings.id, set: { ...set, updatedAt: new Date() } });
        await audit(tx, req.user, 'update', 'programme', 1, changes(before, sent));
      });
      return ok(await readProgramme(app.db));
    },
  );

  // ——— Public reads: no sign-in, ETag ———
  const pub = { public: true } as const;
  const image = (m: { original_url: string; mime_type: string }) => ({ url: m.original_url, mime_type: m.mime_type });
  app.get(
    '/public/banner',
    {
      config: pub,
      schema: { tags: ['public'], summary: 'La bannière du site public', security: [], response: { 200: okReply(publicImage.nullable()), 304: notModified } },
    },
    async (req, reply) => {
      const [banner] = await imagesOf(app.db, BANNER);
      return sendCached(req, reply, ok(banner ? image(banner) : null));
    },
  );
  app.get(
    '/public/popup',
    {
      config: pub,
      schema: {
        tags: ['public'],
        summary: 'Les images du pop-up du site public',
        security: [],
        response: { 200: okReply(z.array(publicImage)), 304: notModified },
      },
    },
    async (req, reply) => sendCached(req, reply, ok((await imagesOf(app.db, POPUP)).map(image))),
  );
}
