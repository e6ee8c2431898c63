import { ACCOUNT_CODES, ROLE } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../lib/password';
import { roles, users } from '../lib/auth/accounts.table';
import type { Db } from './client';

export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.tn', role: ROLE.admin, firstname: 'Amira', lastname: 'Ben Salah', gsm: '+21698123456' },
  { email: 'chef@demo.tn', role: ROLE.chefZone, firstname: 'Karim', lastname: 'Trabelsi', gsm: '+21697234567' },
  { email: 'magasin@demo.tn', role: ROLE.magasinier, firstname: 'Sami', lastname: 'Gharbi', gsm: '+21655345678' },
  { email: 'commercial@demo.tn', role: ROLE.commercial, firstname: 'Leila', lastname: 'Mansouri', gsm: '+21622456789' },
] as const;

/** The roles every installation has. */
export async function ensureRoles(db: Db) {
  await db
    .insert(roles)
    .values(Object.values(ROLE).map((label) => ({ label })))
    .onConflictDoNothing();
  const rows = await db.select().from(roles);
  return new Map(rows.map((r) => [r.label, r.id]));
}

/**
 * The demo accounts all share the demo password, so they share one hash of it: made once per process
 * (a hash at the full cost takes about a second), not once per seed step.
 */
const demoHashes = new Map<string, Promise<string>>();
export function demoPasswordHash(password: string): Promise<string> {
  let hash = demoHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    demoHashes.set(password, hash);
  }
  return hash;
}

export async function seedDemoAccounts(db: Db, password: string) {
  const roleIds = await ensureRoles(db);
  const passwordHash = await demoPasswordHash(password);
  await db
    .insert(users)
    .values(DEMO_ACCOUNTS.map((a) => ({ ...a, passwordHash, roleId: roleIds.get(a.role)!, status: ACCOUNT_CODES.ACTIVE })))
    .onConflictDoNothing();
}

/**
 * Whether the demo's administrator (admin@demo.tn) exists and still answers to `password`: then anyone
 * who reaches the server can sign in as admin. One read, and one password check only when that account
 * exists (a database that never had the demo costs no hash).
 */
export async function demoAdminOpen(db: Db, password: string): Promise<boolean> {
  const [admin] = await db.select({ hash: users.passwordHash }).from(users).where(sql`lower(${users.email}) = ${DEMO_ACCOUNTS[0].email}`).limit(1);
  return !!admin && (await verifyPassword(password, admin.hash));
}

/**
 * A real deployment (DATABASE_URL) never gets demo data: its first start creates an admin from
 * ADMIN_EMAIL/ADMIN_PASSWORD, or refuses to start when no admin exists and they are missing.
 */
export async function ensureAdmin(db: Db, email: string | undefined, password: string | undefined): Promise<'exists' | 'created' | 'missing'> {
  const roleIds = await ensureRoles(db);
  const adminRole = roleIds.get(ROLE.admin)!;
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.roleId, adminRole));
  if (n > 0) return 'exists';
  if (!email || !password) return 'missing';
  await db.insert(users).values({
    email: email.toLowerCase(),
    passwordHash: await hashPassword(password),
    firstname: 'Administrateur',
    lastname: '',
    roleId: adminRole,
    status: ACCOUNT_CODES.ACTIVE,
  });
  return 'created';
}
