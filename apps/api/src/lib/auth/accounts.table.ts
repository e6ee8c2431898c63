import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/*
 * The tables every request reads: who is signed in (roles, users, sessions) and the
 * captcha solutions already spent. They sit in lib/ rather than in modules/auth because the request
 * plugins (plugins/auth.ts, plugins/captcha.ts) and two thirds of the modules need them, and lib and
 * plugins never import a module. Moving the definitions here (rather than passing a lookup in from
 * modules/auth) keeps the session query one plain function the plugin calls; the SQL names are
 * unchanged, so the schema and its migrations are unchanged too. The sign-in module's own tables
 * (password resets, attempts, throttles, connection logs) stay in modules/auth/auth.table.ts.
 */

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
    /**
     * When staff first let the account sign in (STATUS 1), set by a trigger whatever writes it: an
     * account at STATUS 0 without it is a request never validated, with it an account switched off.
     */
    validatedAt: timestamp('validated_at', { withTimezone: true }),
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

/** Captcha solutions already used (a solution works once). */
export const captchaUses = pgTable('captcha_uses', {
  signature: varchar('signature', { length: 128 }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
