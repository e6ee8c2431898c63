import { WEBHOOK_TEST_EVENT } from '@app/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { BREAKER_AFTER_S, nextAttemptAt } from './retry';
import { type AttemptOutcome, WEBHOOK_TIMEOUT_MS, WebhookSender } from './sender';
import { rowsOf } from '../../db/rows';

/** The advisory-lock key of the fan-out: one node at a time turns events into deliveries, in seq order. */
const FANOUT_LOCK_KEY = 240_002;
/** How long a claimed delivery is this node's: past it (the node died mid-attempt) another node retakes it. */
const LEASE_S = 60;

export interface WebhookDispatcherOptions {
  /** WEBHOOKS_ALLOW_PRIVATE: http:// and private addresses reachable (tests, local runs). */
  allowPrivate: boolean;
  /** How often an idle dispatcher looks for work (the latency target is 2 s at p99). */
  pollMs?: number;
  /** Attempts in flight at once on this node. */
  maxInFlight?: number;
  /** Events fanned out per statement. */
  fanOutBatch?: number;
  /** Per attempt (tests shorten it). */
  timeoutMs?: number;
  onError?: (err: unknown) => void;
}

interface Claimed {
  id: number;
  attempt: number;
  first_attempt_at: string | Date;
  endpoint_id: number;
  url: string;
  secret: string;
  event_id: string;
  type: string;
  resource: string;
  resource_id: string;
  payload: unknown;
  created_at: string | Date;
}

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

/** The JSON body receivers get (the contract): the same bytes are signed. */
export function deliveryBody(e: {
  event_id: string;
  type: string;
  created_at: string | Date;
  resource: string;
  resource_id: string;
  payload: unknown;
}): string {
  return JSON.stringify({ id: e.event_id, type: e.type, created_at: iso(e.created_at), resource: { type: e.resource, id: e.resource_id }, data: e.payload });
}

/**
 * The webhook delivery engine, one per node, sharing the work through the database:
 *
 * - fan-out: events of the outbox not yet dispatched become one delivery per ACTIVE endpoint subscribed
 *   to their type, in one statement, by one node at a time (an advisory lock), in seq order; a paused
 *   endpoint gets its deliveries too, and they wait for the resume: a pause loses nothing;
 * - claim: due deliveries are taken with FOR UPDATE SKIP LOCKED and leased for LEASE_S, so two nodes
 *   never take the same one; a node that dies mid-attempt leaves it to be retaken when the lease ends
 *   (at least once: receivers de-duplicate on Webhook-Id);
 * - order: a delivery is not attempted while an earlier one (lower event seq, then lower id) of the same
 *   resource to the same endpoint is still pending or retrying: a later event waits until the earlier
 *   one succeeded, failed for good or was cancelled. The outbox's seq is the commit order per resource
 *   because writes of one resource hold its row lock when they record their event;
 * - attempts: signed POST, 10 s timeout, retried on the schedule of retry.ts, the endpoint's breaker
 *   updated with each outcome.
 *
 * Its own loop rather than a pg-boss job per delivery: the per-resource order, the pause of an endpoint
 * and the retry schedule over 24 h are conditions on the deliveries' rows, which a queue of opaque jobs
 * cannot express, and a job per attempt would double the writes at 500 events/s. It polls every
 * `pollMs` (250 ms) and at once after a full batch or a `wake()`.
 */
export class WebhookDispatcher {
  readonly options: Required<Omit<WebhookDispatcherOptions, 'onError'>> & Pick<WebhookDispatcherOptions, 'onError'>;
  private readonly sender: WebhookSender;
  private readonly inFlight = new Set<Promise<void>>();
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;

  constructor(
    private readonly db: Db,
    options: WebhookDispatcherOptions,
  ) {
    this.options = { pollMs: 250, maxInFlight: 64, fanOutBatch: 500, timeoutMs: WEBHOOK_TIMEOUT_MS, ...options };
    this.sender = new WebhookSender(options.allowPrivate);
  }

