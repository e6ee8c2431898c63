import { formatMoney } from '@app/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPORT_CONTENT_TYPES, type ExportColumn, sendExport } from '../../lib/exports';
import { ok } from '../../lib/http';
import { fileReply, okReply } from '../../lib/replies';
import { type LiabilityExportRow, liabilityExportRows, programmeLiability, verifyLedger } from './ledger-verify';

const int = z.number().int();
const offender = z.object({ CLIENT: z.string(), NAME: z.string().nullable(), EXPECTED: int, FOUND: int, DETAIL: z.string().nullable() });
const check = z.object({ KEY: z.string(), LABEL: z.string(), OK: z.boolean(), COUNT: int, PENDING: int, OFFENDERS: z.array(offender) });
const reportReply = okReply(z.object({ OK: z.boolean(), CHECKED_AT: z.string(), CHECKS: z.array(check) }));
const row = z.object({ KEY: z.string().nullable(), LABEL: z.string(), CLIENTS: int, POINTS: int, MILLIMES: int });
const liabilityReply = okReply(
  z.object({
    POINT_VALUE: int,
    TOTAL: z.object({ CLIENTS: int, POINTS: int, MILLIMES: int }),
    GROUPS: z.object({ chef_zone: z.array(row), badge: z.array(row), activity: z.array(row), expiry_month: z.array(row) }),
  }),
);
const EXPORTS = { csv: EXPORT_CONTENT_TYPES.csv, xlsx: EXPORT_CONTENT_TYPES.xlsx };
const columns: ExportColumn<LiabilityExportRow>[] = [
  { header: 'Regroupement', value: (r) => r.GROUPING, width: 1.2 },
  { header: 'Groupe', value: (r) => r.LABEL, width: 2 },
  { header: 'Clients', value: (r) => r.CLIENTS },
  { header: 'Points', value: (r) => r.POINTS },
  { header: 'Équivalent (DT)', value: (r) => formatMoney(r.MILLIMES / 1000), width: 1.3 },
];

/**
 * « Contrôle du registre » and the programme's liability, admin only (`ledger:read`):
 * the ledger's invariants (reported, never fixed) and the outstanding points with their DT value.
 */
export async function ledgerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { action: 'ledger:read' as const };
  const tags = ['points'];
  app.get(
    '/ledger/verify',
    {
      config,
      schema: {
        tags,
        summary: 'Contrôle du registre des points : chaque invariant, son nombre d’anomalies et les premières (lecture seule)',
        response: { 200: reportReply },
      },
    },
    async () => ok(await verifyLedger(app.db)),
  );
  app.get(
    '/ledger/liability',
    {
      config,
      schema: {
        tags,
        summary: 'Passif du programme : points en cours et équivalent en millimes, au total et par chef de zone, badge, activité, mois d’expiration',
        response: { 200: liabilityReply },
      },
    },
    async () => ok(await programmeLiability(app.db)),
  );
  app.get(
    '/ledger/liability/export/:format',
    {
      config,
      schema: {
        tags,
        summary: 'Export du passif du programme (CSV, XLSX)',
        params: z.object({ format: z.enum(['csv', 'xlsx']) }),
        response: { 200: fileReply(EXPORTS) },
      },
    },
    async (req, reply) => {
      const rows = liabilityExportRows(await programmeLiability(app.db));
      async function* source() {
        yield* rows;
      }
      return sendExport(reply as FastifyReply, {
        format: req.params.format,
        fileName: 'passif_programme',
        title: 'Passif du programme',
        orientation: 'portrait',
        columns,
        rows: source(),
      });
    },
  );
}
