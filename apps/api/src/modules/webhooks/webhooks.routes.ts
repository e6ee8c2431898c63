import {
  queryInteger,
  WEBHOOK_DELIVERY_STATUS_CODES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS,
  WEBHOOK_MSG,
  type WebhookDeliveryStatus,
  webhookEndpointBody,
  type WebhookEndpointBody,
} from '@app/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit, diff } from '../../lib/audit/audit.repository';
import { mergeForUpdate, partialBody, pathId } from '../../lib/crud/schemas';
import { AppError, notFound, ok, paged } from '../../lib/http';
import { listReply, okReply } from '../../lib/replies';
import { urlProblem } from '../../lib/webhooks/address-guard';
import { purgeWebhooks } from '../../lib/webhooks/housekeeping';
import { webhookDeliveries, webhookEndpoints } from '../../lib/webhooks/webhooks.table';
import {
  cancelOpenDeliveries,
  deliveriesPage,
  deliveryDto,
  type EndpointRow,
  endpointDetail,
  endpointDto,
  endpointWithSecret,
  lastDeliveries,
  newWebhookSecret,
  queueRedelivery,
  queueTestDelivery,
} from './webhooks.service';

const iso = z.string();
const lastDelivery = z.object({ STATUS: z.enum(WEBHOOK_DELIVERY_STATUS_CODES), HTTP_STATUS: z.number().int().nullable(), AT: iso }).nullable();
const endpoint = z.object({
  ID: z.number().int(),
  URL: z.string(),
  DESCRIPTION: z.string().nullable(),
  EVENTS: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  ACTIVE: z.boolean(),
  STATE: z.enum(['active', 'disabled', 'paused']),
  PAUSED_AT: iso.nullable(),
  FAILING_SINCE: iso.nullable(),
  CREATED_AT: iso,
  UPDATED_AT: iso,
  LAST_DELIVERY: lastDelivery,
  SECRET_MASKED: z.string().meta({
    description: 'Le secret de signature masqué (whsec_… et ses 4 derniers caractères) : le secret entier n’est rendu qu’à la création et au renouvellement',
    example: 'whsec_…Xy9_',
  }),
});
/** Creation and rotation only: the whole secret, shown once (never again by any reply). */
const withSecret = endpoint.extend({
  SECRET: z.string().meta({ description: 'Le secret de signature entier (whsec_ et 43 caractères base64url), rendu cette seule fois : à conserver' }),
});
const delivery = z.object({
  ID: z.number().int(),
  EVENT_ID: z.string(),
  EVENT_TYPE: z.string(),
  ATTEMPT: z.number().int(),
  STATUS: z.enum(WEBHOOK_DELIVERY_STATUS_CODES),
  HTTP_STATUS: z.number().int().nullable(),
  DURATION_MS: z.number().int().nullable(),
  RESPONSE_EXCERPT: z.string().nullable(),
  ERROR: z.string().nullable(),
  CREATED_AT: iso,
  NEXT_ATTEMPT_AT: iso.nullable(),
});
const idParams = z.object({ id: pathId() });
const deliveryParams = z.object({ id: pathId(), deliveryId: pathId() });
const deliveriesQuery = z.object({
  page: queryInteger({ min: 1 }).optional(),
  rows: queryInteger({ min: 1, max: 100 }).optional(),
  status: z.enum(WEBHOOK_DELIVERY_STATUS_CODES, { error: 'Statut inconnu.' }).optional(),
});
const DELIVERIES_PAGE_SIZE = 20;

/** What an endpoint's audit entries record: the form's fields, never the secret. */
const audited = (e: EndpointRow) => ({ URL: e.url, DESCRIPTION: e.description, EVENTS: e.events, ACTIVE: e.active });

/**
 * Webhooks administration (the contract in webhooks-contract.md), admin only
 * (`webhooks:manage`): the endpoints, their secret, their delivery log, a test event, a redelivery and
 * the resume of an endpoint paused by the circuit breaker. Deliveries themselves are lib/webhooks'.
 */
