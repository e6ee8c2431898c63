import { CLIENT_MESSAGES, canChangeBadge, ROLE } from '@app/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/http';
import type { CurrentUser } from '../../lib/auth/current-user';
import { roles, users } from '../../lib/auth/accounts.table';
import { badges } from '../../lib/clients/badges.table';
import { pointsLedger } from '../loyalty';
import { applyPoints } from '../loyalty';
import { clients } from '../../lib/clients/clients.table';
import { recordClientEvent } from './clients.events';

/**
 * A badge newly held by a client credits its BONUS_BADGE once (per client and badge, whatever later
 * changes of badge happen), through the ledger, in the caller's transaction.
 */
export async function creditBadge(tx: Db, clientId: number, badgeId: number, user: CurrentUser): Promise<void> {
  const [badge] = await tx.select({ name: badges.name, bonus: badges.bonusBadge }).from(badges).where(eq(badges.id, badgeId));
  if (!badge || badge.bonus <= 0) return;
  const [already] = await tx
    .select({ id: pointsLedger.id })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.clientId, clientId), eq(pointsLedger.source, 'badge'), eq(pointsLedger.sourceId, badgeId)))
    .limit(1);
  if (already) return;
  await applyPoints(tx, eq(clients.id, clientId), {
    amount: badge.bonus,
    source: 'badge',
    sourceId: badgeId,
    reason: `Badge « ${badge.name} » attribué`,
    authorId: user.id,
  });
}

/**
 * Attaches the listed users (the client's accounts on the mobile app, role patente) to the client.
 * A user already attached to another client, or a staff account, is refused: nothing is written.
 */
async function attachUsers(tx: Db, clientId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const found = await tx
    .select({ id: users.id, clientId: users.clientId, role: roles.label })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(inArray(users.id, ids));
  const wrong = ids.filter((id) => {
    const u = found.find((f) => f.id === id);
    return !u || u.role !== ROLE.patente || (u.clientId !== null && u.clientId !== clientId);
  });
  if (wrong.length) {
    const message = 'Utilisateur introuvable, déjà rattaché à un autre client, ou qui n’est pas un utilisateur client.';
    throw new AppError(422, message, { USERS: [message] });
  }
  await tx.update(users).set({ clientId, updatedAt: sql`now()` }).where(inArray(users.id, ids));
}

/**
 * A badge credits points: a user whose role may not write points (a zone chief) may not change it.
 * Setting the badge the client already has (the form sends it back unchanged) is no change; on a
 * create, any badge is one. 403 before anything is written.
 */
export function assertMayChangeBadge(user: CurrentUser, before: number | null | undefined, after: unknown): void {
  if (after === undefined || canChangeBadge(user.role)) return;
  if ((after ?? null) !== (before ?? null)) throw new AppError(403, CLIENT_MESSAGES.badgeForbidden);
}

/** After the generic create and update of a client (crud afterWrite): users, badge credit, webhook event. */
export async function afterClientWrite(
  tx: Db,
  ctx: { id: number; body: Record<string, unknown>; before: { BADGES_ID: number | null } | null; user: CurrentUser },
): Promise<void> {
  if (Array.isArray(ctx.body.USERS)) await attachUsers(tx, ctx.id, ctx.body.USERS as number[]);
  const badge = ctx.body.BADGES_ID as number | null | undefined;
  if (badge && badge !== ctx.before?.BADGES_ID) await creditBadge(tx, ctx.id, badge, ctx.user);
  // Last, so the payload shows the row as committed (a badge's points included).
  await recordClientEvent(tx, ctx.before ? 'client.updated' : 'client.created', ctx.id);
}
