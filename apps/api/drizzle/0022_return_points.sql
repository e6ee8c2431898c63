ALTER TABLE "goods_returns" ADD COLUMN "points_owed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "goods_returns" ADD COLUMN "points_debited" integer;--> statement-breakpoint
ALTER TABLE "goods_returns" ADD COLUMN "points_client_id" integer;--> statement-breakpoint
ALTER TABLE "goods_returns" ADD CONSTRAINT "goods_returns_points_client_id_clients_id_fk" FOREIGN KEY ("points_client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- What each return recorded so far owes, shown on its detail; its points_debited stays null: those
-- returns were recorded before returns took points back, and the ledger leaves them as they were.
UPDATE "goods_returns" r SET "points_owed" = coalesce((SELECT sum(i."product_points" * i."qte") FROM "goods_return_items" i WHERE i."return_id" = r."id"), 0);
