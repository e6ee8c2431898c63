import { ACCOUNT_CODES, BULK_LISTS, CLIENT_STATUS, INVITATION_MSG, INVITE_MAX_RECIPIENTS, ROLE } from '@app/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { type BulkContext, type BulkOutcome, type BulkRun, registerBulk } from '../../lib/bulk/bulk.routes';
import { bulkDelete } from '../../lib/bulk/bulk.delete';
import { alreadySql, outcomeOf, statusRefusalSql } from '../../lib/bulk/bulk.sql';
import { rowsOf } from '../../db/rows';
import { compileResource } from '../../lib/crud/compile';
import { idIn } from '../../lib/crud/list-query';
import { AppError } from '../../lib/http';
import { badges } from '../../lib/clients/badges.table';
import { applyPoints } from '../loyalty';
import { publicOrigin } from '../../lib/public-origin';
import { assertInvitationTemplate, sendInvitations } from '../communication';
import { assertZoneChief, CLIENT_OWNED } from '../../lib/clients/client-ownership';
import { clientEventsSql } from './clients.events';
import { clientsResource } from './clients.resource';
import { clients } from '../../lib/clients/clients.table';
import { sqlCode } from '../../db/codes';

const BULK_CLIENT_MSG = {
  active: 'Déjà actif.',
  inactive: 'Déjà inactif.',
  sameChief: 'Déjà affecté à ce chef de zone.',
  noChief: 'Déjà sans chef de zone.',
  sameBadge: 'A déjà ce badge.',
  badgeNotFound: 'Badge introuvable.',
  noUser: 'Aucun utilisateur à inviter.',
  tooManyInvites: `Trop d’utilisateurs à inviter en une fois (${INVITE_MAX_RECIPIENTS} au plus) : affinez la sélection.`,
  mailFailed: 'Invitation non envoyée.',
} as const;

const label = sql`(c.code_client || ' ' || c.name)`;

/**
 * One statement: the rows locked with their label and refusal (`reason`, null when accepted), the
 * accepted ones changed by `set`, one client.updated event each, and every row's outcome.
 */
async function setOnClients({ tx, ids }: BulkContext<unknown>, set: SQL, reason: SQL): Promise<BulkOutcome> {
  const res = await tx.execute(sql`
    with t as (select c.id, ${label} as label, ${reason} as reason from clients c where c.id = any(${sql.param(ids)}::int[]) order by c.id for update),
    u as (update clients c set ${set}, updated_at = now() from t where c.id = t.id and t.reason is null returning c.*),
    ev as (${clientEventsSql('client.updated', 'u')})
    select id, label, reason from t order by id`);
  return outcomeOf(res);
}

const flag = (value: 0 | 1): BulkRun<never> => ({
  run: (ctx) =>
    setOnClients(ctx, sql`is_active = ${value}::smallint`, alreadySql(sql`c.is_active`, value, value ? BULK_CLIENT_MSG.active : BULK_CLIENT_MSG.inactive)),
});

const status: BulkRun<{ STATUS: number }> = {
  example: { STATUS: 1 },
  run: (ctx) => {
    const to = ctx.params.STATUS;
    const from = CLIENT_STATUS.codes.filter((c) => CLIENT_STATUS.canMove(c, to));
    return setOnClients(ctx, sql`status = ${to}::smallint`, statusRefusalSql(CLIENT_STATUS, sql`c.status`, to, from));
  },
};

const chefZone: BulkRun<{ CHEF_ZONE_ID: number | null }> = {
  example: { CHEF_ZONE_ID: 3 },
  // The form's rule: a client's chief is a zone chief's account (422 before anything is written).
  check: ({ tx, params }) => assertZoneChief(tx, params.CHEF_ZONE_ID),
  run: async (ctx) => {
    const chief = ctx.params.CHEF_ZONE_ID;
    const same = sql`(case when c.chef_zone_id is not distinct from ${chief}::int then ${chief === null ? BULK_CLIENT_MSG.noChief : BULK_CLIENT_MSG.sameChief}::text end)`;
    return setOnClients(ctx, sql`chef_zone_id = ${chief}::int`, same);
  },
};

/** The badge given, or the 422 naming BADGES_ID. */
async function badgeOf(tx: Db, id: number) {
  const [b] = await tx.select({ name: badges.name, bonus: badges.bonusBadge }).from(badges).where(eq(badges.id, id));
  if (!b) throw new AppError(422, BULK_CLIENT_MSG.badgeNotFound, { BADGES_ID: [BULK_CLIENT_MSG.badgeNotFound] });
  return b;
}

/**
 * The badge, then its BONUS_BADGE credited through the ledger (applyPoints: one statement for every
 * client, the lots trigger and points.changed alike) to the clients that never had it credited, as
 * the single change does (clients.writes.ts creditBadge); the client.updated events last, so they
 * carry the new balance.
 */
