import { ACCOUNT_CODES, CLIENT_USER_MSG, MSG, ROLE, STAFF_MSG } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/http';
import { hashPassword } from '../../lib/password';
import { isReferenceViolation, pgError, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import type { CurrentUser } from '../../lib/auth/current-user';
import { audit, createdFields, diff } from '../../lib/audit/audit.repository';
import { EMAIL_EXISTS } from '../auth';
import { emailTakenByOther, revokeUserSessions } from '../auth';
import { users } from '../../lib/auth/accounts.table';
import { clientsOfChief, codeTakenByOther, roleById, roleIdByLabel } from './staff.repository';

type Values = Record<string, unknown>;
type Actor = Pick<CurrentUser, 'id' | 'email' | 'role'>;
/** Every staff write is audited under the table's name, so one account's trail reads in one place. */
const ENTITY = 'users';

const invalid = (message: string, errors: Record<string, string[]>) => new AppError(422, message, errors);

/** Email and zone chief code are unique: both are checked so the form shows every field at fault. */
export async function assertFree(db: Db, input: { email?: string; code?: string | null }, ignoreId = 0) {
  const errors: Record<string, string[]> = {};
  if (input.email && (await emailTakenByOther(db, input.email, ignoreId))) errors.EMAIL = [MSG.emailExists];
  if (input.code && (await codeTakenByOther(db, input.code, ignoreId))) errors.CODE_CHEF_ZONE = [STAFF_MSG.codeChefZoneExists];
  if (errors.EMAIL) throw invalid(EMAIL_EXISTS, errors);
  if (errors.CODE_CHEF_ZONE) throw invalid(STAFF_MSG.codeChefZoneExists, errors);
}

/** Database refusals that a check raced past, as the same answers the checks give. */
export function conflict(err: unknown): AppError | null {
  const e = pgError(err);
  if (e?.code === UNIQUE_VIOLATION) {
    if (e.constraint === 'users_code_chef_zone_unique') return invalid(STAFF_MSG.codeChefZoneExists, { CODE_CHEF_ZONE: [STAFF_MSG.codeChefZoneExists] });
    return invalid(EMAIL_EXISTS, { EMAIL: [MSG.emailExists] });
  }
  if (isReferenceViolation(e)) {
    if (e?.constraint === 'users_type_client_id_client_types_id_fk') return invalid(MSG.invalidPayload, { TYPE_CLIENT_ID: ['Société inconnue.'] });
    if (e?.constraint === 'users_role_id_roles_id_fk') return invalid(MSG.invalidPayload, { ROLE_ID: [STAFF_MSG.roleUnknown] });
    if (e?.constraint === 'users_client_id_clients_id_fk') return invalid(MSG.invalidPayload, { CLIENT_ID: [CLIENT_USER_MSG.clientUnknown] });
    return new AppError(409, STAFF_MSG.chiefHasClients(1));
  }
  return null;
}

async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw conflict(err) ?? err;
  }
}

/**
 * Creates an account; the password is hashed here and appears in neither the reply nor the audit trail.
 * The trail records the body's `fields` as `read` shows the new account (API names, as an update's diff).
 */
export async function createAccount(
  db: Db,
  actor: Actor,
  values: Values,
  password: string,
  shown: { fields: readonly string[]; read: (db: Db, id: number) => Promise<object | null> },
): Promise<number> {
  await assertFree(db, { email: values.email as string, code: values.codeChefZone as string | undefined });
  const passwordHash = await hashPassword(password);
  return guarded(() =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ ...values, passwordHash } as typeof users.$inferInsert)
        .returning({ id: users.id });
      const dto = (await shown.read(tx, created.id)) as Values | null;
      await audit(tx, actor, 'create', ENTITY, created.id, createdFields(shown.fields, dto ?? {}));
      return created.id;
    }),
  );
}

/** Updates an account; `read` gives the DTO before and after, so the trail holds what changed as the API shows it. */
export async function updateAccount<Dto extends object>(db: Db, actor: Actor, id: number, values: Values, before: Dto, read: (db: Db) => Promise<Dto | null>) {
  assertNotSelfDeactivate(actor, id, values);
  if (!Object.keys(values).length) return;
  await assertFree(db, { email: values.email as string | undefined, code: values.codeChefZone as string | undefined }, id);
  await guarded(() =>
    db.transaction(async (tx) => {
      // Read under the row lock, so a parallel edit cannot hide a change of rights from this one.
      const [current] = await tx.select({ status: users.status, roleId: users.roleId }).from(users).where(eq(users.id, id)).for('update');
      await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id));
      if (rightsChange(current, values)) await revokeUserSessions(tx, id);
      const after = await read(tx);
      await audit(tx, actor, 'update', ENTITY, id, diff(before as Values, (after ?? {}) as Values));
    }),
  );
}

