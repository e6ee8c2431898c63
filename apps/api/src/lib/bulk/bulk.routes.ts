import { type AuditAction, type AuditEntity, BULK_MSG, BULK_REFUSED_SHOWN, type BulkList, type BulkRefusal, bulkBody, canBulk } from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { CurrentUser } from '../auth/current-user';
import { audit } from '../audit/audit.repository';
import { AppError, ok } from '../http';
import { okReply } from '../replies';
import { type BulkFilterValue, type BulkSource, filterSchema, resolveTarget } from './bulk.target';

/** What one action did to the rows it was given: the ids it changed, the rows it refused and why. */
export interface BulkOutcome {
  changed: number[];
  refused: BulkRefusal[];
  /** What `after` needs of the statement (the invitations' addresses). */
  carry?: unknown;
}

export interface BulkContext<P> {
  tx: Db;
  user: CurrentUser;
  /** The rows reached (ascending): the action checks each as the single action does, in SQL. */
  ids: number[];
  params: P;
  req: FastifyRequest;
}

export interface BulkRun<P = Record<string, never>> {
  /**
   * The params' checks against the database (a template, a badge, a zone chief that must exist), in the
   * call's transaction before its rows are resolved: a bad parameter is the same 422 whatever rows the
   * call reaches, none included.
   */
  check?: (ctx: { tx: Db; params: P }) => Promise<void>;
  run: (ctx: BulkContext<P>) => Promise<BulkOutcome>;
  /** The params of /api/docs' example. */
  example?: P extends Record<string, never> ? never : Record<string, unknown>;
  /** Work after the commit (the invitation mails): never inside the rows' transaction. */
  after?: (ctx: { req: FastifyRequest; user: CurrentUser; changed: number[]; params: P; carry: unknown }) => Promise<BulkRefusal[]>;
}

const bulkReply = okReply(
  z.object({
    matched: z.number().int(),
    changed: z.number().int(),
    refused: z.array(z.object({ id: z.number().int(), label: z.string(), reason: z.string() })),
    refusedCount: z.number().int(),
  }),
).meta({
  example: { success: true, data: { matched: 3, changed: 2, refused: [{ id: 31, label: 'C0031 Café du Port', reason: 'Introuvable' }], refusedCount: 1 } },
});

/**
 * The bulk routes of one list: POST /api/<path>/bulk/<action> for each action the
 * domain declares (`list.actions`), each needing that action's permission (the generated role tests
 * cover each) and its role rule, idempotent under an Idempotency-Key. One transaction per call: the
 * rows are resolved (ids or the list's filter, under the list's scope), the action's set-based
 * statement changes the accepted rows and says why it refused the others, and ONE audit entry names
 * the rows changed and the params.
 */
export function registerBulk(
  fastify: FastifyInstance,
  opts: { list: BulkList; source: BulkSource; entity: AuditEntity; tag: string; ownedBy?: string; actions: Record<string, BulkRun<never>> },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const filter = filterSchema(opts.source);
  // The web builds its `filter` from the domain's declaration: it must name the parameters this list's GET takes.
  const keys = (schema: unknown) =>
    Object.keys((schema as { shape: object }).shape)
      .sort()
      .join(',');
  if (keys(filter) !== keys(opts.list.filter))
    throw new Error(`${opts.list.path} : filtre du domaine (${keys(opts.list.filter)}) ≠ filtre de la liste (${keys(filter)})`);
  for (const action of opts.list.actions) {
    const impl = opts.actions[action.key] as BulkRun<Record<string, unknown>> | undefined;
    if (!impl) throw new Error(`${opts.list.path} : action groupée ${action.key} sans implémentation`);
    const body = bulkBody(filter, action.params ?? {}).meta({ example: { ids: [12, 15, 31], ...(impl.example ?? {}) } });
    app.post(
      `/${opts.list.path}/bulk/${action.key}`,
      {
        config: { action: action.permission, idempotent: true, ...(opts.ownedBy ? { ownedBy: opts.ownedBy } : {}) },
        schema: {
          tags: [opts.tag],
          summary: `Action groupée « ${action.label} » sur les ${opts.list.plural} cochés (ids) ou tous ceux du filtre de la liste (filter)`,
          description:
            'Une transaction ; chaque ligne est vérifiée comme par l’action unitaire (droits, zone, règle de statut) ; les lignes refusées sont listées avec leur motif (200 au plus, refusedCount les compte toutes) ; une seule entrée au journal d’audit. ' +
            `Plus de 100 000 lignes : 422 « ${BULK_MSG.tooMany} »`,
          body,
          response: { 200: bulkReply },
        },
      },
      async (req) => {
        const user = req.user!;
        if (!canBulk(user.role, action)) throw new AppError(403, BULK_MSG.forRole);
        const { ids: sent, filter: sentFilter, ...params } = req.body as { ids?: number[]; filter?: BulkFilterValue } & Record<string, unknown>;
        const result = await app.db.transaction(async (tx) => {
          await impl.check?.({ tx, params });
          const target = await resolveTarget(tx, opts.source, user, { ids: sent, filter: sentFilter });
          const done = target.ids.length ? await impl.run({ tx, user, ids: target.ids, params, req }) : { changed: [], refused: [] };
          await audit(tx, user, `bulk:${action.key}` as AuditAction, opts.entity, null, {
            ids: done.changed,
            params,
            matched: target.matched,
            refused: target.missing.length + done.refused.length,
            ...(sentFilter ? { filter: sentFilter } : {}),
          });
          return { target, done };
        });
        // The step after the commit (a mail) concerns the rows changed: with none, there is nothing to do.
        const late =
          impl.after && result.done.changed.length ? await impl.after({ req, user, changed: result.done.changed, params, carry: result.done.carry }) : [];
        const refused = [...result.target.missing, ...result.done.refused, ...late].sort((a, b) => a.id - b.id);
        return ok({
          matched: result.target.matched,
          changed: result.done.changed.length - late.length,
          refused: refused.slice(0, BULK_REFUSED_SHOWN),
          refusedCount: refused.length,
        });
      },
    );
  }
}
