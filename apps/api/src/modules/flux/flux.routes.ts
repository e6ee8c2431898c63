import { CODE_FILE_MESSAGES, FLUX_MSG, type FluxFileProblem, fluxPlainText, fluxToActivitiesBody, fluxToClientsBody, MSG, parseClientCodes } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerResource } from '../../lib/crud/crud.routes';
import { idIn, textIn } from '../../lib/crud/list-query';
import { idParams } from '../../lib/crud/schemas';
import { AppError, notFound, ok } from '../../lib/http';
import { type MultipartForm, readMultipart, type Upload } from '../../lib/multipart';
import { okReply } from '../../lib/replies';
import { sanitizeRichText } from '../../lib/rich-text';
import type { CurrentUser } from '../../lib/auth/current-user';
import { audit } from '../../lib/audit/audit.repository';
import { clientActivities } from '../../lib/clients/classification.table';
import { clients } from '../../lib/clients/clients.table';
import { deleteMedia, saveMedia } from '../../lib/media/media.service';
import { fluxResource } from './flux.resource';
import { flux, fluxActivities, fluxRecipients } from './flux.table';

const sentReply = okReply(z.object({ id: z.number().int(), RECIPIENTS: z.number().int(), message: z.string() }));
const problemsReply = z.object({ line: z.number().int(), code: z.string(), message: z.string() });

/** The multipart fields of a send: TITLE, MESSAGE and the repeated `NAME[i]` (or `NAME`) values as a list. */
function sendFields(form: MultipartForm, listName?: 'DESTINATION' | 'ACTIVITIES') {
  const out: Record<string, unknown> = { TITLE: form.fields.TITLE, MESSAGE: form.fields.MESSAGE };
  if (listName) {
    const pattern = new RegExp(`^${listName}(\\[\\d*\\])?$`);
    out[listName] = Object.entries(form.fields)
      .filter(([k]) => pattern.test(k))
      .flatMap(([, v]) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean);
  }
  return out;
}

/** Zod's issues as the API's field errors. */
function fieldErrors(error: z.ZodError) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'body');
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return new AppError(422, error.issues[0]?.message ?? MSG.required, errors);
}

/** The optional image: the file sent under `file` or `IMAGE`. */
const imageOf = (form: MultipartForm): Upload | undefined => form.files.find((f) => f.field === 'file' || f.field === 'IMAGE');

/**
 * Flux notifications: the three sends of the add dialog, each writing the flux,
 * its recipients (one row per client) and its image in one transaction, and the delete.
 */
