import { CONVERSION_STATUS, GIFT_MSG, GIFT_PURCHASE_STATUS, GIFT_TYPES, giftPurchaseBody, qrReceiveBody, todayInTunis } from '@app/domain';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, ok, paged } from '../../lib/http';
import { mediaFor } from '../../lib/media/media.service';
import { errorReply, mediaReply, okReply, pageMeta } from '../../lib/replies';
import { receiveScanned } from '../rewards';
import { giftConversions as gc, giftPurchases as gp, loyaltyGifts as g, startingGiftPurchases as sp, startingGifts } from '../rewards';
import { classification, requestGiftPurchase } from '../rewards';
import { giftsOfferedTo } from './app-gifts.queries';
import { appPageQuery, pageOf } from './app-paging';

const pagedReply = <T extends z.ZodType>(item: T) => z.object({ success: z.literal(true), data: z.array(item), meta: pageMeta });

const giftItem = z
  .object({
    ID: z.number().int(),
    REF: z.string(),
    NAME: z.string(),
    DESCRIPTION: z.string().nullable(),
    TYPE: z.enum(GIFT_TYPES),
    NBR_OF_POINTS: z.number().int(),
    /** Dinars as the back-office sends a gift's value: the exact decimal text. */
    VOCHER_VALUE: z.string(),
    QTS: z.number().int(),
    START_DAY: z.string().nullable(),
    END_DATE: z.string().nullable(),
    MEDIA: mediaReply.nullable(),
  })
  .meta({
    example: {
      ID: 3,
      REF: 'CAD-MUG',
      NAME: 'Mug isotherme du programme',
      DESCRIPTION: 'Mug double paroi 35 cl.',
      TYPE: 'bien',
      NBR_OF_POINTS: 150,
      VOCHER_VALUE: '0.000',
      QTS: 40,
      START_DAY: null,
      END_DATE: null,
      MEDIA: null,
    },
  });

const unitItem = z.object({
  ID: z.number().int(),
  REF: z.string(),
  STATUS: z.number().int(),
  STATUS_LABEL: z.string(),
  SCAN_DATE: z.string().nullable(),
  CREATED_AT: z.string(),
});

const purchaseItem = z
  .object({
    ID: z.number().int(),
    REF: z.string(),
    LOYALTY_GIFT_ID: z.number().int(),
    GIFT_NAME: z.string(),
    GIFT_TYPE: z.enum(GIFT_TYPES),
    QTE: z.number().int(),
    POINTS: z.number().int(),
    STATUS: z.number().int(),
    STATUS_LABEL: z.string(),
    CREATED_AT: z.string(),
    /** One per unit of an accepted good (its conversion); none while waiting, refused, or for a voucher gift (see vouchers). */
    UNITS: z.array(unitItem),
  })
  .meta({
    example: {
      ID: 41,
      REF: 'ACH-2026-000041',
      LOYALTY_GIFT_ID: 3,
      GIFT_NAME: 'Mug isotherme du programme',
      GIFT_TYPE: 'bien',
      QTE: 2,
      POINTS: 300,
      STATUS: 1,
      STATUS_LABEL: 'Validée',
      CREATED_AT: '2026-11-20T09:15:00.000Z',
      UNITS: [{ ID: 77, REF: 'CONV-2026-000077', STATUS: 3, STATUS_LABEL: 'Expédié', SCAN_DATE: null, CREATED_AT: '2026-11-21T10:00:00.000Z' }],
    },
  });

const receivedItem = z.object({
  ID: z.number().int(),
  REF: z.string(),
  /** gift: a unit of a gift bought with points; starter: a starter gift. */
  KIND: z.enum(['gift', 'starter']),
  GIFT_NAME: z.string(),
  GIFT_PURCHASE_ID: z.number().int().nullable(),
  STATUS: z.number().int(),
  STATUS_LABEL: z.string(),
  SCAN_DATE: z.string().nullable(),
});

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/** An app body: the client is the signed-in user's own, so a CLIENT_ID (or any other key) is refused. */
const purchaseBody = giftPurchaseBody
  .pick({ LOYALTY_GIFT_ID: true, QTE: true })
  .strict()
  .meta({ examples: [{ LOYALTY_GIFT_ID: 3, QTE: 1 }] });