  /** At server start (server.ts); tests start it when they deliver. */
  start() {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Cuts the idle wait short (a route queued a delivery). */
  wake() {
    if (this.wakeUp) this.wakeUp();
    else this.woken = true;
  }

  /** Stops the loop once its attempts in flight are written (it may start again). */
  async stop() {
    this.running = false;
    this.wake();
    await this.loop;
    this.loop = null;
    await Promise.allSettled([...this.inFlight]);
  }

  /** When the app closes: stopped, and its kept-alive connections ended. */
  async close() {
    await this.stop();
    this.sender.close();
  }

  /** One pass, its attempts awaited: fan-out, then the due deliveries (tests drive the engine with it). */
  async runOnce(): Promise<number> {
    await this.fanOut();
    const claimed = await this.claim(this.options.maxInFlight);
    await Promise.all(claimed.map((c) => this.attempt(c)));
    return claimed.length;
  }

  private async run() {
    let lastFanOut = 0;
    let backlog = false;
    while (this.running) {
      let busy = false;
      try {
        // The fan-out runs on the poll's rhythm, or at once while the outbox has a backlog; a pass woken by
        // a finished attempt (which may free the next event of its resource) only claims.
        if (backlog || performance.now() - lastFanOut >= this.options.pollMs) {
          lastFanOut = performance.now();
          backlog = (await this.fanOut()) >= this.options.fanOutBatch;
        }
        const room = this.options.maxInFlight - this.inFlight.size;
        const claimed = room > 0 ? await this.claim(room) : [];
        for (const c of claimed) {
          const p = this.attempt(c).finally(() => {
            this.inFlight.delete(p);
            this.wake();
          });
          this.inFlight.add(p);
        }
        busy = backlog || (room > 0 && claimed.length >= room);
      } catch (err) {
        this.options.onError?.(err);
      }
      if (!busy && this.running) await this.sleep(this.options.pollMs);
    }
  }

  /** Waits `ms`, or less when woken meanwhile (a wake during a pass is kept for the next sleep). */
  private sleep(ms: number) {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        this.woken = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  /** Events not yet dispatched → deliveries, in one statement under the cluster's fan-out lock. Returns the events handled. */
  async fanOut(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [lock] = rowsOf<{ got: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${FANOUT_LOCK_KEY}::bigint) as got`));
      if (!lock?.got) return 0;
      const [res] = rowsOf<{ events: number }>(
        await tx.execute(sql`
          with ev as (
            select id, seq, type, resource, resource_id from webhook_events
            where dispatched_at is null order by seq limit ${this.options.fanOutBatch}::int
          ), ins as (
            insert into webhook_deliveries (endpoint_id, event_id, event_type, event_seq, resource_key, next_attempt_at)
            select e.id, ev.id, ev.type, ev.seq, ev.resource || ':' || ev.resource_id, now()
            from ev join webhook_endpoints e on e.active and ev.type = any(e.events)
            order by ev.seq, e.id
            returning 1
          ), upd as (
            update webhook_events w set dispatched_at = now() from ev where w.id = ev.id returning 1
          )
          select (select count(*) from upd)::int as events, (select count(*) from ins)::int as deliveries`),
      );
      return Number(res?.events ?? 0);
    });
  }

  /** Takes up to `limit` due deliveries for this node (SKIP LOCKED, leased), in due order. */
  private async claim(limit: number): Promise<Claimed[]> {
    return rowsOf<Claimed>(
      await this.db.execute(sql`
        with due as (
          select d.id from webhook_deliveries d
          join webhook_endpoints e on e.id = d.endpoint_id
          where d.status in ('pending', 'retrying') and d.next_attempt_at <= now()
            and (d.locked_until is null or d.locked_until < now())
            and (e.paused_at is null or d.event_type = ${WEBHOOK_TEST_EVENT})
            and not exists (
              select 1 from webhook_deliveries p
              where p.endpoint_id = d.endpoint_id and p.resource_key = d.resource_key and p.status in ('pending', 'retrying')
                and (p.event_seq < d.event_seq or (p.event_seq = d.event_seq and p.id < d.id)))
          order by d.next_attempt_at, d.id
          limit ${limit}::int
          for update of d skip locked
        )
        update webhook_deliveries d
        set locked_until = now() + make_interval(secs => ${LEASE_S}), attempt = d.attempt + 1, first_attempt_at = coalesce(d.first_attempt_at, now())
        from due, webhook_endpoints e, webhook_events ev
        where d.id = due.id and e.id = d.endpoint_id and ev.id = d.event_id
        returning d.id, d.attempt, d.first_attempt_at, e.id as endpoint_id, e.url, e.secret, ev.id as event_id, ev.type, ev.resource, ev.resource_id, ev.payload, ev.created_at`),
    );
  }

  /**
   * One attempt and its outcome written; never throws. Should the row refuse the reply's excerpt (the
   * sender makes it storable: this is the last guard), the outcome is written without it rather than
   * left unrecorded, which would send the event again each time the lease ends.
   */
  private async attempt(c: Claimed): Promise<void> {
    try {
      const outcome = await this.sender.send(c.url, c.secret, c.event_id, deliveryBody(c), this.options.timeoutMs);
      try {
        await this.record(c, outcome);
      } catch (err) {
        if (outcome.excerpt == null) throw err;
        this.options.onError?.(err);
        await this.record(c, { ...outcome, excerpt: null });
      }
    } catch (err) {
      this.options.onError?.(err);
    }
  }

  /**
   * The attempt's outcome and the endpoint's breaker, in one statement (one round trip per attempt): a
   * success ends the failing streak; a failure opens or extends it, and pauses the endpoint once it is
   * older than BREAKER_AFTER_S (every attempt since failing_since failed). A delivery cancelled meanwhile
   * stays cancelled.
   */
  private async record(c: Claimed, o: AttemptOutcome) {
    const next = o.ok || !o.retryable ? null : nextAttemptAt(c.attempt, new Date(c.first_attempt_at));
    const status = o.ok ? 'succeeded' : next ? 'retrying' : 'failed';
    const done = sql`
      with d as (
        update webhook_deliveries set status = ${status}, http_status = ${o.httpStatus}::int, duration_ms = ${o.durationMs}::int,
          response_excerpt = ${o.excerpt}, error = ${o.error}, next_attempt_at = ${next ? next.toISOString() : null}::timestamptz,
          locked_until = null, last_attempt_at = now()
        where id = ${c.id} and status in ('pending', 'retrying') returning endpoint_id)`;
    await this.db.execute(
      o.ok
        ? sql`${done} update webhook_endpoints e set failing_since = null, consecutive_failures = 0 from d
            where e.id = d.endpoint_id and (e.failing_since is not null or e.consecutive_failures <> 0)`
        : // The endpoint paused by this failure: its other open deliveries are taken off the due list (no
          // next attempt until `resume` sets one), so the claims do not scan them while it stays paused.
          sql`${done}, paused as (
            update webhook_endpoints e set consecutive_failures = e.consecutive_failures + 1, failing_since = coalesce(e.failing_since, now()),
              paused_at = case when e.paused_at is null and e.failing_since <= now() - make_interval(secs => ${BREAKER_AFTER_S}) then now() else e.paused_at end
            from d where e.id = d.endpoint_id returning e.id, e.paused_at = now() as now_paused)
          update webhook_deliveries w set next_attempt_at = null from paused
          where paused.now_paused and w.endpoint_id = paused.id and w.id <> ${c.id} and w.status in ('pending', 'retrying') and w.event_type <> ${WEBHOOK_TEST_EVENT}`,
    );
  }
}
