import { ACCOUNT_CODES, BULK_LISTS, type BulkList, CLIENT_USER_MSG, INVITE_MAX_RECIPIENTS, MSG, queryInteger, ROLE, STAFF_MSG } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bulkDelete } from '../../lib/bulk/bulk.delete';
import { type BulkRun, registerBulk } from '../../lib/bulk/bulk.routes';
import { alreadySql, outcomeOf } from '../../lib/bulk/bulk.sql';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../lib/http';
import { publicOrigin } from '../../lib/public-origin';
import { assertInvitationTemplate, cannotSignIn, sendInvitations } from '../communication';
import { clientUserScope, clientUsers } from './client-users.resource';
import { SCOPE } from './staff.repository';
import { staffUsers } from './staff.resource';

const label = (a: string) => sql.raw(`(trim(${a}.lastname || ' ' || ${a}.firstname) || ' <' || ${a}.email || '>')`);

/**
 * STATUS of accounts, as PUT users/{id} STATUS does (staff.service.ts updateAccount): never one's own
 * deactivation, and every account whose status changes loses its sessions, back office and app (its
 * tokens die with it: revokeUserSessions' rule, written here as SQL for the whole batch).
 */
const status = (value: 0 | 1): BulkRun<never> => ({
  run: async ({ tx, ids, user }) =>
    outcomeOf(
      await tx.execute(sql`
        with t as (select a.id, ${label('a')} as label,
                     (case when ${value}::int = 0 and a.id = ${user.id}::int then ${STAFF_MSG.selfDeactivate}::text
                           -- A registration whose code matched no client is switched on once staff have chosen its client.
                           when ${value}::int = 1 and a.client_id is null and exists (select 1 from roles r where r.id = a.role_id and r.label = ${ROLE.patente}) then ${CLIENT_USER_MSG.requestNeedsClient}::text
                           else ${alreadySql(sql`a.status`, value, value ? 'Déjà actif.' : 'Déjà inactif.')} end) as reason
                   from users a where a.id = any(${sql.param(ids)}::int[]) order by a.id for update),
        u as (update users a set status = ${value}::smallint, updated_at = now() from t where a.id = t.id and t.reason is null returning a.id),
        s as (update sessions set revoked_at = now() where user_id in (select id from u) and revoked_at is null),
        f as (update app_sessions set revoked_at = now(), revoked_reason = 'rights' where user_id in (select id from u) and revoked_at is null)
        select id, label, reason from t order by id`),
    ),
});

/** The invitation mail (POST invite/mail's sendInvitations), to the accounts reached, after the commit. */
const invite: BulkRun<{ template_key: number }> = {
  example: { template_key: 1 },
  check: ({ tx, params }) => assertInvitationTemplate(tx, params.template_key),
  run: async ({ tx, ids }) => {
    if (ids.length > INVITE_MAX_RECIPIENTS) {
      const msg = `Trop d’utilisateurs à inviter en une fois (${INVITE_MAX_RECIPIENTS} au plus) : affinez la sélection.`;
      throw new AppError(422, msg, { ids: [msg] });
    }
    const all = rowsOf<{ id: number; label: string; email: string; status: number; validated_at: Date | string | null }>(
      await tx.execute(
        sql`select a.id, ${label('a')} as label, lower(a.email) as email, a.status, a.validated_at from users a where a.id = any(${sql.param(ids)}::int[]) order by a.id`,
      ),
    );
    // Only accounts that may sign in are invited: the others are said so, one row each.
    const refusalOf = (r: (typeof all)[number]) => cannotSignIn({ status: Number(r.status), validatedAt: r.validated_at ? new Date(r.validated_at) : null });
    const rows = all.filter((r) => !refusalOf(r)).map(({ id, label, email }) => ({ id, label, email }));
    const refused = all.flatMap((r) => {
      const reason = refusalOf(r);
      return reason ? [{ id: Number(r.id), label: r.label, reason }] : [];
    });
    return { changed: rows.map((r) => Number(r.id)), refused, carry: rows };
  },
  after: async ({ req, user, params, carry }) => {
    const rows = carry as { id: number; label: string; email: string }[];
    if (!rows.length) return [];
    const app = req.server;
    const failed = await sendInvitations(
      { db: app.db, mailer: app.mailer, log: req.log },
      { emails: rows.map((r) => r.email), templateId: params.template_key, invitedBy: user, baseUrl: publicOrigin(req), ip: req.ip },
    ).then(
      (r) => new Set(r.failed.map((f) => f.email.toLowerCase())),
      (err) => {
        if (err instanceof AppError && err.statusCode === 422 && err.errors?.emails) return new Set(rows.map((r) => r.email));
        throw err;
      },
    );
    return rows.filter((r) => failed.has(r.email)).map((r) => ({ id: Number(r.id), label: r.label, reason: 'Invitation non envoyée.' }));
  },
};

/** The chief's message for n clients, written in SQL from the domain's words (n > 1 reads the same but for n). */
const N = 987654321;
const chiefHasClients = (n: ReturnType<typeof sql>) =>
  sql`(case when ${n} = 1 then ${STAFF_MSG.chiefHasClients(1)}::text else replace(${STAFF_MSG.chiefHasClients(N)}::text, ${String(N)}, (${n})::text) end)`;

/** DELETE users/{id}: never one's own account, never a zone chief who still has clients; the rest as any delete. */
const remove: BulkRun<never> = {
  run: (ctx) => {
    const n = sql`(select count(*) from clients c where c.chef_zone_id = r.id)`;
    return bulkDelete({
      table: 'users',
      label: label('r'),
      refusal: sql`(case when r.id = ${ctx.user.id}::int then ${STAFF_MSG.selfDelete}::text when ${n} > 0 then ${chiefHasClients(n)} end)`,
      inUse: MSG.inUse('ce compte est encore utilisé'),
    }).run(ctx);
  },
};

export function usersBulkRoutes(app: FastifyInstance) {
  const userActions = { activate: status(ACCOUNT_CODES.ACTIVE), deactivate: status(ACCOUNT_CODES.INACTIVE), invite, delete: remove };
  registerBulk(app, {
    list: BULK_LISTS.users as BulkList,
    source: {
      resource: clientUsers as never,
      extraFilters: { status: queryInteger({ max: 1 }).optional() },
      slice: (user, filter) => clientUserScope(user, filter.status as number | undefined),
    },
    entity: 'users',
    tag: 'users',
    actions: userActions as never,
  });
  registerBulk(app, {
    list: BULK_LISTS.staffUsers as BulkList,
    source: { resource: staffUsers as never, slice: () => SCOPE.backOffice },
    entity: 'users',
    tag: 'users',
    actions: { activate: status(ACCOUNT_CODES.ACTIVE), deactivate: status(ACCOUNT_CODES.INACTIVE), delete: remove } as never,
  });
}
