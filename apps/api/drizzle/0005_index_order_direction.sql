DROP INDEX "points_ledger_client_idx";--> statement-breakpoint
DROP INDEX "orders_client_idx";--> statement-breakpoint
DROP INDEX "orders_created_sort";--> statement-breakpoint
DROP INDEX "orders_status_created";--> statement-breakpoint
CREATE INDEX "points_ledger_client_idx" ON "points_ledger" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_sort" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created" ON "orders" USING btree ("status","created_at","id");