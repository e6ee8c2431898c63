import { APP_REFRESH_MAX_DAYS, ROLE } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { roles, users } from '../../src/lib/auth/accounts.table';
import { openAppSession } from '../../src/lib/auth/app-tokens';
import { hashPassword } from '../../src/lib/password';
import { clients } from '../../src/lib/clients/clients.table';
import { DEMO_PASSWORD } from './helpers';

/** The mobile app's API root. */
export const APP = '/api/app/v1';

/**
 * An app access token for a client user, made directly in the database (no sign-in call), as
 * TestContext.tokenFor does for staff. Tests of the sign-in itself call POST {APP}/auth/login.
 */
export async function appTokenFor(db: Db, email: string, deviceId = 'test-device'): Promise<string> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (!user) throw new Error(`no account ${email}`);
  return (await appPairFor(db, user.id, deviceId)).accessToken;
}

/** A fresh token family of a client user on a device (its former family there ends), straight in the database. */
export async function appPairFor(db: Db, userId: number, deviceId: string) {
  const { sessionId, tokens } = await db.transaction((tx) => openAppSession(tx, userId, { id: deviceId, name: 'Test' }, APP_REFRESH_MAX_DAYS));
  return { sessionId, ...tokens };
}

export const appAuth = async (db: Db, email: string) => ({ authorization: `Bearer ${await appTokenFor(db, email)}` });

let seq = 0;
/**
 * A client (straight in the database, only what an app account needs) and an app user of it (role
 * patente, password DEMO_PASSWORD, STATUS `status`). For the app's own tests: the demo clients are not
 * seeded by createTestApp.
 */
export async function appClientUser(db: Db, over: { status?: number; email?: string; code?: string } = {}) {
  seq++;
  const stamp = `${process.pid}-${seq}`;
  const code = over.code ?? `APP${stamp}`;
  const [client] = await db
    .insert(clients)
    .values({ code, name: `Client app ${stamp}` })
    .returning({ id: clients.id });
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.label, ROLE.patente));
  const email = over.email ?? `app.${stamp}@client.test.tn`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstname: 'Sami',
      lastname: 'Ben Ali',
      gsm: '+21698123456',
      roleId: role.id,
      status: over.status ?? 1,
      clientId: client.id,
    })
    .returning({ id: users.id });
  return { clientId: client.id, code, userId: user.id, email, password: DEMO_PASSWORD };
}
