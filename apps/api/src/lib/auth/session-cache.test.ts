import { describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../../db/client';
import { touchQuery } from '../../plugins/auth';
import { SessionCache, writesSessionTable } from './session-cache';

describe('writesSessionTable', () => {
  it('sees a write to sessions, users or roles however it is spelt', () => {
    for (const statement of [
      'update "sessions" set "revoked_at" = $1 where "sessions"."user_id" = $2',
      'delete from "users" where "users"."id" = $1',
      'UPDATE users SET status = 0',
      'with gone as (update users set status = 0 where id = any($1) returning id) select count(*) from gone',
      'truncate table roles cascade',
      'TRUNCATE "public"."sessions"',
      'delete from only public.sessions where expires_at < now()',
      'update "roles"\nset "label" = $1',
    ])
      expect(writesSessionTable(statement), statement).toBe(true);
  });

  it('leaves alone the once-a-minute record of a session’s last use, as the sign-in check sends it', () => {
    const statement = touchQuery(drizzle.mock() as unknown as Db, 7, Date.now()).toSQL().sql;
    expect(statement).toMatch(/^update "sessions" set "last_used_at"/);
    expect(writesSessionTable(statement)).toBe(false);
    expect(writesSessionTable(statement.replace('"last_used_at" = $1', '"revoked_at" = $1'))).toBe(true);
  });

  it('leaves reads, inserts and other tables alone', () => {
    for (const statement of [
      'select "id" from "users" where "email" = $1',
      'insert into "sessions" ("user_id", "token_hash") values ($1, $2)',
      'update "user_settings" set "value" = $1',
      'update "sessions_archive" set x = 1',
      'delete from "clients" where "id" in (select "client_id" from "users")',
      'update "clients" set "updated_by" = (select id from users limit 1)',
    ])
      expect(writesSessionTable(statement), statement).toBe(false);
  });
});

const user = { id: 1 };
const entry = (now: number, over: Partial<{ lastUsedAt: number; expiresAt: number }> = {}) => ({
  user,
  lastUsedAt: now,
  expiresAt: now + 3600_000,
  storedAt: now,
  ...over,
});

describe('SessionCache', () => {
  it('holds nothing until its listener is up, and drops everything when it goes down', () => {
    const cache = new SessionCache<typeof user>(30_000);
    cache.keep(cache.ticket(), 'h', entry(1000));
    expect(cache.get('h', 1000)).toBeUndefined();
    cache.up();
    cache.keep(cache.ticket(), 'h', entry(1000));
    expect(cache.get('h', 1001)?.user).toBe(user);
    cache.down();
    expect(cache.get('h', 1002)).toBeUndefined();
    cache.up();
    expect(cache.get('h', 1003)).toBeUndefined();
  });

  it('does not keep a lookup that overlapped a forget (a read made before a revocation)', () => {
    const cache = new SessionCache<typeof user>(30_000);
    cache.up();
    const ticket = cache.ticket();
    cache.forgetOnWrite('update "sessions" set "revoked_at" = now()');
    cache.keep(ticket, 'h', entry(1000));
    expect(cache.get('h', 1000)).toBeUndefined();
    const later = cache.ticket();
    cache.forgetOnWrite('select 1');
    cache.keep(later, 'h', entry(1000));
    expect(cache.get('h', 1000)).toBeDefined();
  });

  it('forgets every entry on a notification or a local write to a session table', () => {
    const cache = new SessionCache<typeof user>(30_000);
    cache.up();
    cache.keep(cache.ticket(), 'a', entry(1000));
    cache.keep(cache.ticket(), 'b', entry(1000));
    cache.forgetOnWrite('select * from "users"');
    expect(cache.size).toBe(2);
    cache.forgetOnWrite('update "users" set "role_id" = $1 where "id" = $2');
    expect(cache.size).toBe(0);
    cache.keep(cache.ticket(), 'a', entry(1000));
    cache.forget();
    expect(cache.get('a', 1000)).toBeUndefined();
  });

  it('gives an entry up after its time to live or at its session’s end', () => {
    const cache = new SessionCache<typeof user>(30_000);
    cache.up();
    cache.keep(cache.ticket(), 'h', entry(1000));
    expect(cache.get('h', 30_999)).toBeDefined();
    expect(cache.get('h', 31_000)).toBeUndefined();
    cache.keep(cache.ticket(), 'h', entry(1000, { expiresAt: 5000 }));
    expect(cache.get('h', 4999)).toBeDefined();
    expect(cache.get('h', 5000)).toBeUndefined();
  });

  it('keeps at most 10,000 entries, dropping the oldest', () => {
    const cache = new SessionCache<typeof user>(30_000);
    cache.up();
    for (let i = 0; i < 10_001; i++) cache.keep(cache.ticket(), `h${i}`, entry(1000));
    expect(cache.size).toBe(10_000);
    expect(cache.get('h0', 1000)).toBeUndefined();
    expect(cache.get('h10000', 1000)).toBeDefined();
  });
});
