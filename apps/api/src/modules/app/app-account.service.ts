import { ACCOUNT_CODES, APP_MSG, APP_NEXT_EXPIRIES, type AppRegisterBody, MSG, ROLE } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit/audit.repository';
import { users } from '../../lib/auth/accounts.table';
import type { AppUser } from '../../lib/auth/app-tokens';
import { AppError } from '../../lib/http';
import { pgError, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { findAccountById, revokeUserSessions } from '../auth';
import { clients } from '../../lib/clients/clients.table';
import { badges } from '../../lib/clients/badges.table';
import { expiringSoon } from '../loyalty';
import { nextExpiries } from '../loyalty';
import { programmeSettings } from '../settings';
import { roleIdByLabel } from '../staff';

/** The app's account calls: GET me, PUT me, POST register. */

export interface AppMe {
  user: { ID: number; FIRSTNAME: string; LASTNAME: string; EMAIL: string; GSM: string | null };
  client: { ID: number; CODE_CLIENT: string; NAME: string; BADGES_ID: number | null; BADGE_NAME: string | null };
  POINTS: number;
  POINTS_EXPIRANT: number | null;
  DATE_EXPIRATION: string | null;
  PROCHAINES_EXPIRATIONS: { DATE: string; POINTS: number }[] | null;
}

/**
 * The signed-in user, his client and its badge, the points balance (POINTS_FID) and, when points
 * expire at all (programme expiry policy other than `never`), those expiring within 30 days with the
 * last day to spend the first of them: the loyalty module's own figure (expiringSoon), in one query;
 * and the next three expiry dates, whatever how far, with their points.
 */
export async function getAppMe(db: Db, appUser: AppUser): Promise<AppMe> {
  const expiring = expiringSoon(clients.id);
  const [row] = await db
    .select({
      ID: users.id,
      FIRSTNAME: users.firstname,
      LASTNAME: users.lastname,
      EMAIL: users.email,
      GSM: users.gsm,
      CLIENT_ID: clients.id,
      CODE_CLIENT: clients.code,
      NAME: clients.name,
      BADGES_ID: clients.badgeId,
      BADGE_NAME: badges.name,
      POINTS: clients.pointsFid,
      policy: sql<string>`coalesce((select ${programmeSettings.expiryPolicy} from ${programmeSettings} where ${programmeSettings.id} = 1), 'never')`,
      POINTS_EXPIRANT: expiring.points,
      DATE_EXPIRATION: expiring.lastDay,
    })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .leftJoin(badges, eq(badges.id, clients.badgeId))
    .where(eq(users.id, appUser.id))
    .limit(1);
  // The token was valid a moment ago: a vanished account or client is a stale session.
  if (!row) throw new AppError(401, APP_MSG.sessionExpired);
  const expires = row.policy !== 'never';
  return {
    user: { ID: row.ID, FIRSTNAME: row.FIRSTNAME, LASTNAME: row.LASTNAME, EMAIL: row.EMAIL, GSM: row.GSM },
    client: { ID: row.CLIENT_ID, CODE_CLIENT: row.CODE_CLIENT, NAME: row.NAME, BADGES_ID: row.BADGES_ID, BADGE_NAME: row.BADGE_NAME },
    POINTS: row.POINTS,
    POINTS_EXPIRANT: expires ? Number(row.POINTS_EXPIRANT) : null,
    DATE_EXPIRATION: expires ? row.DATE_EXPIRATION : null,
    PROCHAINES_EXPIRATIONS: expires ? await nextExpiries(db, row.CLIENT_ID, APP_NEXT_EXPIRIES) : null,
  };
}

/**
 * PUT me: the phone, and the password given with the old one. A new password ends every other token
 * family of the account (the other devices sign in again), not the one making the change.
 */
export async function updateAppMe(db: Db, appUser: AppUser, input: { GSM?: string; password?: { old: string; new: string } }): Promise<void> {
  const account = await findAccountById(db, appUser.id);
  if (!account) throw new AppError(401, APP_MSG.sessionExpired);
  if (input.password && !(await verifyPassword(input.password.old, account.passwordHash))) {
    throw new AppError(422, MSG.invalidOldPassword, { 'password.old': [MSG.invalidOldPassword] });
  }
  const passwordHash = input.password ? await hashPassword(input.password.new) : null;
  await db.transaction(async (tx) => {
    const set: Partial<typeof users.$inferInsert> = {};
    if (input.GSM !== undefined && input.GSM !== account.gsm) set.gsm = input.GSM;
    if (passwordHash) set.passwordHash = passwordHash;
    if (Object.keys(set).length === 0) return;
    await tx
      .update(users)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(users.id, appUser.id));
    if (set.gsm !== undefined) await audit(tx, appUser, 'profile', 'users', appUser.id, { gsm: [account.gsm, set.gsm] });
    if (passwordHash) {
      // Every other device signs in again; a client user has no back-office session, should one exist it ends too.
      await revokeUserSessions(tx, appUser.id, { keepAppSession: appUser.sessionId, reason: 'password' });
      await audit(tx, appUser, 'password', 'users', appUser.id, { password: 'modifié' });
    }
  });
}

