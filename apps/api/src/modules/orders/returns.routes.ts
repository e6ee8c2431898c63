import { type GoodsReturn, RETURN_MSG, returnBody, returnLineUpdateBody } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { compileResource } from '../../lib/crud/compile';
import { registerResource } from '../../lib/crud/crud.routes';
import { idParams } from '../../lib/crud/schemas';
import { AppError, notFound, ok } from '../../lib/http';
import { okReply } from '../../lib/replies';
import type { CurrentUser } from '../../lib/auth/current-user';
import { audit } from '../../lib/audit/audit.repository';
import { products } from '../catalogue';
import { CLIENT_OWNED, ownClients } from '../../lib/clients/client-ownership';
import { clients } from '../../lib/clients/clients.table';
import { returnOwner, returnsResource } from './returns.resource';
import { settleReturnPoints } from './returns.points';
import { nextReturnNumber } from './returns.service';
import { goodsReturnItems, goodsReturns } from './returns.table';

const compiled = compileResource(returnsResource);
const returnReply = okReply(compiled.dto as unknown as z.ZodType<GoodsReturn>);

/** The return, if this user may reach its client (`user` null: any). */
async function findReturn(db: Db, id: number, user: CurrentUser | null = null): Promise<GoodsReturn | null> {
  const [row] = await compiled
    .select(db)
    .rows.where(and(eq(goodsReturns.id, id), user ? returnOwner.scope(user) : undefined))
    .limit(1);
  if (!row) return null;
  const dto = compiled.toDto(row);
  await compiled.load(db, [dto]);
  return dto;
}

/** 422 naming the field when a client or a product does not exist (nothing is written). */
async function checkRefs(tx: Db, user: CurrentUser, clientId: number | undefined, productIds: { path: string; id: number }[]) {
  const errors: Record<string, string[]> = {};
  if (clientId !== undefined) {
    const [c] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.id, clientId), ownClients(user)));
    if (!c) errors.CLIENT_ID = [RETURN_MSG.clientUnknown];
  }
  if (productIds.length) {
    const found = new Set(
      (
        await tx
          .select({ id: products.id })
          .from(products)
          .where(
            inArray(
              products.id,
              productIds.map((p) => p.id),
            ),
          )
      ).map((p) => p.id),
    );
    for (const p of productIds) if (!found.has(p.id)) errors[p.path] = [RETURN_MSG.productUnknown];
  }
  const first = Object.values(errors)[0];
  if (first) throw new AppError(422, first[0], errors);
}

/**
 * Returned goods: the list, read and exports of the resource; a return
 * with its lines and its number in one transaction; one line changed; a return deleted with its lines.
 */
