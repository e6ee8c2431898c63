import { APP_SUSPENDED_CLIENT_STATUS } from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * True when the client of `clientId` is suspended for the mobile app: refused (its STATUS) or switched
 * off (« Actif »). One definition for the token lookup, the sign-in and the refresh. A sub-select on the
 * clients table by its primary key, in SQL written here rather than through the contacts module: lib
 * never imports a module, and the app's token lookup runs on every app call.
 */
export const clientSuspendedSql = (clientId: PgColumn | SQL): SQL<boolean> =>
  sql<boolean>`coalesce((select c.is_active <> 1 or c.status = ${APP_SUSPENDED_CLIENT_STATUS}::smallint from clients c where c.id = ${clientId}), true)`;
