/**
 * Generated app users and connection logs for seed:large (the dashboard at 2,000,000
 * connection logs). Built in SQL with generate_series, batch by batch. Coherent with the rest: each
 * client gets one mobile-app user (role patente) registered a few days after the client joined; about
 * three logs in four come from the app (that user, his client), the rest from the back-office staff;
 * at the end each app user's last connection is his LASTSEEN and his client's LASTUSE.
 */
import { ROLE } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';

const one = async <T>(db: Db, q: ReturnType<typeof sql>) => (await queryRows<T>(db, q))[0];

/** Logs per transaction. */
const LOG_BATCH = 200_000;
/** Generated logs spread from this day to now, more of them in recent years. */
const FIRST_DAY = '2021-01-04 08:00:00+01';
const DEVICES_APP = ['Samsung Galaxy A54', 'iPhone 13', 'Xiaomi Redmi Note 12', 'Oppo A78', 'iPhone 15 Pro', 'Samsung Galaxy S23'];
const DEVICES_BO = ['Chrome 131 sur Windows', 'Firefox 133 sur Ubuntu', 'Safari 18 sur macOS', 'Edge 131 sur Windows'];
const textArray = (words: readonly string[]) =>
  sql`array[${sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]`;

/** One mobile-app user for every client that has none (`passwordHash`: one hash for all). */
export async function generateAppUsers(db: Db, passwordHash: string, log: (line: string) => void): Promise<void> {
  const { n } = await one<{ n: number }>(
    db,
    sql`with ins as (
      insert into users (email, password_hash, firstname, lastname, gsm, role_id, status, client_id, created_at, updated_at)
      select 'app-' || c.id || '@generated.invalid', ${passwordHash}, 'Utilisateur', c.name, c.gsm, r.id, 1, c.id,
             greatest(c.inscription::timestamp at time zone 'Africa/Tunis', ${FIRST_DAY}::timestamptz) + make_interval(days => 1 + c.id % 9, hours => 8 + c.id % 10),
             now()
      from clients c cross join (select id from roles where label = ${ROLE.patente}) r
      where not exists (select 1 from users u where u.client_id = c.id)
      order by c.id
      returning 1)
    select count(*)::int n from ins`,
  );
  log(`${n} utilisateurs de l'application créés`);
}

/** Fills connection_logs up to `target` generated rows; then app users' and clients' last use follow them. */
export async function generateConnectionLogs(db: Db, target: number, log: (line: string) => void): Promise<void> {
  const { n: existing } = await one<{ n: number }>(db, sql`select count(*)::int n from connection_logs`);
  for (let from = existing + 1; from <= target; from += LOG_BATCH) {
    const to = Math.min(target, from + LOG_BATCH - 1);
    await db.execute(sql`
      with app as (select id, client_id, (row_number() over (order by id))::int - 1 k from users where client_id is not null),
      staff as (select u.id, (row_number() over (order by u.id))::int - 1 k from users u join roles r on r.id = u.role_id where u.client_id is null and r.label <> ${ROLE.patente}),
      n as (select (select count(*) from app)::int a, (select count(*) from staff)::int s),
      gen as (
        select g, ${FIRST_DAY}::timestamptz + sqrt(g::float8 / ${target}::float8) * (now() - ${FIRST_DAY}::timestamptz) as at,
               g % 4 <> 0 as mobile
        from generate_series(${from}::int, ${to}::int) g
      )
      insert into connection_logs (platform, device_name, device_id, ip, user_id, client_id, date_login)
      select case when gen.mobile then 'Application Mobile' else 'Back-Office' end,
             case when gen.mobile then (${textArray(DEVICES_APP)})[1 + gen.g % 6] else (${textArray(DEVICES_BO)})[1 + gen.g % 4] end,
             case when gen.mobile then 'app-' || md5('device' || a.id) end,
             case when gen.mobile then '197.' || (10 + gen.g % 80) || '.' || (gen.g % 250) || '.' || (1 + gen.g % 249)
                  else '41.226.' || (gen.g % 200) || '.' || (10 + gen.g % 200) end,
             case when gen.mobile then a.id else s.id end,
             case when gen.mobile then a.client_id end,
             gen.at
      from gen cross join n
      left join app a on gen.mobile and a.k = (gen.g::bigint * 2654435761) % greatest(n.a, 1)
      left join staff s on not gen.mobile and s.k = gen.g % greatest(n.s, 1)
      where (gen.mobile and a.id is not null) or (not gen.mobile and s.id is not null)`);
    log(`${to} / ${target} connexions`);
  }
  await db.execute(sql`
    update users u set last_seen_at = l.last from (
      select user_id, max(date_login) last from connection_logs where platform = 'Application Mobile' group by user_id
    ) l where u.id = l.user_id and u.email like 'app-%@generated.invalid'`);
  await db.execute(sql`
    update clients c set last_use = u.last_seen_at from users u
    where u.client_id = c.id and u.email like 'app-%@generated.invalid' and u.last_seen_at is not null`);
}
