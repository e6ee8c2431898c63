-- The tiles' and cards' counts (dashboard_counts) and the app's registrations per month, kept by
-- statement-level triggers as in 0014: one upsert per statement, and none when the statement changes
-- no count (most updates of clients and users: points, last connection).

CREATE FUNCTION dashboard_count_add(keys text[], deltas bigint[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_counts AS s (key, n)
  SELECT k, d FROM unnest(keys, deltas) AS x(k, d) WHERE d <> 0 ORDER BY k
  ON CONFLICT (key) DO UPDATE SET n = s.n + excluded.n;
$$;
--> statement-breakpoint

-- Clients: all, and active (IS_ACTIVE = 1).
CREATE FUNCTION clients_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plus bigint[] := array[0, 0];
  minus bigint[] := array[0, 0];
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT array[count(*), count(*) FILTER (WHERE is_active = 1)] INTO plus FROM new_rows;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT array[count(*), count(*) FILTER (WHERE is_active = 1)] INTO minus FROM old_rows;
  END IF;
  PERFORM dashboard_count_add(array['clients', 'clients_active'], array[plus[1] - minus[1], plus[2] - minus[2]]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_counts_insert AFTER INSERT ON clients REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_counts_sync();
--> statement-breakpoint
CREATE TRIGGER clients_counts_update AFTER UPDATE ON clients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_counts_sync();
--> statement-breakpoint
CREATE TRIGGER clients_counts_delete AFTER DELETE ON clients REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clients_counts_sync();
--> statement-breakpoint

-- Products.
CREATE FUNCTION products_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d bigint := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO d FROM new_rows;
  ELSE
    SELECT -count(*) INTO d FROM old_rows;
  END IF;
  PERFORM dashboard_count_add(array['products'], array[d]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_counts_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_counts_sync();
--> statement-breakpoint
CREATE TRIGGER products_counts_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_counts_sync();
--> statement-breakpoint

-- Users: the clients' app users (CLIENT_ID set), the accounts of role patente, and the former per
-- month of registration.
CREATE FUNCTION users_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  patente integer := (SELECT id FROM roles WHERE label = 'patente');
  plus bigint[] := array[0, 0];
  minus bigint[] := array[0, 0];
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT array[count(*) FILTER (WHERE client_id IS NOT NULL), count(*) FILTER (WHERE role_id = patente)] INTO plus FROM new_rows;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT array[count(*) FILTER (WHERE client_id IS NOT NULL), count(*) FILTER (WHERE role_id = patente)] INTO minus FROM old_rows;
  END IF;
  PERFORM dashboard_count_add(array['client_users', 'patente_users'], array[plus[1] - minus[1], plus[2] - minus[2]]);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO registration_month_stats AS s (month, n)
    SELECT date_trunc('month', created_at AT TIME ZONE 'Africa/Tunis')::date, count(*) FROM new_rows WHERE client_id IS NOT NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT (month) DO UPDATE SET n = s.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO registration_month_stats AS s (month, n)
    SELECT date_trunc('month', created_at AT TIME ZONE 'Africa/Tunis')::date, -count(*) FROM old_rows WHERE client_id IS NOT NULL GROUP BY 1 ORDER BY 1
    ON CONFLICT (month) DO UPDATE SET n = s.n + excluded.n;
  ELSE
    INSERT INTO registration_month_stats AS s (month, n)
    SELECT month, sum(n) FROM (
      SELECT date_trunc('month', created_at AT TIME ZONE 'Africa/Tunis')::date AS month, 1 AS n FROM new_rows WHERE client_id IS NOT NULL
      UNION ALL
      SELECT date_trunc('month', created_at AT TIME ZONE 'Africa/Tunis')::date, -1 FROM old_rows WHERE client_id IS NOT NULL
    ) d GROUP BY 1 HAVING sum(n) <> 0 ORDER BY 1
    ON CONFLICT (month) DO UPDATE SET n = s.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_counts_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_counts_sync();
--> statement-breakpoint
CREATE TRIGGER users_counts_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_counts_sync();
--> statement-breakpoint
CREATE TRIGGER users_counts_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_counts_sync();
--> statement-breakpoint

-- A truncated table's counts go with it.
CREATE FUNCTION dashboard_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_counts WHERE key = ANY (TG_ARGV);
  IF TG_TABLE_NAME = 'users' THEN DELETE FROM registration_month_stats; END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_counts_truncate AFTER TRUNCATE ON clients FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_truncated('clients', 'clients_active');
--> statement-breakpoint
CREATE TRIGGER products_counts_truncate AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_truncated('products');
--> statement-breakpoint
CREATE TRIGGER users_counts_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_truncated('client_users', 'patente_users');
--> statement-breakpoint

-- What is already there.
INSERT INTO dashboard_counts (key, n)
SELECT 'clients', count(*) FROM clients
UNION ALL SELECT 'clients_active', count(*) FROM clients WHERE is_active = 1
UNION ALL SELECT 'products', count(*) FROM products
UNION ALL SELECT 'client_users', count(*) FROM users WHERE client_id IS NOT NULL
UNION ALL SELECT 'patente_users', count(*) FROM users u JOIN roles r ON r.id = u.role_id WHERE r.label = 'patente';
--> statement-breakpoint
INSERT INTO registration_month_stats (month, n)
SELECT date_trunc('month', created_at AT TIME ZONE 'Africa/Tunis')::date, count(*) FROM users WHERE client_id IS NOT NULL GROUP BY 1;
