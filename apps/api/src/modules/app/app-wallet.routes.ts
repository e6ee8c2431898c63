import { VOUCHER_CODES, VOUCHER_PURCHASE_STATUS } from '@app/domain';
import { and, asc, count, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, paged } from '../../lib/http';
import { okReply, pageMeta } from '../../lib/replies';
import { clients } from '../../lib/clients/clients.table';
import { voucherPurchases as v } from '../rewards';
import { appPageQuery, pageOf } from './app-paging';

/** Money as the back-office sends it (lib/crud/fields moneyField): a JSON number, exact to the millime. */
const money = (x: string | null) => (x == null ? 0 : Number(x));
const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());
const ORIGINS = ['gift', 'ristourne', 'voucher'] as const;
/** Where a voucher came from, as the back-office list says it (voucher-purchases.resource.ts ORIGIN). */
const origin = sql<
  (typeof ORIGINS)[number] | null
>`case when ${v.giftPurchaseId} is not null then 'gift' when ${v.ristourneYear} is not null then 'ristourne' when ${v.voucherId} is not null then 'voucher' end`;

/** ?status=: the app's words for VOUCHER_PURCHASE_STATUS 0 (Disponible) and 1 (Utilisé). */
const VOUCHER_FILTER = { available: 0, used: 1 } as const;

const voucherItem = z
  .object({
    ID: z.number().int(),
    VOCHER_REF: z.string(),
    SOLDE_USED: z.number(),
    STATUS: z.number().int(),
    STATUS_LABEL: z.string(),
    ORIGIN: z.enum(ORIGINS).nullable(),
    RISTOURNE_YEAR: z.number().int().nullable(),
    CREATED_AT: z.string(),
    SCAN_DATE: z.string().nullable(),
    /** The code the client shows at the counter to use the voucher; null once used. */
    QRCODE: z.string().nullable(),
  })
  .meta({
    example: {
      ID: 12,
      VOCHER_REF: 'VCH-2026-000012',
      SOLDE_USED: 20,
      STATUS: 0,
      STATUS_LABEL: 'Disponible',
      ORIGIN: 'gift',
      RISTOURNE_YEAR: null,
      CREATED_AT: '2026-11-20T09:15:00.000Z',
      SCAN_DATE: null,
      QRCODE: 'mF3k0v9yQ2p1Zr8sT4uW6xA7bC5dE0gH',
    },
  });

const rebateYear = z.object({
  YEAR: z.number().int(),
  VOCHER_REF: z.string(),
  AMOUNT: z.number(),
  STATUS: z.number().int(),
  STATUS_LABEL: z.string(),
  SCAN_DATE: z.string().nullable(),
});
const rebates = z
  .object({
    /** Every rebate the client was given, used or not (the client's RISTOURNE_N_1). */
    RISTOURNE_N_1: z.number(),
    /** What is left to use (RISTOURNE_RESTE) and what was used (RISTOURNE_CONSUMED): they add up to the total. */
    RISTOURNE_RESTE: z.number(),
    RISTOURNE_CONSUMED: z.number(),
    /** The last generated year's rebate (RISTOURNE_SOLDE_N_1). */
    RISTOURNE_SOLDE_N_1: z.number(),
    /** One card per generated year: its rebate voucher, newest year first. */
    YEARS: z.array(rebateYear),
  })
  .meta({
    example: {
      RISTOURNE_N_1: 350.5,
      RISTOURNE_RESTE: 120,
      RISTOURNE_CONSUMED: 230.5,
      RISTOURNE_SOLDE_N_1: 120,
      YEARS: [{ YEAR: 2025, VOCHER_REF: 'RIST-2025-000042', AMOUNT: 120, STATUS: 0, STATUS_LABEL: 'Disponible', SCAN_DATE: null }],
    },
  });

/**
 * The client's wallet on the app: its own vouchers (from a voucher
 * gift, the yearly rebate or the vouchers on offer), available or used, and its rebate cards, the
 * figures the client's detail page shows, kept by the writes that move them (voucher-purchases.service.ts).
 */
export async function appWalletRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/vouchers',
    {
      schema: {
        summary: 'Mes vouchers, les plus récents en premier (status=available : disponibles, status=used : utilisés), montants en dinars',
        querystring: appPageQuery.extend({ status: z.enum(['available', 'used']).optional() }),
        response: { 200: z.object({ success: z.literal(true), data: z.array(voucherItem), meta: pageMeta }) },
      },
    },
    async (req) => {
      const { page, perPage, offset } = pageOf(req.query);
      const conds: SQL[] = [eq(v.clientId, req.appUser!.clientId)];
      if (req.query.status) conds.push(eq(v.status, VOUCHER_FILTER[req.query.status]));
      const where = and(...conds);
      const [[{ n }], rows] = await Promise.all([
        app.db.select({ n: count() }).from(v).where(where),
        app.db
          .select({
            id: v.id,
            ref: v.voucherRef,
            solde: v.soldeUsed,
            status: v.status,
            origin,
            year: v.ristourneYear,
            createdAt: v.createdAt,
            scanDate: v.scanDate,
            qrcode: v.qrcode,
          })
          .from(v)
          .where(where)
          .orderBy(desc(v.createdAt), desc(v.id))
          .limit(perPage)
          .offset(offset),
      ]);
      const data = rows.map((r) => ({
        ID: r.id,
        VOCHER_REF: r.ref,
        SOLDE_USED: money(r.solde),
        STATUS: r.status,
        STATUS_LABEL: VOUCHER_PURCHASE_STATUS.label(r.status),
        ORIGIN: r.origin,
        RISTOURNE_YEAR: r.year,
        CREATED_AT: iso(r.createdAt)!,
        SCAN_DATE: iso(r.scanDate),
        QRCODE: r.status === VOUCHER_CODES.AVAILABLE ? r.qrcode : null,
      }));
      return paged(data, Number(n), page, perPage);
    },
  );

  app.get(
    '/rebates',
    { schema: { summary: 'Mes ristournes : total, reste, consommé, et une carte par année générée', response: { 200: okReply(rebates) } } },
    async (req) => {
      const clientId = req.appUser!.clientId;
      const [[c], years] = await Promise.all([
        app.db
          .select({ total: clients.ristourneN1, reste: clients.ristourneReste, consumed: clients.ristourneConsumed, last: clients.ristourneSoldeN1 })
          .from(clients)
          .where(eq(clients.id, clientId)),
        app.db
          .select({ year: v.ristourneYear, ref: v.voucherRef, amount: v.soldeUsed, status: v.status, scanDate: v.scanDate })
          .from(v)
          .where(and(eq(v.clientId, clientId), isNotNull(v.ristourneYear)))
          .orderBy(desc(v.ristourneYear), asc(v.id)),
      ]);
      return ok({
        RISTOURNE_N_1: money(c?.total ?? null),
        RISTOURNE_RESTE: money(c?.reste ?? null),
        RISTOURNE_CONSUMED: money(c?.consumed ?? null),
        RISTOURNE_SOLDE_N_1: money(c?.last ?? null),
        YEARS: years.map((y) => ({
          YEAR: y.year!,
          VOCHER_REF: y.ref,
          AMOUNT: money(y.amount),
          STATUS: y.status,
          STATUS_LABEL: VOUCHER_PURCHASE_STATUS.label(y.status),
          SCAN_DATE: iso(y.scanDate),
        })),
      });
    },
  );
}
