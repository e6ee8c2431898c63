import {
  CONVERSION_CODES,
  conversionStatusBody,
  type GiftConversion,
  type GiftPurchase,
  GIFT_PURCHASE_CODES,
  giftPurchaseBody,
  qrReceiveBody,
  rewardNumber,
  type StarterPurchase,
  startingGiftPurchaseBody,
  queryInteger,
} from '@app/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { sqlCode } from '../../db/codes';
import { compileResource } from '../../lib/crud/compile';
import { registerResource } from '../../lib/crud/crud.routes';
import { conversionsBulkRoutes } from './conversions.bulk';
import { deletedReply, idParams } from '../../lib/crud/schemas';
import { AppError, notFound, ok } from '../../lib/http';
import { fileReply, okReply } from '../../lib/replies';
import { statusMoveReplies } from '../../lib/status-rule';
import type { CurrentUser } from '../../lib/auth/current-user';
import { audit } from '../../lib/audit/audit.repository';
import { assertOwnsClient, CLIENT_OWNED, mayReachClient } from '../../lib/clients/client-ownership';
import { clients } from '../../lib/clients/clients.table';
import { nextNumbers } from '../system';
import { type ConversionKind, deleteConversion, receiveByQr, setConversionStatus } from './conversions.service';
import { readCompany } from '../settings';
import { exitSlipPdf } from './exit-slip';
import { giftConversionsResource, giftPurchasesResource, startingGiftPurchasesResource } from './fulfilment.resources';
import { giftConversions, giftPurchases, startingGiftPurchases, startingGifts } from './gifts.table';
import { acceptGiftPurchase, createGiftPurchase, refuseGiftPurchase, updateGiftPurchase } from './purchases.service';
import { newQrToken, qrPng } from './qr';

/** Requests listed in the header's gift bell. */
const BELL_SIZE = 20;

/**
 * Gift purchases, gift conversions and starter-gift purchases:
 * requests accepted or refused, units prepared, shipped and received by QR code, exit slips.
 */
