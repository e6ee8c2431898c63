import { ACCOUNT_CODES } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sqlCode } from '../../db/codes';

/**
 * Demo connection logs that agree with the rest of the story: each client user of the
 * mobile app connected every few weeks since his client joined (2021 at the earliest), the last time being
 * his LASTUSE; staff signed in to the back-office every few days. Written in SQL: some 20,000 rows.
 */
export async function seedConnectionLogs(db: Db) {
  await db.execute(sql`
    insert into connection_logs (platform, device_name, device_id, ip, user_id, client_id, date_login)
    select 'Application Mobile',
      (array['Samsung Galaxy A54', 'iPhone 13', 'Xiaomi Redmi Note 12', 'Oppo A78', 'iPhone 15 Pro', 'Samsung Galaxy S23'])[1 + u.id % 6],
      'app-' || md5('device' || u.id),
      '197.' || (10 + u.id % 80) || '.' || (u.id * 7 % 250) || '.' || (1 + n % 250),
      u.id, u.client_id,
      u.last_seen_at - make_interval(days => n * (12 + u.id % 25), hours => n % 9)
    from users u
    join clients c on c.id = u.client_id
    cross join generate_series(0, 200) n
    where u.last_seen_at is not null
      and u.last_seen_at - make_interval(days => n * (12 + u.id % 25)) >= greatest(timestamptz '2021-01-04 08:00+01', c.inscription::timestamp at time zone 'Africa/Tunis')`);
  await db.execute(sql`
    insert into connection_logs (platform, device_name, ip, user_id, date_login)
    select 'Back-Office',
      (array['Chrome 131 sur Windows', 'Firefox 133 sur Ubuntu', 'Safari 18 sur macOS', 'Edge 131 sur Windows'])[1 + u.id % 4],
      '41.226.' || (u.id % 200) || '.' || (10 + n % 200),
      u.id,
      now() - make_interval(days => 1 + n * (3 + u.id % 6), hours => u.id % 7, mins => n % 60)
    from users u
    join roles r on r.id = u.role_id
    cross join generate_series(0, 800) n
    where u.client_id is null and r.label <> 'patente' and u.status = ${sqlCode(ACCOUNT_CODES.ACTIVE)}
      and now() - make_interval(days => 1 + n * (3 + u.id % 6)) >= timestamptz '2021-01-04 08:00+01'`);
}
