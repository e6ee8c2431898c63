import {
  EXPIRY_GRACE_HOURS,
  formatInteger,
  LEDGER_INVARIANT_LABELS,
  LEDGER_OFFENDERS_MAX,
  type LedgerCheck,
  type LedgerInvariant,
  type LedgerOffender,
  type LedgerReport,
  LIABILITY_GROUPS,
  LIABILITY_NONE,
  type Liability,
  type LiabilityGroup,
  type LiabilityRow,
} from '@app/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

interface OffenderRow {
  client: string;
  name: string | null;
  expected: string | number;
  found: string | number;
  detail: string | null;
  total: string | number;
  pending?: string | number;
}

const TUNIS_YEAR = sql`extract(year from now() at time zone 'Africa/Tunis')::int`;

/**
 * Every invariant of the points ledger as ONE set-based statement: its offenders (first `limit`, in a
 * stable order), each with the total count of offenders (`count(*) over ()`, computed on the offenders
 * only). They read, never write.
 */
function invariantQueries(limit: number): Record<LedgerInvariant, SQL> {
  return {
    // clients.points_fid = the sum of the client's ledger rows.
    balance: sql`
      with s as (select client_id, sum(amount)::bigint as s from points_ledger group by client_id)
      select c.code_client as client, c.name, coalesce(s.s, 0) as expected, c.points_fid as found, null as detail, count(*) over () as total
      from clients c left join s on s.client_id = c.id
      where c.points_fid <> coalesce(s.s, 0)
      order by c.id limit ${limit}::int`,
    // Each lot's remaining = its amount − what its uses took.
    lot_remaining: sql`
      with u as (select lot_id, sum(amount)::bigint as s from points_lot_uses group by lot_id)
      select c.code_client as client, c.name, p.amount - coalesce(u.s, 0) as expected, p.remaining as found, 'Lot n° ' || p.id as detail, count(*) over () as total
      from points_lots p join clients c on c.id = p.client_id left join u on u.lot_id = p.id
      where p.remaining <> p.amount - coalesce(u.s, 0)
      order by p.id limit ${limit}::int`,
    // The sum of a client's open lots' remaining amounts = its balance.
    lots_balance: sql`
      with s as (select client_id, sum(remaining)::bigint as s from points_lots where remaining > 0 group by client_id)
      select c.code_client as client, c.name, c.points_fid as expected, coalesce(s.s, 0) as found, null as detail, count(*) over () as total
      from clients c left join s on s.client_id = c.id
      where c.points_fid <> coalesce(s.s, 0)
      order by c.id limit ${limit}::int`,
    // POINTS_FID_N = the client's positive rows of the current Tunis year, as applyPoints counts "earned"
    // (every credit, whatever its source; debits never lower it); a POINTS_YEAR of another year reads 0.
    points_year: sql`
      with y as (select ${TUNIS_YEAR} as y), e as (
        select l.client_id, sum(l.amount)::bigint as s from points_ledger l, y
        where l.amount > 0
          and l.created_at >= make_date(y.y, 1, 1)::timestamp at time zone 'Africa/Tunis'
          and l.created_at < make_date(y.y + 1, 1, 1)::timestamp at time zone 'Africa/Tunis'
        group by l.client_id
      ), c as (
        select c.id, c.code_client, c.name, case when c.points_year = y.y then c.points_fid_n else 0 end as n from clients c, y
      )
      select c.code_client as client, c.name, coalesce(e.s, 0) as expected, c.n as found, null as detail, count(*) over () as total
      from c left join e on e.client_id = c.id
      where c.n <> coalesce(e.s, 0)
      order by c.id limit ${limit}::int`,
    // No ledger row whose client is gone (the foreign key forbids it; a restore or a disabled
    // constraint could still let one in).
    orphan_rows: sql`
      select '#' || l.client_id as client, null as name, 0 as expected, l.amount as found,
             'Mouvement n° ' || l.id || ' : client n° ' || l.client_id || ' introuvable' as detail, count(*) over () as total
      from points_ledger l
      where not exists (select 1 from clients c where c.id = l.client_id)
      order by l.id limit ${limit}::int`,
    // No lot expired and still open, past the grace the daily run needs (EXPIRY_GRACE_HOURS); younger
    // ones are counted apart as pending.
    expired_open: sql`
      with due as (
        select p.id, p.client_id, p.remaining, p.expires_at from points_lots p
        where p.remaining > 0 and p.expires_at <= now()
      ), late as (
        select * from due where expires_at <= now() - make_interval(hours => ${EXPIRY_GRACE_HOURS}::int)
      ), listed as (
        select c.code_client as client, c.name, 0 as expected, late.remaining as found,
               'Lot n° ' || late.id || ', expiré le ' || to_char(late.expires_at at time zone 'Africa/Tunis', 'DD/MM/YYYY "à" HH24:MI') as detail,
               count(*) over () as total
        from late join clients c on c.id = late.client_id
        order by late.expires_at, late.id limit ${limit}::int
      )
      select listed.*, (select count(*) from due) - coalesce((select max(total) from listed), 0) as pending from listed
      union all
      select null, null, 0, 0, null, 0, (select count(*) from due) where not exists (select 1 from listed)`,
  };
}