const badge: BulkRun<{ BADGES_ID: number }> = {
  example: { BADGES_ID: 2 },
  check: async ({ tx, params }) => {
    await badgeOf(tx, params.BADGES_ID);
  },
  run: async ({ tx, ids, user, params }) => {
    const b = await badgeOf(tx, params.BADGES_ID);
    const res = await tx.execute(sql`
      with t as (select c.id, ${label} as label, (case when c.badge_id is not distinct from ${params.BADGES_ID}::int then ${BULK_CLIENT_MSG.sameBadge}::text end) as reason
                 from clients c where c.id = any(${sql.param(ids)}::int[]) order by c.id for update),
      u as (update clients c set badge_id = ${params.BADGES_ID}::int, updated_at = now() from t where c.id = t.id and t.reason is null returning c.id)
      select id, label, reason from t order by id`);
    const out = outcomeOf(res);
    if (out.changed.length && b.bonus > 0) {
      await applyPoints(
        tx,
        sql`${idIn(clients.id, out.changed)} and not exists (select 1 from points_ledger l where l.client_id = ${clients.id} and l.source = 'badge' and l.source_id = ${params.BADGES_ID}::int)`,
        { amount: b.bonus, source: 'badge', sourceId: params.BADGES_ID, reason: `Badge « ${b.name} » attribué`, authorId: user.id },
      );
    }
    if (out.changed.length)
      await tx.execute(sql`with u as (select * from clients where id = any(${sql.param(out.changed)}::int[])) ${clientEventsSql('client.updated', 'u')}`);
    return out;
  },
};

/** The offer of points to many clients (loyalty's POST users/offerPoints/clients): applyPoints, source offer. */
const points: BulkRun<{ points: number; reason: string }> = {
  example: { points: 50, reason: 'Opération printemps' },
  run: async ({ tx, ids, user, params }) => {
    const rows = await applyPoints(tx, idIn(clients.id, ids), { amount: params.points, source: 'offer', reason: params.reason, authorId: user.id });
    return { changed: rows.map((r) => r.id), refused: [] };
  },
};

/**
 * The clients' mobile-app users (role patente) get the invitation mail, as POST invite/mail sends it
 * (sendInvitations: one link and one `invitations` row per address), after the commit. A client
 * without a user is refused; one whose every mail failed too.
 */
const invite: BulkRun<{ template_key: number }> = {
  example: { template_key: 1 },
  check: ({ tx, params }) => assertInvitationTemplate(tx, params.template_key),
  run: async ({ tx, ids }) => {
    // Only users who may sign in are invited (STATUS 1); the others are counted to say why a client got none.
    const res = await tx.execute(sql`
      select c.id, ${label} as label,
             coalesce(array_agg(lower(u.email) order by u.id) filter (where u.status = ${sqlCode(ACCOUNT_CODES.ACTIVE)}), '{}') as emails,
             count(u.id) filter (where u.status <> ${sqlCode(ACCOUNT_CODES.ACTIVE)} and u.validated_at is null)::int as not_validated,
             count(u.id) filter (where u.status <> ${sqlCode(ACCOUNT_CODES.ACTIVE)} and u.validated_at is not null)::int as disabled
      from clients c
      left join users u on u.client_id = c.id and u.role_id = (select id from roles where label = ${ROLE.patente})
      where c.id = any(${sql.param(ids)}::int[]) group by c.id order by c.id`);
    const rows = rowsOf<{ id: number; label: string; emails: string[]; not_validated: number; disabled: number }>(res);
    const withUsers = rows.filter((r) => r.emails.length);
    if (withUsers.reduce((n, r) => n + r.emails.length, 0) > INVITE_MAX_RECIPIENTS)
      throw new AppError(422, BULK_CLIENT_MSG.tooManyInvites, { ids: [BULK_CLIENT_MSG.tooManyInvites] });
    const whyNone = (r: (typeof rows)[number]) =>
      Number(r.not_validated) > 0 ? INVITATION_MSG.notValidated : Number(r.disabled) > 0 ? INVITATION_MSG.disabled : BULK_CLIENT_MSG.noUser;
    return {
      changed: withUsers.map((r) => Number(r.id)),
      refused: rows.filter((r) => !r.emails.length).map((r) => ({ id: Number(r.id), label: r.label, reason: whyNone(r) })),
      carry: withUsers.map(({ id, label, emails }) => ({ id, label, emails })),
    };
  },
  after: async ({ req, user, params, carry }) => {
    const rows = carry as { id: number; label: string; emails: string[] }[];
    if (!rows.length) return [];
    const app = req.server;
    const failed = await sendInvitations(
      { db: app.db, mailer: app.mailer, log: req.log },
      { emails: rows.flatMap((r) => r.emails), templateId: params.template_key, invitedBy: user, baseUrl: publicOrigin(req), ip: req.ip },
    ).then(
      (r) => new Set(r.failed.map((f) => f.email.toLowerCase())),
      (err) => {
        // Every mail failed (sendInvitations' 422): each client is refused; another error stays one.
        if (err instanceof AppError && err.statusCode === 422 && err.errors?.emails) return new Set(rows.flatMap((r) => r.emails));
        throw err;
      },
    );
    return rows.filter((r) => r.emails.every((e) => failed.has(e))).map((r) => ({ id: Number(r.id), label: r.label, reason: BULK_CLIENT_MSG.mailFailed }));
  },
};

/** Delete as DELETE clients/{id} does: a client still held by users, points, orders… stays (409 there, refused here). */
const remove = bulkDelete({ table: 'clients', label: sql`(r.code_client || ' ' || r.name)`, inUse: clientsResource.inUseMessage, mediaEntity: 'clients' });

export function clientsBulkRoutes(app: FastifyInstance) {
  registerBulk(app, {
    list: BULK_LISTS.clients,
    source: { resource: compileResource(clientsResource) as never },
    entity: 'clients',
    tag: 'clients',
    ownedBy: CLIENT_OWNED.ownedBy,
    actions: { activate: flag(1), deactivate: flag(0), status, 'chef-zone': chefZone, badge, points, invite, delete: remove } as never,
  });
}
