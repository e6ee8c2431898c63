import { FLUX_MSG } from '@app/domain';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { idParams } from '../../lib/crud/schemas';
import { AppError, ok, paged } from '../../lib/http';
import { mediaFor } from '../../lib/media/media.service';
import { errorReply, mediaReply, okReply, pageMeta } from '../../lib/replies';
import { flux as f, fluxReads as fr, fluxRecipients as r } from '../flux';
import { appPageQuery, pageOf } from './app-paging';

const notification = z
  .object({
    ID: z.number().int(),
    TITLE: z.string(),
    /** The rich text as the back-office cleaned it (lib/rich-text.ts allowlist), and the same without HTML. */
    MESSAGE: z.string(),
    MESSAGE_TEXT: z.string(),
    DATE: z.string(),
    IMAGE: mediaReply.nullable(),
    READ: z.boolean(),
    READ_AT: z.string().nullable(),
  })
  .meta({
    example: {
      ID: 4,
      TITLE: 'Double points ce week-end ⭐',
      MESSAGE: '<p>Du vendredi au dimanche, <strong>tous vos achats comptent double</strong>.</p>',
      MESSAGE_TEXT: 'Du vendredi au dimanche, tous vos achats comptent double.',
      DATE: '2026-11-20T09:15:00.000Z',
      IMAGE: null,
      READ: false,
      READ_AT: null,
    },
  });

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/**
 * A flux addressed to the client: one of its recipients. Every send (chosen clients, by activity, a
 * file of codes) writes its recipients when it is sent (flux.routes.ts), so a client is addressed
 * by what was sent to it then, not by what it became since (a client moved to an activity later
 * does not receive that activity's past notifications).
 */
const addressedTo = (clientId: number) => sql`exists (select 1 from ${r} where ${r.fluxId} = ${f.id} and ${r.clientId} = ${clientId})`;

/** This user's read mark of each flux (left join: no row, not read). */
const readBy = (userId: number) => and(eq(fr.fluxId, f.id), eq(fr.userId, userId));

async function unreadCount(db: Db, clientId: number, userId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(f)
    .leftJoin(fr, readBy(userId))
    .where(and(addressedTo(clientId), isNull(fr.fluxId)));
  return Number(n);
}

/**
 * The app's inbox: the flux sent to the user's client, newest first,
 * each read or not by this user (flux_reads: the read state is per user, two users of one shop
 * read on their own); marking one read; the unread count for the app's badge.
 */
export async function appInboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/notifications',
    {
      schema: {
        summary: 'Mes notifications, les plus récentes en premier, lues ou non (unread=true : les non lues seulement)',
        querystring: appPageQuery.extend({ unread: z.enum(['true', 'false']).optional() }),
        response: { 200: z.object({ success: z.literal(true), data: z.array(notification), meta: pageMeta }) },
      },
    },
    async (req) => {
      const { page, perPage, offset } = pageOf(req.query);
      const me = req.appUser!;
      const where = and(addressedTo(me.clientId), req.query.unread === 'true' ? isNull(fr.fluxId) : undefined);
      const [[{ n }], rows] = await Promise.all([
        app.db.select({ n: count() }).from(f).leftJoin(fr, readBy(me.id)).where(where),
        app.db
          .select({ id: f.id, title: f.title, message: f.message, text: f.messageText, date: f.date, readAt: fr.readAt })
          .from(f)
          .leftJoin(fr, readBy(me.id))
          .where(where)
          .orderBy(desc(f.date), desc(f.id))
          .limit(perPage)
          .offset(offset),
      ]);
      const images = await mediaFor(
        app.db,
        'flux',
        rows.map((x) => x.id),
      );
      const data = rows.map((x) => ({
        ID: x.id,
        TITLE: x.title,
        MESSAGE: x.message,
        MESSAGE_TEXT: x.text,
        DATE: iso(x.date)!,
        IMAGE: images.get(x.id) ?? null,
        READ: x.readAt != null,
        READ_AT: iso(x.readAt),
      }));
      return paged(data, Number(n), page, perPage);
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        summary: 'Nombre de mes notifications non lues',
        response: { 200: okReply(z.object({ count: z.number().int() }).meta({ example: { count: 3 } })) },
      },
    },
    async (req) => ok({ count: await unreadCount(app.db, req.appUser!.clientId, req.appUser!.id) }),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        summary: 'Marquer une notification comme lue (une seconde fois : rien ne change, la première date reste)',
        params: idParams,
        response: {
          200: okReply(
            z
              .object({ ID: z.number().int(), READ: z.literal(true), READ_AT: z.string(), UNREAD: z.number().int() })
              .meta({ example: { ID: 87, READ: true, READ_AT: '2026-11-27T10:05:00.000Z', UNREAD: 2 } }),
          ),
          404: errorReply,
        },
      },
    },
    async (req) => {
      const me = req.appUser!;
      const [addressed] = await app.db
        .select({ id: f.id })
        .from(f)
        .where(and(eq(f.id, req.params.id), addressedTo(me.clientId)));
      // Another client's notification is not this user's to know of: 404, as an unknown one.
      if (!addressed) throw new AppError(404, FLUX_MSG.notificationUnknown);
      await app.db.insert(fr).values({ fluxId: addressed.id, userId: me.id }).onConflictDoNothing();
      const [mark] = await app.db
        .select({ readAt: fr.readAt })
        .from(fr)
        .where(and(eq(fr.fluxId, addressed.id), eq(fr.userId, me.id)));
      return ok({ ID: addressed.id, READ: true as const, READ_AT: iso(mark.readAt)!, UNREAD: await unreadCount(app.db, me.clientId, me.id) });
    },
  );
}