export async function fluxRoutes(fastify: FastifyInstance) {
  registerResource(fastify, fluxResource);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const write = { action: 'flux:write' as const };
  const tags = ['flux'];

  /** Writes a flux to the given clients (already checked active) with its image, all or nothing. */
  async function send(
    user: CurrentUser,
    content: { TITLE: string; MESSAGE: string },
    clientIds: number[],
    image: Upload | undefined,
    activities: number[] = [],
  ) {
    const message = sanitizeRichText(content.MESSAGE);
    const unique = [...new Set(clientIds)];
    const id = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(flux)
        .values({ title: content.TITLE, message, messageText: fluxPlainText(message), recipientCount: unique.length, createdBy: user.id })
        .returning({ id: flux.id });
      // In batches: PostgreSQL takes 65,535 parameters per statement.
      for (let i = 0; i < unique.length; i += 10_000) {
        await tx.insert(fluxRecipients).values(unique.slice(i, i + 10_000).map((clientId) => ({ fluxId: row.id, clientId })));
      }
      if (activities.length) await tx.insert(fluxActivities).values(activities.map((activityId) => ({ fluxId: row.id, activityId })));
      // Last in the transaction: the file is removed again by saveMedia if its row cannot be written.
      if (image)
        await saveMedia(tx, app.storage.media, {
          entity: 'flux',
          entityId: row.id,
          collection: 'image',
          family: 'image',
          fileName: image.fileName,
          buffer: image.buffer,
        });
      await audit(tx, user, 'create', 'flux', row.id, {
        TITLE: content.TITLE,
        RECIPIENTS: unique.length,
        ACTIVITIES: activities.length ? activities : undefined,
        IMAGE: image?.fileName,
      });
      return row.id;
    });
    return { id, RECIPIENTS: unique.length, message: FLUX_MSG.sent(unique.length) };
  }

  /** The chosen clients that cannot receive: unknown or inactive, named by id. */
  async function refuseUnsendable(ids: number[]) {
    const unique = [...new Set(ids)];
    const found = await app.db.select({ id: clients.id, code: clients.code, isActive: clients.isActive }).from(clients).where(idIn(clients.id, unique));
    const missing = unique.filter((id) => !found.some((c) => c.id === id));
    const inactive = found.filter((c) => c.isActive !== 1).map((c) => c.code);
    if (missing.length) throw new AppError(422, `${FLUX_MSG.notFound} (${missing.join(', ')})`, { DESTINATION: [FLUX_MSG.notFound] });
    if (inactive.length)
      throw new AppError(422, `${FLUX_MSG.inactive} : ${inactive.join(', ')}`, { DESTINATION: [`${FLUX_MSG.inactive} : ${inactive.join(', ')}`] });
  }

  app.post(
    '/flux',
    {
      config: write,
      schema: {
        tags,
        summary: '« Clients actifs » : aux clients choisis (multipart TITLE, MESSAGE, file, DESTINATION[i])',
        consumes: ['multipart/form-data'],
        response: { 201: sentReply },
      },
    },
    async (req, reply) => {
      const form = await readMultipart(req);
      const body = fluxToClientsBody.safeParse(sendFields(form, 'DESTINATION'));
      if (!body.success) throw fieldErrors(body.error);
      await refuseUnsendable(body.data.DESTINATION);
      reply.code(201);
      return ok(await send(req.user!, body.data, body.data.DESTINATION, imageOf(form)));
    },
  );

  app.post(
    '/flux/activities',
    {
      config: write,
      schema: {
        tags,
        summary: '« Par Activité » : à tous les clients actifs des activités choisies (multipart TITLE, MESSAGE, file, ACTIVITIES[i])',
        consumes: ['multipart/form-data'],
        response: { 201: sentReply },
      },
    },
    async (req, reply) => {
      const form = await readMultipart(req);
      const body = fluxToActivitiesBody.safeParse(sendFields(form, 'ACTIVITIES'));
      if (!body.success) throw fieldErrors(body.error);
      const activities = [...new Set(body.data.ACTIVITIES)];
      const known = await app.db.select({ id: clientActivities.id }).from(clientActivities).where(idIn(clientActivities.id, activities));
      if (known.length !== activities.length) throw new AppError(422, 'Activité introuvable.', { ACTIVITIES: ['Activité introuvable.'] });
      const targets = await app.db
        .select({ id: clients.id })
        .from(clients)
        .where(and(idIn(clients.activityId, activities), eq(clients.isActive, 1)));
      if (!targets.length) throw new AppError(422, FLUX_MSG.noActiveClient, { ACTIVITIES: [FLUX_MSG.noActiveClient] });
      reply.code(201);
      return ok(
        await send(
          req.user!,
          body.data,
          targets.map((t) => t.id),
          imageOf(form),
          activities,
        ),
      );
    },
  );

  app.post(
    '/flux/clients_file',
    {
      config: write,
      schema: {
        tags,
        summary: "« Multiple » : aux codes clients d'un fichier CSV (tout ou rien ; codes inconnus ou inactifs signalés par ligne)",
        consumes: ['multipart/form-data'],
        response: {
          201: sentReply,
          422: z.object({
            success: z.literal(false),
            message: z.string(),
            errors: z.record(z.string(), z.array(z.string())).optional(),
            lines: z.array(problemsReply).optional(),
          }),
        },
      },
    },
    async (req, reply) => {
      // The codes file and the image: two files in one request.
      const form = await readMultipart(req, { maxFiles: 2 });
      const body = fluxToClientsBody.pick({ TITLE: true, MESSAGE: true }).safeParse(sendFields(form));
      if (!body.success) throw fieldErrors(body.error);
      const file = form.files.find((f) => f.field === 'CLIENTS_FILE');
      if (!file?.buffer.length) throw new AppError(422, FLUX_MSG.fileRequired, { CLIENTS_FILE: [FLUX_MSG.fileRequired] });
      // CSV or plain text only: bytes that are not text are refused, whatever the name.
      if (file.buffer.includes(0) || !/\.(csv|txt)$/i.test(file.fileName)) throw new AppError(422, FLUX_MSG.fileType, { CLIENTS_FILE: [FLUX_MSG.fileType] });
      const { codes, problems } = parseClientCodes(file.buffer.toString('utf8'));
      if (!codes.length && !problems.length) throw new AppError(422, CODE_FILE_MESSAGES.empty, { CLIENTS_FILE: [CODE_FILE_MESSAGES.empty] });
      const found = codes.length
        ? await app.db
            .select({ id: clients.id, code: sql<string>`lower(${clients.code})`, isActive: clients.isActive })
            .from(clients)
            .where(
              textIn(
                sql`lower(${clients.code})`,
                codes.map((c) => c.code.toLowerCase()),
              ),
            )
        : [];
      const byCode = new Map(found.map((c) => [c.code, c]));
      const lines: FluxFileProblem[] = [...problems];
      for (const c of codes) {
        const client = byCode.get(c.code.toLowerCase());
        if (!client) lines.push({ line: c.line, code: c.code, message: CODE_FILE_MESSAGES.unknown });
        else if (client.isActive !== 1) lines.push({ line: c.line, code: c.code, message: FLUX_MSG.inactive });
      }
      if (lines.length) {
        lines.sort((a, b) => a.line - b.line);
        const message = FLUX_MSG.fileProblems(lines.length);
        return reply
          .code(422)
          .send({ success: false as const, message, errors: { CLIENTS_FILE: lines.map((l) => `Ligne ${l.line} (${l.code}) : ${l.message}`) }, lines });
      }
      reply.code(201);
      return ok(
        await send(
          req.user!,
          body.data,
          codes.map((c) => byCode.get(c.code.toLowerCase())!.id),
          imageOf(form),
        ),
      );
    },
  );

  app.delete(
    '/flux/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Supprimer une notification (ses destinataires et son image avec elle)',
        params: idParams,
        response: { 200: okReply(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => {
      const [row] = await app.db.select({ id: flux.id, title: flux.title, count: flux.recipientCount }).from(flux).where(eq(flux.id, req.params.id));
      if (!row) throw notFound();
      await app.db.transaction(async (tx) => {
        await tx.delete(flux).where(eq(flux.id, row.id));
        await audit(tx, req.user, 'delete', 'flux', row.id, { TITLE: row.title, RECIPIENTS: row.count });
      });
      await deleteMedia(app.db, app.storage.media, { entity: 'flux', entityId: row.id });
      return ok({ id: row.id });
    },
  );
}