/** The client's requests with their units and status labels, in the order of `ids`. */
async function purchasesOf(db: Db, clientId: number, ids: number[]) {
  if (!ids.length) return [];
  const [rows, units] = await Promise.all([
    db
      .select({
        id: gp.id,
        ref: gp.ref,
        giftId: gp.loyaltyGiftId,
        giftName: g.name,
        giftType: g.type,
        qte: gp.qte,
        points: gp.points,
        status: gp.status,
        createdAt: gp.createdAt,
      })
      .from(gp)
      .innerJoin(g, eq(g.id, gp.loyaltyGiftId))
      .where(and(eq(gp.clientId, clientId), inArray(gp.id, ids))),
    db
      .select({ id: gc.id, purchaseId: gc.giftPurchaseId, ref: gc.ref, status: gc.status, scanDate: gc.scanDate, createdAt: gc.createdAt })
      .from(gc)
      .where(and(eq(gc.clientId, clientId), inArray(gc.giftPurchaseId, ids)))
      .orderBy(asc(gc.id)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const p = byId.get(id)!;
    return {
      ID: p.id,
      REF: p.ref,
      LOYALTY_GIFT_ID: p.giftId,
      GIFT_NAME: p.giftName,
      GIFT_TYPE: p.giftType as (typeof GIFT_TYPES)[number],
      QTE: p.qte,
      POINTS: p.points,
      STATUS: p.status,
      STATUS_LABEL: GIFT_PURCHASE_STATUS.label(p.status),
      CREATED_AT: iso(p.createdAt)!,
      UNITS: units
        .filter((u) => u.purchaseId === id)
        .map((u) => ({
          ID: u.id,
          REF: u.ref,
          STATUS: u.status,
          STATUS_LABEL: CONVERSION_STATUS.label(u.status),
          SCAN_DATE: iso(u.scanDate),
          CREATED_AT: iso(u.createdAt)!,
        })),
    };
  });
}

/**
 * The app's gifts: the gifts this client may request today, its
 * requests (waiting, with the points reservation of purchases.service.ts) and their units, and the
 * receipt of a unit by the QR code of its exit slip. The QR code itself is never sent to the app: it
 * travels on paper with the gift, so a scan proves the gift arrived.
 */
export async function appGiftsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/gifts',
    {
      schema: {
        summary:
          "Cadeaux que le client peut demander aujourd'hui (actifs, en dates, en stock, pour sa classification et son badge), du moins cher au plus cher",
        querystring: appPageQuery,
        response: { 200: pagedReply(giftItem) },
      },
    },
    async (req) => {
      const { page, perPage, offset } = pageOf(req.query);
      const client = await classification(app.db, req.appUser!.clientId);
      if (!client) return paged([], 0, page, perPage);
      const where = giftsOfferedTo(client, todayInTunis());
      const [[{ n }], rows] = await Promise.all([
        app.db.select({ n: count() }).from(g).where(where),
        app.db.select().from(g).where(where).orderBy(asc(g.nbrOfPoints), asc(g.id)).limit(perPage).offset(offset),
      ]);
      const media = await mediaFor(
        app.db,
        'gifts',
        rows.filter((r) => r.type === 'bien').map((r) => r.id),
      );
      const data = rows.map((r) => ({
        ID: r.id,
        REF: r.ref,
        NAME: r.name,
        DESCRIPTION: r.description,
        TYPE: r.type as (typeof GIFT_TYPES)[number],
        NBR_OF_POINTS: r.nbrOfPoints,
        VOCHER_VALUE: r.voucherValue,
        QTS: r.qts,
        START_DAY: r.startDay,
        END_DATE: r.endDate,
        MEDIA: media.get(r.id) ?? null,
      }));
      return paged(data, Number(n), page, perPage);
    },
  );

  app.post(
    '/gift-purchases',
    {
      config: { idempotent: true },
      schema: {
        summary:
          "Demander un cadeau (en attente de validation) : les points doivent tenir dans le solde moins les demandes en attente, ils sont débités à l'acceptation",
        body: purchaseBody,
        response: { 201: okReply(purchaseItem), 422: errorReply },
      },
    },
    async (req, reply) => {
      const me = req.appUser!;
      const id = await app.db.transaction((tx) => requestGiftPurchase(tx, me, { CLIENT_ID: me.clientId, ...req.body }, { reservePoints: true }));
      reply.code(201);
      return ok((await purchasesOf(app.db, me.clientId, [id]))[0]);
    },
  );

  app.get(
    '/gift-purchases',
    {
      schema: {
        summary: 'Mes demandes de cadeaux, les plus récentes en premier, avec leurs unités et leurs statuts',
        querystring: appPageQuery,
        response: { 200: pagedReply(purchaseItem) },
      },
    },
    async (req) => {
      const { page, perPage, offset } = pageOf(req.query);
      const clientId = req.appUser!.clientId;
      const mine = eq(gp.clientId, clientId);
      const [[{ n }], ids] = await Promise.all([
        app.db.select({ n: count() }).from(gp).where(mine),
        app.db.select({ id: gp.id }).from(gp).where(mine).orderBy(desc(gp.createdAt), desc(gp.id)).limit(perPage).offset(offset),
      ]);
      return paged(
        await purchasesOf(
          app.db,
          clientId,
          ids.map((r) => r.id),
        ),
        Number(n),
        page,
        perPage,
      );
    },
  );

  app.post(
    '/conversions/receive',
    {
      schema: {
        summary:
          'Réception : le client scanne le code QR du bon de sortie de son cadeau (une seule fois ; 404 pour un code inconnu ou d’un autre client, 409 déjà réceptionné, 422 pas encore expédié)',
        body: qrReceiveBody.strict().meta({ examples: [{ QRCODE: 'mF3k0v9yQ2p1Zr8sT4uW6xA7bC5dE0gH' }] }),
        response: { 200: okReply(receivedItem), 404: errorReply, 409: errorReply, 422: errorReply },
      },
    },
    async (req) => {
      const me = req.appUser!;
      const own = (clientId: number) => clientId === me.clientId;
      // One code, two kinds of unit (a gift bought with points, a starter gift): the codes are random
      // and unique per table, so at most one of them knows it. Another client's code is unknown (404).
      const received = await app.db.transaction(async (tx) => {
        for (const kind of ['gift', 'starter'] as const) {
          try {
            return { kind, id: await receiveScanned(tx, me, kind, req.body.QRCODE, own) };
          } catch (err) {
            if (!(err instanceof AppError && err.statusCode === 404)) throw err;
          }
        }
        throw new AppError(404, GIFT_MSG.qrUnknown);
      });
      const [row] =
        received.kind === 'gift'
          ? await app.db
              .select({ id: gc.id, ref: gc.ref, name: g.name, purchaseId: gc.giftPurchaseId, status: gc.status, scanDate: gc.scanDate })
              .from(gc)
              .innerJoin(g, eq(g.id, gc.loyaltyGiftId))
              .where(eq(gc.id, received.id))
          : await app.db
              .select({ id: sp.id, ref: sp.ref, name: startingGifts.name, purchaseId: sql<null>`null`, status: sp.status, scanDate: sp.scanDate })
              .from(sp)
              .innerJoin(startingGifts, eq(startingGifts.id, sp.startingGiftId))
              .where(eq(sp.id, received.id));
      return ok({
        ID: row.id,
        REF: row.ref,
        KIND: received.kind,
        GIFT_NAME: row.name,
        GIFT_PURCHASE_ID: row.purchaseId,
        STATUS: row.status,
        STATUS_LABEL: CONVERSION_STATUS.label(row.status),
        SCAN_DATE: iso(row.scanDate),
      });
    },
  );
}
