CREATE TABLE "points_lot_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"ledger_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "points_lot_uses_amount_positive" CHECK ("points_lot_uses"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "points_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"ledger_id" integer,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_lots_amount_positive" CHECK ("points_lots"."amount" > 0),
	CONSTRAINT "points_lots_remaining_range" CHECK ("points_lots"."remaining" >= 0 and "points_lots"."remaining" <= "points_lots"."amount")
);
--> statement-breakpoint
CREATE TABLE "programme_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"expiry_policy" varchar(10) DEFAULT 'never' NOT NULL,
	"expiry_months" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programme_settings_single_row" CHECK ("programme_settings"."id" = 1),
	CONSTRAINT "programme_settings_policy" CHECK ("programme_settings"."expiry_policy" in ('never', 'months', 'year_end')),
	CONSTRAINT "programme_settings_months" CHECK (("programme_settings"."expiry_policy" = 'months') = ("programme_settings"."expiry_months" is not null) and coalesce("programme_settings"."expiry_months", 1) between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "points_lot_uses" ADD CONSTRAINT "points_lot_uses_ledger_id_points_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."points_ledger"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_lot_uses" ADD CONSTRAINT "points_lot_uses_lot_id_points_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."points_lots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_lots" ADD CONSTRAINT "points_lots_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_lots" ADD CONSTRAINT "points_lots_ledger_id_points_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."points_ledger"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_lot_uses_ledger_idx" ON "points_lot_uses" USING btree ("ledger_id");--> statement-breakpoint
CREATE INDEX "points_lot_uses_lot_idx" ON "points_lot_uses" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "points_lots_open_idx" ON "points_lots" USING btree ("client_id","expires_at","created_at","id") WHERE "points_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "points_lots_expiry_idx" ON "points_lots" USING btree ("expires_at","client_id") WHERE "points_lots"."remaining" > 0 and "points_lots"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "points_lots_ledger_idx" ON "points_lots" USING btree ("ledger_id");--> statement-breakpoint

-- Points expiry. The programme's settings row: nothing expires until an admin chooses.
INSERT INTO "programme_settings" ("id") VALUES (1);
--> statement-breakpoint

-- Existing balances become lots without changing any balance: one lot per client with points, no expiry
-- (the policy in force is `never`). POINTS_FID is the sum of the client's remaining amounts from now on.
INSERT INTO "points_lots" ("client_id", "amount", "remaining", "expires_at", "created_at")
SELECT "id", "points_fid", "points_fid", NULL, now() FROM "clients" WHERE "points_fid" > 0 ORDER BY "id";
--> statement-breakpoint

-- When a lot credited at `at` expires: null (never), `months` after it, or at the end of 31 December of
-- the year after it, calendar and clock of Africa/Tunis (the lot is spendable through that whole day).
CREATE FUNCTION points_lot_expiry(policy text, months integer, at timestamptz) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT CASE policy
    WHEN 'months' THEN ((at AT TIME ZONE 'Africa/Tunis') + make_interval(months => months)) AT TIME ZONE 'Africa/Tunis'
    WHEN 'year_end' THEN make_timestamp(extract(year FROM at AT TIME ZONE 'Africa/Tunis')::int + 2, 1, 1, 0, 0, 0) AT TIME ZONE 'Africa/Tunis'
  END;
$$;
--> statement-breakpoint

-- The lots of the ledger, kept by one statement-level trigger, set-based: whichever code writes ledger rows
-- (applyPoints, the ERP sync, the seeds), in the statement that writes them and so behind the clients row
-- lock that statement's UPDATE of the balances holds. Each credit row becomes a lot expiring by the policy
-- in force; the debit rows of a client (in id order) consume its open lots first-in first-out: earliest
-- expiry first, never-expiring last, then oldest. Each debit's range [lo, hi) of the client's debited
-- points overlaps the lots' ranges of remaining points; each overlap is one use.
CREATE FUNCTION points_ledger_lots() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  policy text;
  months integer;
BEGIN
  SELECT s.expiry_policy, s.expiry_months INTO policy, months FROM programme_settings s WHERE s.id = 1;
  INSERT INTO points_lots (client_id, ledger_id, amount, remaining, expires_at, created_at)
  SELECT n.client_id, n.id, n.amount, n.amount, points_lot_expiry(coalesce(policy, 'never'), months, n.created_at), n.created_at
  FROM new_rows n WHERE n.amount > 0 ORDER BY n.id;
  IF NOT EXISTS (SELECT 1 FROM new_rows WHERE amount < 0) THEN
    RETURN NULL;
  END IF;
  WITH d AS (
    SELECT n.id, n.client_id, sum(-n.amount) OVER w + n.amount AS lo, sum(-n.amount) OVER w AS hi
    FROM new_rows n WHERE n.amount < 0
    WINDOW w AS (PARTITION BY n.client_id ORDER BY n.id)
  ), l AS (
    SELECT p.id, p.client_id, sum(p.remaining) OVER w - p.remaining AS lo, sum(p.remaining) OVER w AS hi
    FROM points_lots p WHERE p.remaining > 0 AND p.client_id IN (SELECT client_id FROM d)
    WINDOW w AS (PARTITION BY p.client_id ORDER BY p.expires_at ASC NULLS LAST, p.created_at, p.id)
  ), u AS (
    SELECT d.id AS ledger_id, l.id AS lot_id, (least(d.hi, l.hi) - greatest(d.lo, l.lo))::int AS amount
    FROM d JOIN l ON l.client_id = d.client_id AND l.lo < d.hi AND d.lo < l.hi
  ), used AS (
    INSERT INTO points_lot_uses (ledger_id, lot_id, amount) SELECT u.ledger_id, u.lot_id, u.amount FROM u ORDER BY u.ledger_id, u.lot_id
  )
  UPDATE points_lots p SET remaining = p.remaining - s.amount
  FROM (SELECT u.lot_id, sum(u.amount)::int AS amount FROM u GROUP BY u.lot_id) s WHERE p.id = s.lot_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER points_ledger_lots AFTER INSERT ON points_ledger REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION points_ledger_lots();
