import { manualPurchaseBody, qrReceiveBody, type VoucherPurchase, voucherPurchaseStatusBody } from '@app/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { compileResource } from '../../lib/crud/compile';
import { registerResource } from '../../lib/crud/crud.routes';
import { deletedReply, idParams } from '../../lib/crud/schemas';
import { notFound, ok } from '../../lib/http';
import { okReply } from '../../lib/replies';
import { statusMoveReplies } from '../../lib/status-rule';
import { CLIENT_OWNED, ownClients } from '../../lib/clients/client-ownership';
import { clients } from '../../lib/clients/clients.table';
import { voucherPurchasesResource } from './voucher-purchases.resource';
import { consumeByScan, consumeManually, deleteVoucher, setVoucherStatus } from './voucher-purchases.service';
import { voucherPurchases } from './vouchers.table';

/**
 * Clients' vouchers: consumed by staff with a reason (all listed or
 * none), by a scan of their QR code, corrected or deleted.
 */
export async function voucherPurchasesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['vouchers'];
  const read = { action: 'voucher-purchases:read' as const, ...CLIENT_OWNED };
  const write = { action: 'voucher-purchases:write' as const, ...CLIENT_OWNED };
  /** Consuming a voucher (or giving it back) moves value: these honour an Idempotency-Key (lib/idempotency). */
  const spend = { ...write, idempotent: true };
  registerResource(app, voucherPurchasesResource);
  const r = compileResource(voucherPurchasesResource);
  const listReply = okReply(z.array(r.dto as unknown as z.ZodType<VoucherPurchase>));
  const oneReply = okReply(r.dto as unknown as z.ZodType<VoucherPurchase>);
  const tx = <T>(fn: (t: Db) => Promise<T>) => app.db.transaction((t) => fn(t));
  const readOne = async (id: number) => r.toDto((await r.select(app.db).rows.where(eq(voucherPurchases.id, id)).limit(1))[0]);

  app.get(
    '/vocher-purchases/client/:code',
    {
      config: read,
      schema: {
        tags,
        summary: "Les vouchers d'un client (disponibles d'abord)",
        params: z.object({ code: z.string().trim().min(1).max(30) }),
        response: { 200: listReply },
      },
    },
    async (req) => {
      const [client] = await app.db
        .select({ id: clients.id })
        .from(clients)
        .where(and(sql`lower(${clients.code}) = lower(${req.params.code})`, ownClients(req.user!)));
      if (!client) throw notFound();
      const rows = await r
        .select(app.db)
        .rows.where(eq(voucherPurchases.clientId, client.id))
        .orderBy(asc(voucherPurchases.status), asc(voucherPurchases.createdAt), asc(voucherPurchases.id));
      return ok(rows.map(r.toDto));
    },
  );
  app.post(
    '/vocher-purchases/manualPurchase',
    {
      config: spend,
      schema: {
        tags,
        summary: 'Consommer des vouchers avec un motif (tous ou aucun)',
        body: manualPurchaseBody,
        response: { 200: listReply, ...statusMoveReplies },
      },
    },
    async (req) => {
      await tx((t) => consumeManually(t, req.user!, req.body.VOCHERS_PURCHASES, req.body.MANUAL_REASON));
      const rows = await Promise.all([...new Set(req.body.VOCHERS_PURCHASES)].map(readOne));
      return ok(rows);
    },
  );
  app.post(
    '/vocher-purchases/scan',
    {
      config: spend,
      schema: {
        tags,
        summary: 'Consommer un voucher par son code QR (une seule fois)',
        body: qrReceiveBody,
        response: { 200: oneReply, ...statusMoveReplies },
      },
    },
    async (req) => {
      const id = await tx((t) => consumeByScan(t, req.user!, req.body.QRCODE));
      return ok(await readOne(id));
    },
  );
  app.put(
    '/vocher-purchases/:id',
    {
      config: spend,
      schema: {
        tags,
        summary: 'Statut (0 disponible, 1 utilisé)',
        params: idParams,
        body: voucherPurchaseStatusBody,
        response: { 200: oneReply, ...statusMoveReplies },
      },
    },
    async (req) => {
      await tx((t) => setVoucherStatus(t, req.user!, req.params.id, req.body.STATUS));
      return ok(await readOne(req.params.id));
    },
  );
  app.delete(
    '/vocher-purchases/all/:id',
    { config: write, schema: { tags, summary: 'Supprimer un voucher client', params: idParams, response: { 200: deletedReply } } },
    async (req) => {
      await tx((t) => deleteVoucher(t, req.user!, req.params.id));
      return ok({ id: req.params.id });
    },
  );
}
