import { CLIENT_USER_MSG, type ClientUser, MSG } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/http';
import { users } from '../../lib/auth/accounts.table';
import { clients } from '../../lib/clients/clients.table';
import { clientUsers as r } from './client-users.resource';

type Queryable = Pick<Db, 'select'>;

export async function findClientUser(db: Db, id: number): Promise<ClientUser | null> {
  const [row] = await r.select(db).rows.where(eq(users.id, id)).limit(1);
  return row ? r.toDto(row) : null;
}

/** A client user's client must exist: 422 on the field rather than the foreign key's refusal. */
export async function assertClientExists(db: Queryable, clientId: number) {
  const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1);
  if (!row) throw new AppError(422, MSG.invalidPayload, { CLIENT_ID: [CLIENT_USER_MSG.clientUnknown] });
}