/**
 * Self-registration. The reply is the same whatever happens below (the route answers 201 « Demande
 * d'inscription envoyée » to every valid body): telling an unknown client code or an address already
 * in use apart would let anyone list the programme's client codes and its users' e-mails. So every
 * path does the same work too: the client and the address looked up, one password hash, one
 * transaction writing the audit entry.
 * - A known code: an account of role patente, STATUS 0, of that client.
 * - An unknown code: the same account without a client. Staff see it in the users screen's « Demandes »
 *   tab with the code typed, marked « Code inconnu », and must choose its client before switching it on
 *   (PUT users/{id}); a patente account without a client can sign in nowhere meanwhile.
 * - An address in use (an account, or a request still waiting): nothing is created or changed (a
 *   registration must never take over an account), and the attempt is in the audit trail.
 * The code typed lives in the registration's audit entry (`app_register`, CODE_CLIENT), which the
 * users list reads (client-users.resource.ts REQUESTED_CODE): no column of the users table holds it.
 */
export async function registerAppUser(db: Db, input: Omit<AppRegisterBody, 'captcha'>, ip: string): Promise<void> {
  const [client] = await db.select({ id: clients.id }).from(clients).where(sql`lower(${clients.code}) = ${input.CODE_CLIENT.trim().toLowerCase()}`).limit(1);
  const [holder] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${input.EMAIL.toLowerCase()}`).limit(1);
  const roleId = await roleIdByLabel(db, ROLE.patente);
  if (roleId == null) throw new Error(`Rôle ${ROLE.patente} absent de la table roles`);
  // Hashed on every path, the address in use included: the time taken tells nothing either.
  const passwordHash = await hashPassword(input.PASSWORD);
  const details = {
    ip: ip.slice(0, 64),
    CODE_CLIENT: input.CODE_CLIENT,
    CLIENT_ID: client?.id ?? null,
    LASTNAME: input.LASTNAME,
    FIRSTNAME: input.FIRSTNAME,
    EMAIL: input.EMAIL,
    GSM: input.GSM,
  };
  const refused = (tx: Db, accountId: number | null) => audit(tx, { id: null, email: input.EMAIL }, 'app_register_taken', 'client-users', accountId, details);
  try {
    await db.transaction(async (tx) => {
      if (holder) return refused(tx, holder.id);
      const [created] = await tx
        .insert(users)
        .values({
          email: input.EMAIL,
          passwordHash,
          lastname: input.LASTNAME,
          firstname: input.FIRSTNAME,
          gsm: input.GSM,
          roleId,
          status: ACCOUNT_CODES.INACTIVE,
          clientId: client?.id ?? null,
        })
        .returning({ id: users.id });
      await audit(tx, { id: created.id, email: input.EMAIL }, 'app_register', 'client-users', created.id, details);
    });
  } catch (err) {
    // Another registration took the address between the check and the write: an address in use.
    if (pgError(err)?.code !== UNIQUE_VIOLATION) throw err;
    await db.transaction((tx) => refused(tx, null));
  }
}
