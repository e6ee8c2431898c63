-- Dashboard summary tables kept by statement-level triggers with transition tables:
-- one aggregate upsert per statement, in the writing transaction, whoever writes (the app, the invoice
-- sync, seed:large). Keys are Tunis months and days. Upserts go in key order so that two writers
-- lock summary rows in the same order. The triggers are created before the backfill: CREATE TRIGGER
-- holds off other writers until this migration commits, so no row is counted twice or missed.

-- Orders per month of creation and status.
CREATE FUNCTION order_month_stats_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_month_stats AS s (month, status, n, total)
    SELECT date_trunc('month', created_at AT TIME ZONE 'Africa/Tunis')::date, status, count(*), sum(total_net_ttc)
    FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (month, status) DO UPDATE SET n = s.n + excluded.n, total = s.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_month_stats AS s (month, status, n, total)
    SELECT date_trunc('month', created_at AT TIME ZONE 'Africa/Tunis')::date, status, -count(*), -sum(total_net_ttc)
    FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (month, status) DO UPDATE SET n = s.n + excluded.n, total = s.total + excluded.total;
  ELSE
    -- One net change per key: an update that touches neither status, date nor total writes nothing.
    INSERT INTO order_month_stats AS s (month, status, n, total)
    SELECT month, status, sum(n), sum(total) FROM (
      SELECT date_trunc('month', created_at AT TIME ZONE 'Africa/Tunis')::date AS month, status, 1 AS n, total_net_ttc AS total FROM new_rows
      UNION ALL
      SELECT date_trunc('month', created_at AT TIME ZONE 'Africa/Tunis')::date, status, -1, -total_net_ttc FROM old_rows
    ) d GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(total) <> 0 ORDER BY 1, 2
    ON CONFLICT (month, status) DO UPDATE SET n = s.n + excluded.n, total = s.total + excluded.total;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_stats_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_month_stats_sync();
--> statement-breakpoint
CREATE TRIGGER orders_stats_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_month_stats_sync();
--> statement-breakpoint
CREATE TRIGGER orders_stats_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_month_stats_sync();
--> statement-breakpoint
CREATE FUNCTION order_month_stats_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_month_stats;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_stats_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION order_month_stats_clear();
--> statement-breakpoint

-- Mobile-app visits: (day, user) pairs counted, and the distinct users per day. A pair is created
-- when its first connection arrives (xmax = 0 tells an inserted row from an updated one, also when
-- two writers race on the same pair) and removed with its last.
CREATE FUNCTION app_visits_add(days date[], user_ids integer[], ns integer[]) RETURNS void LANGUAGE sql AS $$
  WITH up AS (
    INSERT INTO app_visits AS v (day, user_id, n)
    SELECT d.day, d.user_id, d.n FROM unnest(days, user_ids, ns) AS d(day, user_id, n) ORDER BY 1, 2
    ON CONFLICT (day, user_id) DO UPDATE SET n = v.n + excluded.n
    RETURNING v.day, v.xmax = 0 AS created
  )
  INSERT INTO app_visitor_days AS a (day, n)
  SELECT day, count(*) FROM up WHERE created GROUP BY 1 ORDER BY 1
  ON CONFLICT (day) DO UPDATE SET n = a.n + excluded.n;
$$;
--> statement-breakpoint
CREATE FUNCTION app_visits_remove(days date[], user_ids integer[], ns integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE app_visits v SET n = v.n - d.n FROM unnest(days, user_ids, ns) AS d(day, user_id, n) WHERE v.day = d.day AND v.user_id = d.user_id;
  WITH gone AS (
    DELETE FROM app_visits v USING unnest(days, user_ids) AS d(day, user_id)
    WHERE v.day = d.day AND v.user_id = d.user_id AND v.n <= 0 RETURNING v.day
  )
  UPDATE app_visitor_days a SET n = a.n - g.k FROM (SELECT day, count(*) AS k FROM gone GROUP BY 1) g WHERE a.day = g.day;
  DELETE FROM app_visitor_days WHERE day = ANY (days) AND n <= 0;
END $$;
--> statement-breakpoint

-- Connection logs per month and platform, and the app's visits. 'Application Mobile' is
-- MOBILE_PLATFORM of packages/domain (the platform the mobile app writes).
CREATE FUNCTION connection_stats_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO connection_month_stats AS s (month, platform, n)
    SELECT date_trunc('month', date_login AT TIME ZONE 'Africa/Tunis')::date, platform, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (month, platform) DO UPDATE SET n = s.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO connection_month_stats AS s (month, platform, n)
    SELECT date_trunc('month', date_login AT TIME ZONE 'Africa/Tunis')::date, platform, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (month, platform) DO UPDATE SET n = s.n + excluded.n;
  ELSE
    INSERT INTO connection_month_stats AS s (month, platform, n)
    SELECT month, platform, sum(n) FROM (
      SELECT date_trunc('month', date_login AT TIME ZONE 'Africa/Tunis')::date AS month, platform, 1 AS n FROM new_rows
      UNION ALL
      SELECT date_trunc('month', date_login AT TIME ZONE 'Africa/Tunis')::date, platform, -1 FROM old_rows
    ) d GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
    ON CONFLICT (month, platform) DO UPDATE SET n = s.n + excluded.n;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM app_visits_remove(array_agg(day), array_agg(user_id), array_agg(n)) FROM (
      SELECT (date_login AT TIME ZONE 'Africa/Tunis')::date AS day, user_id, count(*)::int AS n FROM old_rows
      WHERE platform = 'Application Mobile' AND user_id IS NOT NULL GROUP BY 1, 2
    ) x;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM app_visits_add(array_agg(day), array_agg(user_id), array_agg(n)) FROM (
      SELECT (date_login AT TIME ZONE 'Africa/Tunis')::date AS day, user_id, count(*)::int AS n FROM new_rows
      WHERE platform = 'Application Mobile' AND user_id IS NOT NULL GROUP BY 1, 2
    ) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER connection_logs_stats_insert AFTER INSERT ON connection_logs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION connection_stats_sync();
--> statement-breakpoint
CREATE TRIGGER connection_logs_stats_update AFTER UPDATE ON connection_logs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION connection_stats_sync();
--> statement-breakpoint
CREATE TRIGGER connection_logs_stats_delete AFTER DELETE ON connection_logs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION connection_stats_sync();
--> statement-breakpoint
CREATE FUNCTION connection_stats_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM connection_month_stats;
  DELETE FROM app_visits;
  DELETE FROM app_visitor_days;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER connection_logs_stats_truncate AFTER TRUNCATE ON connection_logs FOR EACH STATEMENT EXECUTE FUNCTION connection_stats_clear();
--> statement-breakpoint

-- What is already there.
INSERT INTO order_month_stats (month, status, n, total)
SELECT date_trunc('month', created_at AT TIME ZONE 'Africa/Tunis')::date, status, count(*), sum(total_net_ttc) FROM orders GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO connection_month_stats (month, platform, n)
SELECT date_trunc('month', date_login AT TIME ZONE 'Africa/Tunis')::date, platform, count(*) FROM connection_logs GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO app_visits (day, user_id, n)
SELECT (date_login AT TIME ZONE 'Africa/Tunis')::date, user_id, count(*) FROM connection_logs
WHERE platform = 'Application Mobile' AND user_id IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO app_visitor_days (day, n) SELECT day, count(*) FROM app_visits GROUP BY 1;
