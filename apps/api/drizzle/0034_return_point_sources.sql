CREATE TABLE "goods_return_point_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_item_id" integer NOT NULL,
	"order_item_id" integer,
	"client_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"credited" boolean NOT NULL,
	"qte" integer NOT NULL,
	"unit_points" integer NOT NULL,
	CONSTRAINT "goods_return_point_sources_qte_positive" CHECK ("goods_return_point_sources"."qte" > 0)
);
--> statement-breakpoint
ALTER TABLE "goods_return_point_sources" ADD CONSTRAINT "goods_return_point_sources_return_item_id_goods_return_items_id_fk" FOREIGN KEY ("return_item_id") REFERENCES "public"."goods_return_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_return_point_sources" ADD CONSTRAINT "goods_return_point_sources_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_return_point_sources_item_idx" ON "goods_return_point_sources" USING btree ("return_item_id","id");--> statement-breakpoint
CREATE INDEX "goods_return_point_sources_order_item_idx" ON "goods_return_point_sources" USING btree ("order_item_id");--> statement-breakpoint
-- Returns recorded before: each line's units stay valued as they were (the product's points when the
-- return was recorded), so what each return owes and took does not move.
INSERT INTO "goods_return_point_sources" ("return_item_id", "order_item_id", "client_id", "product_id", "credited", "qte", "unit_points")
  SELECT i."id", NULL, r."client_id", i."product_id", false, i."qte", i."product_points"
  FROM "goods_return_items" i JOIN "goods_returns" r ON r."id" = i."return_id";