export async function webhooksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { action: 'webhooks:manage' as const };
  const tags = ['webhooks'];
  app.jobs.housekeep('webhooks', () => purgeWebhooks(app.db));

  async function load(id: number): Promise<EndpointRow> {
    const [row] = await app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    if (!row) throw notFound();
    return row;
  }

  /** The URL judged as deliveries will judge it: https, public address (by literal and by DNS now). */
  async function checkUrl(url: string) {
    const problem = await urlProblem(url, app.config.WEBHOOKS_ALLOW_PRIVATE);
    if (problem) throw new AppError(422, problem, { URL: [problem] });
  }

  /** A whole endpoint's columns: a POST's body, or a PUT's sent fields over the stored ones. */
  const fields = (b: Omit<WebhookEndpointBody, 'EVENTS'> & { EVENTS: readonly string[] }) => ({
    url: b.URL,
    description: b.DESCRIPTION || null,
    events: [...new Set(b.EVENTS)],
    active: b.ACTIVE,
  });

  app.get(
    '/webhooks/events',
    {
      config,
      schema: {
        tags,
        summary: 'Événements auxquels un webhook peut s’abonner',
        response: { 200: okReply(z.array(z.object({ TYPE: z.string(), LABEL: z.string() }))) },
      },
    },
    async () => ok(WEBHOOK_EVENT_TYPES.map((type) => ({ TYPE: type, LABEL: WEBHOOK_EVENTS[type] }))),
  );

  app.get(
    '/webhooks',
    { config, schema: { tags, summary: 'Webhooks (leur secret masqué), avec leur dernière livraison', response: { 200: okReply(z.array(endpoint)) } } },
    async () => {
      const rows = await app.db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.id));
      const last = await lastDeliveries(
        app.db,
        rows.map((r) => r.id),
      );
      return ok(rows.map((r) => endpointDto(r, last.get(r.id) ?? null)));
    },
  );

  app.get(
    '/webhooks/:id',
    { config, schema: { tags, summary: 'Un webhook, son secret masqué', params: idParams, response: { 200: okReply(endpoint) } } },
    async (req) => ok(await endpointDetail(app.db, await load(req.params.id))),
  );

  app.post(
    '/webhooks',
    {
      config,
      schema: {
        tags,
        summary: 'Crée un webhook (URL https publique, événements) ; le secret généré est rendu cette seule fois',
        body: webhookEndpointBody,
        response: { 201: okReply(withSecret) },
      },
    },
    async (req, reply) => {
      await checkUrl(req.body.URL);
      const row = await app.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(webhookEndpoints)
          .values({ ...fields(req.body), secret: newWebhookSecret() })
          .returning();
        await audit(tx, req.user!, 'create', 'webhooks', created.id, audited(created));
        return created;
      });
      reply.code(201);
      return ok(await endpointWithSecret(app.db, row));
    },
  );

  app.put(
    '/webhooks/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Modifie un webhook (champs partiels acceptés) ; le désactiver annule ses livraisons en attente',
        params: idParams,
        body: partialBody(webhookEndpointBody),
        response: { 200: okReply(endpoint) },
      },
    },
    async (req) => {
      const body = req.body as Partial<WebhookEndpointBody>;
      // Judged before the row is locked: the check may ask the DNS.
      if (body.URL !== undefined) await checkUrl(body.URL);
      const row = await app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, req.params.id)).for('update');
        if (!before) throw notFound();
        const stored = audited(before);
        const sent = mergeForUpdate(webhookEndpointBody, stored, body) as Partial<WebhookEndpointBody>;
        const [after] = await tx
          .update(webhookEndpoints)
          .set({ ...fields({ ...stored, ...sent }), updatedAt: sql`now()` })
          .where(eq(webhookEndpoints.id, before.id))
          .returning();
        if (before.active && !after.active) await cancelOpenDeliveries(tx, after.id);
        const changes = diff(audited(before), audited(after));
        if (Object.keys(changes).length) await audit(tx, req.user!, 'update', 'webhooks', after.id, changes);
        return after;
      });
      return ok(await endpointDetail(app.db, row));
    },
  );

  app.delete(
    '/webhooks/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Supprime un webhook et son journal de livraisons',
        params: idParams,
        response: { 200: z.object({ success: z.literal(true), data: z.null(), message: z.string() }) },
      },
    },
    async (req) => {
      await app.db.transaction(async (tx) => {
        const [gone] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, req.params.id)).returning();
        if (!gone) throw notFound();
        await audit(tx, req.user!, 'delete', 'webhooks', gone.id, audited(gone));
      });
      return { success: true as const, data: null, message: WEBHOOK_MSG.deleted };
    },
  );

  app.post(
    '/webhooks/:id/secret',
    {
      config,
      schema: {
        tags,
        summary: 'Renouvelle le secret de signature (l’ancien cesse aussitôt de valoir) ; le nouveau est rendu cette seule fois',
        params: idParams,
        response: { 200: okReply(withSecret) },
      },
    },
    async (req) => {
      const row = await app.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(webhookEndpoints)
          .set({ secret: newWebhookSecret(), updatedAt: sql`now()` })
          .where(eq(webhookEndpoints.id, req.params.id))
          .returning();
        if (!updated) throw notFound();
        await audit(tx, req.user!, 'secret', 'webhooks', updated.id, { URL: updated.url });
        return updated;
      });
      return ok(await endpointWithSecret(app.db, row));
    },
  );

  app.post(
    '/webhooks/:id/test',
    {
      config,
      schema: {
        tags,
        summary: 'Envoie l’événement webhook.test à ce webhook seulement ; rend la livraison en attente',
        params: idParams,
        response: { 200: okReply(delivery) },
      },
    },
    async (req) => {
      const endpointRow = await load(req.params.id);
      const queued = await app.db.transaction((tx) => queueTestDelivery(tx, endpointRow));
      app.webhooks.wake();
      return ok(deliveryDto(queued));
    },
  );

  app.post(
    '/webhooks/:id/resume',
    {
      config,
      schema: {
        tags,
        summary: 'Reprend les envois d’un webhook mis en pause après une heure d’échecs ; ses livraisons en attente partent',
        params: idParams,
        response: { 200: okReply(endpoint) },
      },
    },
    async (req) => {
      const row = await app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, req.params.id)).for('update');
        if (!before) throw notFound();
        const [after] = await tx
          .update(webhookEndpoints)
          .set({ pausedAt: null, failingSince: null, consecutiveFailures: 0, updatedAt: sql`now()` })
          .where(eq(webhookEndpoints.id, before.id))
          .returning();
        // The waiting deliveries go out now, not at their next slot in the backoff.
        await tx.execute(sql`update webhook_deliveries set next_attempt_at = now() where endpoint_id = ${before.id} and status in ('pending', 'retrying')`);
        await audit(tx, req.user!, 'resume', 'webhooks', before.id, {
          PAUSED_AT: before.pausedAt?.toISOString() ?? null,
          FAILING_SINCE: before.failingSince?.toISOString() ?? null,
        });
        return after;
      });
      app.webhooks.wake();
      return ok(await endpointDetail(app.db, row));
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      config,
      schema: {
        tags,
        summary: 'Journal des livraisons d’un webhook, les plus récentes d’abord (20 par page)',
        params: idParams,
        querystring: deliveriesQuery,
        response: { 200: listReply(delivery) },
      },
    },
    async (req) => {
      await load(req.params.id);
      const page = req.query.page ?? 1;
      const perPage = req.query.rows ?? DELIVERIES_PAGE_SIZE;
      const { rows, total } = await deliveriesPage(app.db, req.params.id, page, perPage, req.query.status as WebhookDeliveryStatus | undefined);
      return paged(rows.map(deliveryDto), total, page, perPage);
    },
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config,
      schema: {
        tags,
        summary: 'Renvoie l’événement d’une livraison à ce webhook : une nouvelle livraison, en attente',
        params: deliveryParams,
        response: { 200: okReply(delivery) },
      },
    },
    async (req) => {
      const [from] = await app.db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, req.params.deliveryId), eq(webhookDeliveries.endpointId, req.params.id)));
      if (!from) throw notFound();
      const queued = await app.db.transaction((tx) => queueRedelivery(tx, from));
      app.webhooks.wake();
      return ok(deliveryDto(queued));
    },
  );
}
