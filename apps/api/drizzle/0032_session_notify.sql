-- Each node keeps the sessions it has checked for a few seconds (lib/auth/session-cache.ts) and forgets them
-- all when PostgreSQL says a session may have changed: these triggers notify the channel `session_changed`
-- at the commit of any statement that could end a session or change what it lets its user do, whoever runs
-- it (a node, the ERP synchronisation, an administrator in psql). A session's last use is written once a
-- minute and changes neither: it notifies nothing. One notification per statement, not per row: a node
-- forgets every cached session, which costs one lookup per signed-in user afterwards.
CREATE FUNCTION "session_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE OF "revoked_at", "expires_at", "user_id", "token_hash" OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER UPDATE OF "email", "firstname", "lastname", "status", "role_id", "client_id" OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "roles_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "session_changed_notify"();
