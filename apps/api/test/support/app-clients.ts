import { ROLE } from '@app/domain';
import { eq } from 'drizzle-orm';
import { roles, users } from '../../src/lib/auth/accounts.table';
import { clients } from '../../src/lib/clients/clients.table';
import { applyPoints } from '../../src/modules/loyalty/points.service';
import { appAuth } from './app-helpers';
import type { TestContext } from './helpers';

export interface AppClient {
  clientId: number;
  userId: number;
  email: string;
  headers: { authorization: string };
}

/**
 * A client with an app user (role patente, STATUS 1) and an app token, for the app API's tests:
 * `values` sets its classification, `points` its balance (through the ledger).
 */
export async function appClient(t: TestContext, code: string, values: Partial<typeof clients.$inferInsert> = {}, points = 0, user = 'app'): Promise<AppClient> {
  const [c] = await t.db.select({ id: clients.id }).from(clients).where(eq(clients.code, code));
  const clientId =
    c?.id ??
    (
      await t.db
        .insert(clients)
        .values({ code, name: `Client ${code}`, ...values })
        .returning({ id: clients.id })
    )[0].id;
  if (points) await applyPoints(t.db, eq(clients.id, clientId), { amount: points, source: 'offer', reason: 'Points de départ', authorId: null });
  const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.label, ROLE.patente));
  const email = `${user}.${code.toLowerCase()}@client.test.tn`;
  const [u] = await t.db
    .insert(users)
    .values({ email, passwordHash: 'x', roleId: role.id, clientId, firstname: 'Test', lastname: code, status: 1 })
    .returning({ id: users.id });
  return { clientId, userId: u.id, email, headers: await appAuth(t.db, email) };
}
