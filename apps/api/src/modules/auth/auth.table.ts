import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  label: varchar('label', { length: 60 }).notNull().unique('roles_label_unique'),
});

/**
 * Every account: back-office staff (zone chiefs carry CODE_CHEF_ZONE) and the clients' users of the
 * mobile app (CLIENT_ID set, role patente). STATUS 0 is an account waiting for validation or
 * deactivated: it cannot sign in.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 190 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    lastname: varchar('lastname', { length: 60 }).notNull().default(''),
    firstname: varchar('firstname', { length: 60 }).notNull().default(''),
    gsm: varchar('gsm', { length: 20 }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    status: smallint('status').notNull().default(1),
    birthday: date('birthday', { mode: 'string' }),
    /** M. or Mme */
    gender: varchar('gender', { length: 4 }),
    gouvernorat: varchar('gouvernorat', { length: 30 }),
    /** The client a mobile-app user belongs to (FK added by the contacts migration). */
    clientId: integer('client_id'),
    /** The company of a back-office user (a client type), shown as "société". */
    typeClientId: integer('type_client_id'),
    codeChefZone: varchar('code_chef_zone', { length: 30 }),
    /** Last connection on the mobile app. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.roleId),
    uniqueIndex('users_code_chef_zone_unique').on(sql`lower(${t.codeChefZone})`),
    index('users_client_idx').on(t.clientId),
    // The dashboard's users seen in the last 60 and 30 days: a range of the app users' last connections.
    index('users_app_last_seen').on(t.lastSeenAt).where(sql`${t.clientId} is not null`),
    index('users_status_idx').on(t.status, t.id),
    index('users_lastname_trgm').using('gin', t.lastname.op('gin_trgm_ops')),
    index('users_firstname_trgm').using('gin', t.firstname.op('gin_trgm_ops')),
    index('users_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
    index('users_name_sort').on(sql`public.sort_key(${t.lastname})`, t.id),
  ],
);

/** Bearer sessions: only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique('sessions_token_unique'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Last request made with the session, for the idle expiry (SESSION_IDLE_MINUTES). Written at most
     * once a minute per session (plugins/auth.ts), so a busy screen does not write on every call.
     */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** History of decided sign-in attempts (who, from where, outcome); the limits themselves are in `throttles`. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 190 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    success: boolean('success').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_email_idx').on(t.email, t.at), index('login_attempts_ip_idx').on(t.ip, t.at)],
);

/**
 * Counters of the abuse limits (sign-in per IP and per account, reset codes, code checks), one row
 * per key such as `login-ip:203.0.113.7`. They live in the database so that every API node sees the
 * same counts, and each is checked and counted in one statement (see login-attempts.ts and
 * request-window.ts), so parallel requests cannot slip past a limit together.
 */
export const throttles = pgTable(
  'throttles',
  {
    key: varchar('key', { length: 300 }).primaryKey(),
    /** Hits counted in the current window (or failures in a row, for an account's sign-in). */
    hits: integer('hits').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('throttles_last_at_idx').on(t.lastAt)],
);

/** Captcha solutions already used (a solution works once). */
export const captchaUses = pgTable('captcha_uses', {
  signature: varchar('signature', { length: 128 }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/** Connection logs (spec 3 §2.13): one row per successful sign-in. */
export const connectionLogs = pgTable(
  'connection_logs',
  {
    id: serial('id').primaryKey(),
    platform: varchar('platform', { length: 40 }).notNull(),
    deviceName: varchar('device_name', { length: 200 }),
    deviceId: varchar('device_id', { length: 200 }),
    ip: varchar('ip', { length: 64 }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: integer('client_id'),
    dateLogin: timestamp('date_login', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('connection_logs_date_idx').on(t.dateLogin),
    index('connection_logs_user_idx').on(t.userId),
    // The logs screen: one source, one year, newest first (issue 10 §3).
    index('connection_logs_platform_date').on(t.platform, t.dateLogin, t.id),
    index('connection_logs_date_sort').on(t.dateLogin, t.id),
    index('connection_logs_client_idx').on(t.clientId),
  ],
);