export async function returnsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['returns'];
  // Each write moves points (returns.points.ts): a replayed Idempotency-Key writes nothing twice.
  const write = { action: 'returns:write' as const, ...CLIENT_OWNED, idempotent: true };
  registerResource(app, returnsResource);

  app.post(
    '/retourMarchandises',
    {
      config: write,
      schema: {
        tags,
        summary: 'Créer un retour avec ses produits (un seul appel, numéro donné par le serveur)',
        body: returnBody,
        response: { 201: returnReply },
      },
    },
    async (req, reply) => {
      const { ADDRESS, CLIENT_ID, ITEMS } = req.body;
      const id = await app.db.transaction(async (tx) => {
        await checkRefs(
          tx,
          req.user!,
          CLIENT_ID,
          ITEMS.map((item, i) => ({ path: `ITEMS.${i}.PRODUCT_ID`, id: item.PRODUCT_ID })),
        );
        const numRetour = await nextReturnNumber(tx);
        const [created] = await tx
          .insert(goodsReturns)
          .values({ numRetour, clientId: CLIENT_ID, address: ADDRESS, authorId: req.user?.id ?? null, pointsDebited: 0 })
          .returning({ id: goodsReturns.id });
        const prices = new Map(
          (
            await tx
              .select({ id: products.id, price: products.priceTtc, points: products.points })
              .from(products)
              .where(
                inArray(
                  products.id,
                  ITEMS.map((i) => i.PRODUCT_ID),
                ),
              )
          ).map((p) => [p.id, p]),
        );
        await tx.insert(goodsReturnItems).values(
          ITEMS.map((item) => ({
            returnId: created.id,
            productId: item.PRODUCT_ID,
            qte: item.QTE,
            uv: item.UV,
            productPrice: prices.get(item.PRODUCT_ID)!.price,
            productPoints: prices.get(item.PRODUCT_ID)!.points,
          })),
        );
        await settleReturnPoints(tx, created.id, req.user);
        await audit(tx, req.user, 'create', 'retourMarchandises', created.id, { NUM_RETOUR: numRetour, ADDRESS, CLIENT_ID, ITEMS });
        return created.id;
      });
      reply.code(201);
      return ok((await findReturn(app.db, id))!);
    },
  );

  app.put(
    '/retourMarchandises/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Modifier une ligne (id, QTE, UV, PRODUCT_ID) ; CLIENT_ID rattache le retour à ce client',
        params: idParams,
        body: returnLineUpdateBody,
        response: { 200: returnReply },
      },
    },
    async (req) => {
      const returnId = req.params.id;
      const { id: lineId, QTE, UV, PRODUCT_ID, CLIENT_ID } = req.body;
      await app.db.transaction(async (tx) => {
        const before = await findReturn(tx, returnId, req.user);
        if (!before) throw notFound();
        const line = before.ITEMS.find((i) => i.id === lineId);
        if (!line) throw new AppError(422, RETURN_MSG.lineUnknown, { id: [RETURN_MSG.lineUnknown] });
        if (PRODUCT_ID !== line.PRODUCT_ID && before.ITEMS.some((i) => i.PRODUCT_ID === PRODUCT_ID)) {
          throw new AppError(422, RETURN_MSG.productTwice, { PRODUCT_ID: [RETURN_MSG.productTwice] });
        }
        await checkRefs(tx, req.user!, CLIENT_ID ?? undefined, [{ path: 'PRODUCT_ID', id: PRODUCT_ID }]);
        const [product] = await tx.select({ price: products.priceTtc, points: products.points }).from(products).where(eq(products.id, PRODUCT_ID));
        const productChanged = PRODUCT_ID !== line.PRODUCT_ID;
        await tx
          .update(goodsReturnItems)
          .set({ qte: QTE, uv: UV, productId: PRODUCT_ID, ...(productChanged ? { productPrice: product.price, productPoints: product.points } : {}) })
          .where(and(eq(goodsReturnItems.id, lineId), eq(goodsReturnItems.returnId, returnId)));
        if (CLIENT_ID && CLIENT_ID !== before.CLIENT_ID)
          await tx.update(goodsReturns).set({ clientId: CLIENT_ID, updatedAt: new Date() }).where(eq(goodsReturns.id, returnId));
        await settleReturnPoints(tx, returnId, req.user);
        await audit(tx, req.user, 'update', 'retourMarchandises', returnId, {
          line: lineId,
          QTE: [line.QTE, QTE],
          UV: [line.UV, UV],
          PRODUCT_ID: [line.PRODUCT_ID, PRODUCT_ID],
          ...(CLIENT_ID && CLIENT_ID !== before.CLIENT_ID ? { CLIENT_ID: [before.CLIENT_ID, CLIENT_ID] } : {}),
        });
      });
      return ok((await findReturn(app.db, returnId))!);
    },
  );

  app.delete(
    '/retourMarchandises/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Supprimer un retour et ses lignes (son numéro n’est jamais réutilisé)',
        params: idParams,
        response: { 200: okReply(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => {
      const { id } = req.params;
      await app.db.transaction(async (tx) => {
        const before = await findReturn(tx, id, req.user);
        if (!before) throw notFound();
        await settleReturnPoints(tx, id, req.user, { deleting: true });
        await tx.delete(goodsReturns).where(eq(goodsReturns.id, id));
        await audit(tx, req.user, 'delete', 'retourMarchandises', id, before as unknown as Record<string, unknown>);
      });
      return ok({ id });
    },
  );
}
