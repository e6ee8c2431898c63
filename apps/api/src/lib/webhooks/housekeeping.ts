import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** Ended deliveries and dispatched events are kept this long: the screen's log, and what `redeliver` can resend. */
export const WEBHOOKS_KEPT_DAYS = 30;

/**
 * The webhooks' purge (run by the cluster's housekeeping job): deliveries ended (succeeded, failed,
 * cancelled) more than 30 days ago, then the events dispatched more than 30 days ago that no open
 * delivery still needs. Open deliveries are never purged, whatever their age (a paused endpoint's).
 */
export async function purgeWebhooks(db: Db): Promise<number> {
  const deliveries = rowsOf<{ n: number }>(
    await db.execute(sql`
      with gone as (
        delete from webhook_deliveries where status in ('succeeded', 'failed', 'cancelled')
          and coalesce(last_attempt_at, created_at) < now() - make_interval(days => ${WEBHOOKS_KEPT_DAYS}) returning 1)
      select count(*)::int as n from gone`),
  );
  const events = rowsOf<{ n: number }>(
    await db.execute(sql`
      with gone as (
        delete from webhook_events ev where ev.dispatched_at is not null and ev.created_at < now() - make_interval(days => ${WEBHOOKS_KEPT_DAYS})
          and not exists (select 1 from webhook_deliveries d where d.event_id = ev.id and d.status in ('pending', 'retrying')) returning 1)
      select count(*)::int as n from gone`),
  );
  return Number(deliveries[0]?.n ?? 0) + Number(events[0]?.n ?? 0);
}
