import { ACCOUNT_CODES, BADGE_NO_ACTIVE_USER, BADGE_SENT_MESSAGE, type Badge } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { compileResource } from '../../lib/crud/compile';
import { registerResource } from '../../lib/crud/crud.routes';
import { idParams } from '../../lib/crud/schemas';
import { AppError, ok } from '../../lib/http';
import { okReply } from '../../lib/replies';
import { audit, auditEntity } from '../../lib/audit/audit.repository';
import { users } from '../../lib/auth/accounts.table';
import { clients } from '../../lib/clients/clients.table';
import { media } from '../../lib/media/media.table';
import { mediaFor } from '../../lib/media/media.service';
import { type ObjectStore, readAll } from '../../lib/storage';
import { badgeMail } from './badges.mail';
import { badgesResource } from './badges.resource';
import { badges } from '../../lib/clients/badges.table';

const compiled = compileResource(badgesResource);
/** The compiled DTO schema, typed as the domain's Badge (same object, narrower type). */
const badgeReply = okReply(compiled.dto as unknown as z.ZodType<Badge>);
const badgeNotFound = () => new AppError(404, 'Badge introuvable');

async function findBadge(db: Db, id: number): Promise<Badge | null> {
  const [row] = await compiled.select(db).rows.where(eq(badges.id, id)).limit(1);
  if (!row) return null;
  const dto = compiled.toDto(row);
  dto.MEDIA = (await mediaFor(db, badgesResource.path, [id], 'image')).get(id) ?? null;
  return dto;
}

/** The badge's image, read from the media store for the mail; a missing file sends the mail without it. */
async function badgeImage(db: Db, store: ObjectStore, id: number) {
  const [file] = await db
    .select({ storedName: media.storedName, fileName: media.fileName, mimeType: media.mimeType })
    .from(media)
    .where(and(eq(media.entity, badgesResource.path), eq(media.entityId, id), eq(media.collection, 'image')))
    .orderBy(media.id)
    .limit(1);
  if (!file) return null;
  const stored = await store.get(file.storedName).catch(() => null);
  const content = stored && (await readAll(stored).catch(() => null));
  return content && { content, fileName: file.fileName, mimeType: file.mimeType };
}

/**
 * Badges: the generic list, read, create (JSON or form data with the image), update,
 * delete (409 while clients hold the badge), export and media; plus validate and the mail of a
 * badge to a client's users. `GET badges/{id}/scan/{x}` is left out: the spec names it without
 * saying what it reads or answers.
 */
export async function badgesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerResource(app, badgesResource);
  const tags = ['badges'];
  const write = { action: 'badges:write' as const };

  app.put(
    '/badges/validate/:id',
    { config: write, schema: { tags, summary: 'Activer le badge (IS_ACTIVE = 1)', params: idParams, response: { 200: badgeReply } } },
    async (req) => {
      const { id } = req.params;
      const before = await findBadge(app.db, id);
      if (!before) throw badgeNotFound();
      if (before.IS_ACTIVE !== 1) {
        await app.db.transaction(async (tx) => {
          await tx.update(badges).set({ isActive: 1, updatedAt: new Date() }).where(eq(badges.id, id));
          await audit(tx, req.user, 'update', auditEntity(badgesResource.path), id, { IS_ACTIVE: [before.IS_ACTIVE, 1] });
        });
      }
      return ok((await findBadge(app.db, id))!);
    },
  );

  // Mailing a client's users is a staff action on badges, not a read: it needs badges:write.
  app.get(
    '/badges/:id/sendEmail/:x',
    {
      config: write,
      schema: {
        tags,
        summary: 'Envoyer le badge (nom, description, bonus, image) par e-mail aux utilisateurs actifs du client x',
        params: idParams.extend({ x: idParams.shape.id }),
        response: { 200: okReply(z.object({ message: z.string(), sent: z.number().int() })) },
      },
    },
    async (req) => {
      const { id, x } = req.params;
      const badge = await findBadge(app.db, id);
      if (!badge) throw badgeNotFound();
      const [client] = await app.db.select({ id: clients.id, name: clients.name }).from(clients).where(eq(clients.id, x)).limit(1);
      if (!client) throw new AppError(404, 'Client introuvable');
      const recipients = await app.db
        .select({ email: users.email, firstname: users.firstname, lastname: users.lastname })
        .from(users)
        .where(and(eq(users.clientId, x), eq(users.status, ACCOUNT_CODES.ACTIVE)))
        .orderBy(users.id);
      if (!recipients.length) throw new AppError(422, BADGE_NO_ACTIVE_USER);
      const image = await badgeImage(app.db, app.storage.media, id);
      let sent = 0;
      const failed: string[] = [];
      // One message per user: no recipient sees the others' addresses.
      for (const user of recipients) {
        try {
          await app.mailer.send(badgeMail(badge, client.name, user, image));
          sent++;
        } catch (err) {
          failed.push(user.email);
          req.log.warn({ err, to: user.email, badge: id }, 'badge mail not sent');
        }
      }
      // A security event: who mailed which client's users, from where, even when nothing left.
      await audit(app.db, req.user, 'badge_mail', auditEntity(badgesResource.path), id, {
        client: client.id,
        recipients: recipients.map((r) => r.email),
        sent,
        failed,
        ip: req.ip,
      });
      if (!sent) throw new AppError(502, 'L’envoi du badge a échoué. Réessayez plus tard.');
      return ok({ message: BADGE_SENT_MESSAGE, sent });
    },
  );
}
