/**
 * The sessions a node has checked, kept a few seconds so that a signed-in call does not read its session
 * from the database every time (on a managed database each read is a network round trip, and it was one
 * statement in three of a list page). On the embedded database this process is the only writer: seeing
 * its own writes is enough, and the cache is live from the start.
 *
 * What keeps it true:
 * - every statement that could end a session or change what it allows (a sign-out, a revocation, a user's
 *   status, role or identity, a role's label) notifies `session_changed` at its commit (migration 0032),
 *   whoever runs it; every node listens (db/listener.ts) and forgets all it holds;
 * - this node's own writes to those tables forget everything before they run (`forgetOnWrite`), so a
 *   caller that gets the answer to a sign-out or a deactivation never finds the session still cached here,
 *   even before the notification comes back;
 * - a lookup that overlapped a forget is not kept (`ticket`), so a read made before a revocation cannot
 *   put the old session back;
 * - while the listening connection is down nothing is cached (every call reads its session, as without
 *   the cache) and what was held is dropped: notifications missed meanwhile cannot leave a stale entry.
 *   It counts as up only while it hears the probes the node sends itself through the pool every 5 s
 *   (db/listener.ts): a connection that looks open and hears nothing (half-open TCP, a pooler in
 *   transaction mode) is taken down within 10 s, and never up in the first place;
 * - an entry lives at most `ttlMs` whatever happens, and never past its session's end or idle limit
 *   (checked by the caller against the last use it holds).
 * Another node's sign-out reaches this one when its notification does, a few milliseconds after the
 * commit: a request already on its way here in that interval can still pass, as with a read that started
 * just before the commit.
 */
/** The channel the triggers of migration 0032 notify. */
export const SESSION_CHANGED = 'session_changed';

/** The tables whose changes can end a session or change its user: the triggers of migration 0032 watch the same. */
export const SESSION_TABLES = ['sessions', 'users', 'roles'] as const;

/**
 * A statement that writes one of SESSION_TABLES, as Drizzle or hand-written SQL spells it (an UPDATE,
 * DELETE FROM or TRUNCATE naming the table, quoted or not, schema-qualified or not, also inside a WITH).
 */
const WRITES_SESSION_TABLE = new RegExp(
  String.raw`\b(?:update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\.)?"?(?:${SESSION_TABLES.join('|')})"?(?=[\s;()"]|$)`,
  'i',
);
/**
 * The once-a-minute record of a session's last use (plugins/auth.ts, `touch`), as Drizzle writes it: it
 * changes nothing a cached session holds, and the triggers skip it too (their column lists). Without this,
 * each session's touch would empty the whole node's cache once a minute.
 */
const RECORDS_LAST_USE = /^update "sessions" set "last_used_at" = \$1 where \(?"sessions"\."id" = \$2 and "sessions"\."last_used_at" < \$3\)?$/;
export const writesSessionTable = (statement: string) => WRITES_SESSION_TABLE.test(statement) && !RECORDS_LAST_USE.test(statement);

export interface CachedSession<User> {
  user: User;
  /** The session's last use as this node knows it (ms), for the idle limit and the once-a-minute write. */
  lastUsedAt: number;
  /** The session's 12-hour end (ms). */
  expiresAt: number;
  storedAt: number;
}

/** Entries kept at most: a full cache drops its oldest entry (insertion order) for each new one. */
const MAX_ENTRIES = 10_000;

export class SessionCache<User> {
  private readonly byTokenHash = new Map<string, CachedSession<User>>();
  private generation = 0;
  private live = false;

  constructor(private readonly ttlMs: number) {}

  /** The listening connection is up: start caching afresh (what came before it may have been missed). */
  up() {
    this.forget();
    this.live = true;
  }

  /** The listening connection is down: hold nothing until it is back. */
  down() {
    this.live = false;
    this.forget();
  }

  /** Drops every entry, and makes the lookups in flight unkeepable. */
  forget() {
    this.generation++;
    this.byTokenHash.clear();
  }

  /** Forgets everything when `statement` writes a table a session depends on (given every statement this node sends). */
  forgetOnWrite(statement: string) {
    if (writesSessionTable(statement)) this.forget();
  }

  get(tokenHash: string, now: number): CachedSession<User> | undefined {
    if (!this.live) return undefined;
    const entry = this.byTokenHash.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.storedAt >= this.ttlMs || now >= entry.expiresAt) {
      this.byTokenHash.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** Taken before a lookup: `keep` stores its result only if nothing was forgotten since. */
  ticket(): number {
    return this.generation;
  }

  keep(ticket: number, tokenHash: string, entry: CachedSession<User>) {
    if (!this.live || ticket !== this.generation) return;
    if (this.byTokenHash.size >= MAX_ENTRIES && !this.byTokenHash.has(tokenHash)) {
      const oldest = this.byTokenHash.keys().next().value;
      if (oldest !== undefined) this.byTokenHash.delete(oldest);
    }
    this.byTokenHash.set(tokenHash, entry);
  }

  /** Whether the listening connection is up, so that entries are kept. */
  get isLive() {
    return this.live;
  }

  get size() {
    return this.byTokenHash.size;
  }
}