function assertNotSelfDeactivate(actor: Actor, id: number, values: Values) {
  if (id === actor.id && values.status === ACCOUNT_CODES.INACTIVE) throw invalid(STAFF_MSG.selfDeactivate, { STATUS: [STAFF_MSG.selfDeactivate] });
}

/**
 * An account's create or update on the generic router (its `prepare`): as createAccount and
 * updateAccount check and do. Email and code free; on update (inside its transaction, the row
 * locked), not deactivating oneself, and the account's sessions ended when its rights change.
 */
export async function prepareAccount(db: Db, actor: Actor, values: Values, id?: number) {
  if (id !== undefined) assertNotSelfDeactivate(actor, id, values);
  await assertFree(db, { email: values.email as string | undefined, code: values.codeChefZone as string | undefined }, id ?? 0);
  if (id === undefined) return;
  const [current] = await db.select({ status: users.status, roleId: users.roleId }).from(users).where(eq(users.id, id));
  if (rightsChange(current, values)) await revokeUserSessions(db, id);
}

/**
 * Deactivating, re-activating or changing the role of an account ends its sessions: whoever signs in
 * again gets the new rights, and a deactivated account's tokens stay dead when it comes back.
 */
function rightsChange(current: { status: number; roleId: number } | undefined, values: Values): boolean {
  if (!current) return false;
  return (values.status !== undefined && values.status !== current.status) || (values.roleId !== undefined && values.roleId !== current.roleId);
}

/** Deletes an account: never one's own, never a zone chief who still has clients (409). */
export async function deleteAccount(db: Db, actor: Actor, id: number, before: object) {
  await assertDeletable(db, actor, id);
  await guarded(() =>
    db.transaction(async (tx) => {
      await tx.delete(users).where(eq(users.id, id));
      await audit(tx, actor, 'delete', ENTITY, id, before);
    }),
  );
}

/** Never one's own account; never a zone chief who still has clients (409, with their number). */
export async function assertDeletable(db: Db, actor: Actor, id: number) {
  if (id === actor.id) throw invalid(STAFF_MSG.selfDelete, { id: [STAFF_MSG.selfDelete] });
  const n = await clientsOfChief(db, id);
  if (n > 0) throw new AppError(409, STAFF_MSG.chiefHasClients(n));
}

export async function chefZoneRoleId(db: Db): Promise<number> {
  const id = await roleIdByLabel(db, ROLE.chefZone);
  // ensureRoles runs at every start: a missing role is a broken installation, not bad input.
  if (id == null) throw new Error(`Rôle ${ROLE.chefZone} absent de la table roles`);
  return id;
}

/**
 * Role of a new back-office user: a role sent is checked first, whoever adds (unknown:
 * 422; patente: 422, that role is for client users); then an adder whose role is admin
 * gives the new user his own role (the form hides the field), another adder's choice stands, and
 * without one the new user takes the adder's role.
 */
export async function roleForNewUser(db: Db, actor: Actor, requested: number | null | undefined): Promise<number> {
  const role = requested == null ? null : await roleById(db, requested);
  if (requested != null && !role) throw invalid(MSG.invalidPayload, { ROLE_ID: [STAFF_MSG.roleUnknown] });
  if (role?.label === ROLE.patente) throw invalid(MSG.invalidPayload, { ROLE_ID: [STAFF_MSG.roleClientOnly] });
  if (role && actor.role !== ROLE.admin) return role.id;
  const own = await roleIdByLabel(db, actor.role);
  if (own == null) throw new AppError(403, MSG.forbidden);
  return own;
}

/** A role change on edit: not one's own, patente only for client users, not a chief who still has clients. */
export async function checkRoleChange(
  db: Db,
  actor: Actor,
  target: { id: number; ROLE_ID: number; role: string; CLIENT_ID: number | null },
  requested: number,
) {
  if (requested === target.ROLE_ID) return;
  if (target.id === actor.id) throw invalid(STAFF_MSG.selfRole, { ROLE_ID: [STAFF_MSG.selfRole] });
  const role = await roleById(db, requested);
  if (!role) throw invalid(MSG.invalidPayload, { ROLE_ID: [STAFF_MSG.roleUnknown] });
  if (target.CLIENT_ID != null && role.label !== ROLE.patente) throw invalid(MSG.invalidPayload, { ROLE_ID: [STAFF_MSG.roleClientUser] });
  if (target.CLIENT_ID == null && role.label === ROLE.patente) throw invalid(MSG.invalidPayload, { ROLE_ID: [STAFF_MSG.roleClientOnly] });
  if (target.role === ROLE.chefZone) {
    const n = await clientsOfChief(db, target.id);
    if (n > 0) throw invalid(STAFF_MSG.chiefRoleHasClients(n), { ROLE_ID: [STAFF_MSG.chiefRoleHasClients(n)] });
  }
}
