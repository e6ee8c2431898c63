import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { users } from '../src/lib/auth/accounts.table';
import { openAppSession } from '../src/lib/auth/app-tokens';

/** The mobile app's API root (issue 24 §1). */
export const APP = '/api/app/v1';

/**
 * An app access token for a client user, made directly in the database (no sign-in call), as
 * TestContext.tokenFor does for staff. Tests of the sign-in itself call POST {APP}/auth/login.
 */
export async function appTokenFor(db: Db, email: string, deviceId = 'test-device'): Promise<string> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (!user) throw new Error(`no account ${email}`);
  const { tokens } = await db.transaction((tx) => openAppSession(tx, user.id, { id: deviceId, name: 'Test' }));
  return tokens.accessToken;
}

export const appAuth = async (db: Db, email: string) => ({ authorization: `Bearer ${await appTokenFor(db, email)}` });
