CREATE INDEX "tarifs_product_circuit_day" ON "tarifs" USING btree ("product_id","circuit_id","start_date","id");--> statement-breakpoint
-- The mobile app numbers its orders CMD-YYYY-NNNNN from the 'order' counter (system/sequences.ts).
-- Orders already numbered that way (the demo's) register their highest number of each year in it, so
-- an app order never takes one of theirs.
INSERT INTO "number_sequences" ("kind", "year", "last")
SELECT 'order', substring("num_order" from 5 for 4)::smallint, max(substring("num_order" from 10)::int)
FROM "orders"
WHERE "num_order" ~ '^CMD-[0-9]{4}-[0-9]{1,9}$'
GROUP BY substring("num_order" from 5 for 4)
ON CONFLICT ("kind", "year") DO UPDATE SET "last" = greatest("number_sequences"."last", excluded."last");