const offender = (r: OffenderRow): LedgerOffender => ({
  CLIENT: String(r.client),
  NAME: r.name,
  EXPECTED: Number(r.expected),
  FOUND: Number(r.found),
  DETAIL: r.detail,
});

/**
 * Runs every invariant of the points ledger in one read-only, repeatable-read transaction
 * (one snapshot: a write landing meanwhile is wholly before or after) and reports; it never fixes.
 */
export async function verifyLedger(db: Db, limit = LEDGER_OFFENDERS_MAX): Promise<LedgerReport> {
  const queries = invariantQueries(limit);
  const checks = await db.transaction(
    async (tx) => {
      const out: LedgerCheck[] = [];
      for (const key of Object.keys(queries) as LedgerInvariant[]) {
        const rows = rowsOf<OffenderRow>(await tx.execute(queries[key]));
        const listed = rows.filter((r) => r.client !== null);
        const count = listed.length ? Number(listed[0].total) : 0;
        out.push({
          KEY: key,
          LABEL: LEDGER_INVARIANT_LABELS[key],
          OK: count === 0,
          COUNT: count,
          PENDING: Number(rows[0]?.pending ?? 0),
          OFFENDERS: listed.map(offender),
        });
      }
      return out;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return { OK: checks.every((c) => c.OK), CHECKED_AT: new Date().toISOString(), CHECKS: checks };
}

/** The report in French, for the terminal (npm run ledger:verify). */
export function formatLedgerReport(report: LedgerReport): string {
  const fr = formatInteger;
  const lines: string[] = [];
  for (const c of report.CHECKS) {
    const pending = c.PENDING ? ` (${fr(c.PENDING)} lot(s) en attente du passage quotidien)` : '';
    lines.push(`${c.OK ? 'OK    ' : 'ÉCHEC '} ${c.LABEL} : ${c.OK ? 'aucune anomalie' : `${fr(c.COUNT)} anomalie(s)`}${pending}`);
    for (const o of c.OFFENDERS)
      lines.push(`         ${o.CLIENT}${o.NAME ? ` (${o.NAME})` : ''} : attendu ${fr(o.EXPECTED)}, trouvé ${fr(o.FOUND)}${o.DETAIL ? ` — ${o.DETAIL}` : ''}`);
    if (c.COUNT > c.OFFENDERS.length) lines.push(`         … et ${fr(c.COUNT - c.OFFENDERS.length)} autre(s)`);
  }
  lines.push(report.OK ? 'Registre cohérent : tous les invariants sont respectés.' : 'Registre incohérent : au moins un invariant est en échec.');
  return lines.join('\n');
}

interface GroupRow {
  key: string | null;
  label: string | null;
  clients: string | number;
  points: string | number;
}

/**
 * Outstanding points of the programme: the balances' total and, grouped by zone chief,
 * badge and activity, the clients' balances; by expiry month (the last day a lot can be spent, Tunis;
 * null: « Sans expiration »), the open lots' remaining amounts. Both agree while the ledger verifies.
 * DT from the « valeur du point » setting, in integer millimes. Four grouped statements, no per-client work.
 */
export async function programmeLiability(db: Db): Promise<Liability> {
  return db.transaction(
    async (tx) => {
      const [setting] = rowsOf<{ v: number }>(await tx.execute(sql`select coalesce((select point_value from programme_settings where id = 1), 0) as v`));
      const value = Number(setting.v);
      const [total] = rowsOf<{ clients: string | number; points: string | number }>(
        await tx.execute(sql`select count(*) as clients, coalesce(sum(points_fid), 0) as points from clients where points_fid > 0`),
      );
      const byClient = (key: SQL, label: SQL, join: SQL) => sql`
        select ${key}::text as key, ${label} as label, count(*) as clients, sum(c.points_fid) as points
        from clients c ${join} where c.points_fid > 0
        group by 1, 2 order by 4 desc, 2`;
      const queries: Record<LiabilityGroup, SQL> = {
        chef_zone: byClient(
          sql`c.chef_zone_id`,
          sql`coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.email)`,
          sql`left join users u on u.id = c.chef_zone_id`,
        ),
        badge: byClient(sql`c.badge_id`, sql`b.name`, sql`left join badges b on b.id = c.badge_id`),
        activity: byClient(sql`c.activity_id`, sql`a.name`, sql`left join client_activities a on a.id = c.activity_id`),
        expiry_month: sql`
          with m as (
            select to_char((p.expires_at - interval '1 millisecond') at time zone 'Africa/Tunis', 'YYYY-MM') as key, p.client_id, p.remaining
            from points_lots p where p.remaining > 0
          )
          select key, case when key is null then null else substr(key, 6, 2) || '/' || substr(key, 1, 4) end as label,
                 count(distinct client_id) as clients, sum(remaining) as points
          from m group by key order by key nulls last`,
      };
      const groups = {} as Record<LiabilityGroup, LiabilityRow[]>;
      for (const g of LIABILITY_GROUPS) {
        groups[g] = rowsOf<GroupRow>(await tx.execute(queries[g]))
          .map((r) => ({
            KEY: r.key,
            LABEL: r.key === null ? LIABILITY_NONE[g] : (r.label ?? String(r.key)),
            CLIENTS: Number(r.clients),
            POINTS: Number(r.points),
            MILLIMES: Number(r.points) * value,
          }))
          // « Sans … » last, whatever its size.
          .sort((a, b) => Number(a.KEY === null) - Number(b.KEY === null));
      }
      const points = Number(total.points);
      return { POINT_VALUE: value, TOTAL: { CLIENTS: Number(total.clients), POINTS: points, MILLIMES: points * value }, GROUPS: groups };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export interface LiabilityExportRow {
  GROUPING: string;
  LABEL: string;
  CLIENTS: number;
  POINTS: number;
  MILLIMES: number;
}

/** The liability as export rows: one line per group of each grouping, then the total. */
export function liabilityExportRows(l: Liability): LiabilityExportRow[] {
  const labels: Record<LiabilityGroup, string> = { chef_zone: 'Chef de zone', badge: 'Badge', activity: 'Activité', expiry_month: 'Mois d’expiration' };
  return [
    ...LIABILITY_GROUPS.flatMap((g) =>
      l.GROUPS[g].map((r) => ({ GROUPING: labels[g], LABEL: r.LABEL, CLIENTS: r.CLIENTS, POINTS: r.POINTS, MILLIMES: r.MILLIMES })),
    ),
    { GROUPING: 'Total', LABEL: 'Tous les clients', CLIENTS: l.TOTAL.CLIENTS, POINTS: l.TOTAL.POINTS, MILLIMES: l.TOTAL.MILLIMES },
  ];
}
