-- Orders' row count (lib/counts), kept as 0016 keeps the clients': one upsert per statement, in the
-- writing transaction. The orders list reads it as its total when it has no condition.
CREATE FUNCTION orders_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSE
    SELECT -count(*) INTO delta FROM old_rows;
  END IF;
  PERFORM dashboard_count_add(array['orders'], array[delta]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_counts_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_counts_sync();
--> statement-breakpoint
CREATE TRIGGER orders_counts_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_counts_sync();
--> statement-breakpoint
CREATE TRIGGER orders_counts_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_truncated('orders');
--> statement-breakpoint
INSERT INTO dashboard_counts (key, n) SELECT 'orders', count(*) FROM orders;