export async function fulfilmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['conversions'];
  registerResource(app, giftConversionsResource);
  registerResource(app, startingGiftPurchasesResource);
  conversionsBulkRoutes(app);
  registerResource(app, giftPurchasesResource);
  const purchases = compileResource(giftPurchasesResource);
  const conversions = compileResource(giftConversionsResource);
  const starters = compileResource(startingGiftPurchasesResource);

  const tx = <T>(fn: (t: Db) => Promise<T>) => app.db.transaction((t) => fn(t));
  const readPurchase = async (id: number): Promise<GiftPurchase> => {
    const [row] = await purchases.select(app.db).rows.where(eq(giftPurchases.id, id)).limit(1);
    return purchases.toDto(row);
  };
  const readConversion = async (kind: ConversionKind, id: number): Promise<GiftConversion | StarterPurchase> => {
    const r = kind === 'gift' ? conversions : starters;
    const [row] = await r
      .select(app.db)
      .rows.where(eq(kind === 'gift' ? giftConversions.id : startingGiftPurchases.id, id))
      .limit(1);
    return r.toDto(row);
  };
  const purchaseReply = okReply(purchases.dto as unknown as z.ZodType<GiftPurchase>);
  const pngReply = fileReply({ png: 'image/png' });
  const pdfReply = fileReply({ pdf: 'application/pdf' });

  // ——— Gift purchases ———
  app.post(
    '/gift-purchases',
    {
      config: { action: 'purchases:write', ...CLIENT_OWNED },
      schema: { tags, summary: 'Saisir une demande de cadeau pour un client (en attente)', body: giftPurchaseBody, response: { 201: purchaseReply } },
    },
    async (req, reply) => {
      const id = await tx((t) => createGiftPurchase(t, req.user!, req.body));
      reply.code(201);
      return ok(await readPurchase(id));
    },
  );
  app.post(
    '/gift-purchases/accept/:id',
    {
      config: { action: 'purchases:write', ...CLIENT_OWNED, idempotent: true },
      schema: {
        tags,
        summary: 'Accepter : points et stock débités, conversions ou vouchers créés (tout ou rien)',
        params: idParams,
        response: { 200: purchaseReply, ...statusMoveReplies },
      },
    },
    async (req) => {
      await tx((t) => acceptGiftPurchase(t, req.user!, req.params.id));
      return ok(await readPurchase(req.params.id));
    },
  );
  app.post(
    '/gift-purchases/refuse/:id',
    {
      config: { action: 'purchases:write', ...CLIENT_OWNED, idempotent: true },
      schema: { tags, summary: 'Refuser une demande en attente', params: idParams, response: { 200: purchaseReply, ...statusMoveReplies } },
    },
    async (req) => {
      await tx((t) => refuseGiftPurchase(t, req.user!, req.params.id));
      return ok(await readPurchase(req.params.id));
    },
  );
  app.put(
    '/gift-purchases/:id',
    {
      config: { action: 'purchases:write', ...CLIENT_OWNED },
      schema: {
        tags,
        summary: "Quantité d'une demande en attente",
        params: idParams,
        body: giftPurchaseBody.pick({ QTE: true }),
        response: { 200: purchaseReply },
      },
    },
    async (req) => {
      await tx((t) => updateGiftPurchase(t, req.user!, req.params.id, req.body.QTE));
      return ok(await readPurchase(req.params.id));
    },
  );
  app.get(
    '/gift-purchases/generateQrCode/:id',
    {
      config: { action: 'conversions:read', ...CLIENT_OWNED },
      schema: {
        tags,
        summary: "Code QR (PNG) d'une unité de la demande : la première non réceptionnée, ou ?conversion=id",
        params: idParams,
        querystring: z.object({ conversion: queryInteger({ min: 1 }).optional() }),
        response: { 200: pngReply },
      },
    },
    async (req, reply) => {
      const [c] = await app.db
        .select({ qrcode: giftConversions.qrcode, clientId: giftConversions.clientId })
        .from(giftConversions)
        .where(and(eq(giftConversions.giftPurchaseId, req.params.id), req.query.conversion ? eq(giftConversions.id, req.query.conversion) : undefined))
        .orderBy(sql`${giftConversions.status} = ${sqlCode(CONVERSION_CODES.RECEIVED)}`, asc(giftConversions.id))
        .limit(1);
      if (!c) throw notFound();
      await assertOwnsClient(app.db, req.user!, c.clientId);
      return reply.type('image/png').send((await qrPng(c.qrcode)) as never);
    },
  );
  app.get(
    '/getAskPurchases',
    {
      config: { action: 'purchases:read', ...CLIENT_OWNED },
      schema: {
        tags,
        summary: 'Cloche des demandes de cadeaux : nombre de demandes en attente et les plus récentes',
        response: {
          200: okReply(
            z.object({
              count: z.number().int(),
              items: z.array(
                z.object({
                  id: z.number().int(),
                  REF: z.string(),
                  USER: z.string(),
                  CLIENT_ID: z.number().int(),
                  CODE_CLIENT: z.string(),
                  GIFT: z.string(),
                  DATE: z.string(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (req) => {
      const where = and(eq(giftPurchases.status, GIFT_PURCHASE_CODES.WAITING), giftPurchasesResource.scope!(req.user!));
      const [[{ n }], rows] = await Promise.all([
        app.db.select({ n: sql<number>`count(*)::int` }).from(giftPurchases).where(where),
        purchases.select(app.db).rows.where(where).orderBy(desc(giftPurchases.createdAt), desc(giftPurchases.id)).limit(BELL_SIZE),
      ]);
      return ok({
        count: Number(n),
        items: rows.map(purchases.toDto).map((p) => ({
          id: p.id,
          REF: p.REF,
          USER: p.CLIENT_NAME,
          CLIENT_ID: p.CLIENT_ID,
          CODE_CLIENT: p.CODE_CLIENT,
          GIFT: p.GIFT_NAME,
          DATE: p.CREATED_AT,
        })),
      });
    },
  );

  // ——— Starter-gift purchases ———
  const starterReply = okReply(z.array(starters.dto as unknown as z.ZodType<StarterPurchase>));
  app.post(
    '/startingGift-purchases',
    {
      config: { action: 'purchases:write', ...CLIENT_OWNED },
      schema: { tags, summary: 'Donner un cadeau de bienvenue à des clients (en attente)', body: startingGiftPurchaseBody, response: { 201: starterReply } },
    },
    async (req, reply) => {
      const ids = [...new Set(req.body.CLIENTS)];
      const created = await tx(async (t) => {
        const [gift] = await t.select({ id: startingGifts.id }).from(startingGifts).where(eq(startingGifts.id, req.body.STARTING_GIFT_ID));
        if (!gift) throw new AppError(422, 'Cadeau de bienvenue introuvable.', { STARTING_GIFT_ID: ['Cadeau de bienvenue introuvable.'] });
        const found = await t.select({ id: clients.id, code: clients.code }).from(clients).where(inArray(clients.id, ids));
        const missing = ids.filter((id) => !found.some((c) => c.id === id));
        for (const id of ids) if (!missing.includes(id) && !(await mayReachClient(t, req.user!, id))) missing.push(id);
        if (missing.length)
          throw new AppError(422, `Client introuvable : ${missing.join(', ')}.`, { CLIENTS: [`Client introuvable : ${missing.join(', ')}.`] });
        // A starter gift is given once: a client who already has this one (not refused) is named.
        const already = await t
          .select({ code: clients.code })
          .from(startingGiftPurchases)
          .innerJoin(clients, eq(clients.id, startingGiftPurchases.clientId))
          .where(
            and(
              eq(startingGiftPurchases.startingGiftId, gift.id),
              inArray(startingGiftPurchases.clientId, ids),
              sql`${startingGiftPurchases.status} <> ${sqlCode(CONVERSION_CODES.REFUSED)}`,
            ),
          );
        if (already.length) {
          const msg = `Ce cadeau de bienvenue a déjà été donné à : ${already.map((a) => a.code).join(', ')}.`;
          throw new AppError(422, msg, { CLIENTS: [msg] });
        }
        const { year, first } = await nextNumbers(t, 'starter-gift', ids.length);
        const rows = await t
          .insert(startingGiftPurchases)
          .values(
            ids.map((clientId, i) => ({
              ref: rewardNumber('starter', year, first + i),
              clientId,
              startingGiftId: gift.id,
              qrcode: newQrToken(),
              createdBy: req.user!.id,
            })),
          )
          .returning({ id: startingGiftPurchases.id });
        await audit(t, req.user, 'create', 'startingGift-purchases', null, { STARTING_GIFT_ID: gift.id, CLIENTS: ids, IDS: rows.map((r) => r.id) });
        return rows.map((r) => r.id);
      });
      reply.code(201);
      const rows = await starters.select(app.db).rows.where(inArray(startingGiftPurchases.id, created)).orderBy(asc(startingGiftPurchases.id));
      return ok(rows.map(starters.toDto));
    },
  );

  // ——— Both kinds: status, accept / refuse, receipt, delete, QR code, exit slip ———
  for (const [kind, base] of [
    ['gift', 'giftConversion'],
    ['starter', 'startingGift-purchases'],
  ] as const) {
    const one = okReply((kind === 'gift' ? conversions.dto : starters.dto) as unknown as z.ZodType<GiftConversion>);
    const table = kind === 'gift' ? giftConversions : startingGiftPurchases;
    const setStatus = async (user: CurrentUser, id: number, to: number) => {
      await tx((t) => setConversionStatus(t, user, kind, id, to));
      return ok((await readConversion(kind, id)) as GiftConversion);
    };
    app.put(
      `/${base}/:id`,
      {
        // A gift unit refused gives its points back: idempotent (starter gifts carry no points).
        config: { action: 'conversions:prepare', ...CLIENT_OWNED, idempotent: kind === 'gift' },
        schema: {
          tags,
          summary: 'Statut (Magasinier : Préparé ; autres rôles : Expédié ; admin : toute transition permise, jamais Réceptionné)',
          params: idParams,
          body: conversionStatusBody,
          response: { 200: one, ...statusMoveReplies },
        },
      },
      (req) => setStatus(req.user!, req.params.id, req.body.STATUS),
    );
    if (kind === 'starter') {
      app.post(
        `/${base}/accept/:id`,
        {
          config: { action: 'purchases:write', ...CLIENT_OWNED },
          schema: { tags, summary: 'Accepter (→ Préparé)', params: idParams, response: { 200: one, ...statusMoveReplies } },
        },
        (req) => setStatus(req.user!, req.params.id, CONVERSION_CODES.PREPARED),
      );
      app.post(
        `/${base}/refuse/:id`,
        {
          config: { action: 'purchases:write', ...CLIENT_OWNED },
          schema: { tags, summary: 'Refuser (→ Refusé)', params: idParams, response: { 200: one, ...statusMoveReplies } },
        },
        (req) => setStatus(req.user!, req.params.id, CONVERSION_CODES.REFUSED),
      );
    }
    app.post(
      `/${base}/receive`,
      {
        config: { action: 'conversions:receive', ...CLIENT_OWNED },
        schema: { tags, summary: 'Réception par le code QR (une seule fois)', body: qrReceiveBody, response: { 200: one, ...statusMoveReplies } },
      },
      async (req) => {
        const id = await tx((t) => receiveByQr(t, req.user!, kind, req.body.QRCODE));
        return ok((await readConversion(kind, id)) as GiftConversion);
      },
    );
    app.delete(
      `/${base}/:id`,
      {
        config: { action: 'conversions:admin', ...CLIENT_OWNED, idempotent: kind === 'gift' },
        schema: {
          tags,
          summary: 'Supprimer (admin ; un cadeau non réceptionné rend ses points et son stock)',
          params: idParams,
          response: { 200: deletedReply },
        },
      },
      async (req) => {
        await tx((t) => deleteConversion(t, req.user!, kind, req.params.id));
        return ok({ id: req.params.id });
      },
    );
    const visibleRow = async (user: CurrentUser, id: number) => {
      const [row] = await app.db.select({ qrcode: table.qrcode, clientId: table.clientId }).from(table).where(eq(table.id, id));
      if (!row) throw notFound();
      await assertOwnsClient(app.db, user, row.clientId);
      return row;
    };
    app.get(
      `/${base}/generateQrCode/:id`,
      { config: { action: 'conversions:read', ...CLIENT_OWNED }, schema: { tags, summary: 'Code QR (PNG)', params: idParams, response: { 200: pngReply } } },
      async (req, reply) => {
        const row = await visibleRow(req.user!, req.params.id);
        return reply.type('image/png').send((await qrPng(row.qrcode)) as never);
      },
    );
    app.get(
      `/${base}/:id/exit-slip`,
      {
        config: { action: 'conversions:read', ...CLIENT_OWNED },
        schema: { tags, summary: 'Bon de sortie (PDF A4)', params: idParams, response: { 200: pdfReply } },
      },
      async (req, reply) => {
        const row = await visibleRow(req.user!, req.params.id);
        const conversion = await readConversion(kind, req.params.id);
        const pdf = await exitSlipPdf(app.db, await readCompany(app.db, app.config), kind, conversion, row.qrcode);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="bon_de_sortie_${req.params.id}.pdf"`)
          .send(pdf as never);
      },
    );
  }
}
