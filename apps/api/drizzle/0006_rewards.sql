CREATE TABLE "gift_conversions" (
	"id" serial PRIMARY KEY NOT NULL,
	"ref" varchar(30) NOT NULL,
	"gift_purchase_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"loyalty_gift_id" integer NOT NULL,
	"points_used" integer NOT NULL,
	"new_points" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"qrcode" varchar(64) NOT NULL,
	"scan_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"ref" varchar(30) NOT NULL,
	"client_id" integer NOT NULL,
	"loyalty_gift_id" integer NOT NULL,
	"qte" integer NOT NULL,
	"points" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"requested_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_purchases_qte_positive" CHECK ("gift_purchases"."qte" > 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"ref" varchar(50) NOT NULL,
	"name" varchar(150) NOT NULL,
	"description" text,
	"type" varchar(10) NOT NULL,
	"qts" integer DEFAULT 0 NOT NULL,
	"nbr_of_points" integer DEFAULT 0 NOT NULL,
	"vocher_value" numeric(14, 3) DEFAULT '0' NOT NULL,
	"start_day" date,
	"end_date" date,
	"activite_id" integer,
	"circuit_id" integer,
	"category_id" integer,
	"type_client_id" integer,
	"badges_id" integer,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_gifts_stock_nonnegative" CHECK ("loyalty_gifts"."qts" >= 0),
	CONSTRAINT "loyalty_gifts_type" CHECK ("loyalty_gifts"."type" in ('bien', 'voucher'))
);
--> statement-breakpoint
CREATE TABLE "starting_gift_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"ref" varchar(30) NOT NULL,
	"client_id" integer NOT NULL,
	"starting_gift_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"qrcode" varchar(64) NOT NULL,
	"scan_date" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "starting_gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"ref" varchar(50) NOT NULL,
	"name" varchar(150) NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(50) NOT NULL,
	"value" numeric(14, 3) NOT NULL,
	"type" varchar(12) NOT NULL,
	"expiry_date" date NOT NULL,
	"actif" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_type" CHECK ("coupons"."type" in ('fixed', 'percentage'))
);
--> statement-breakpoint
CREATE TABLE "ristourne_runs" (
	"year" smallint PRIMARY KEY NOT NULL,
	"vouchers" integer NOT NULL,
	"total" numeric(16, 3) NOT NULL,
	"started_by" integer,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ristournes" (
	"id" serial PRIMARY KEY NOT NULL,
	"num_ristourne" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"year" smallint NOT NULL,
	"val_min" numeric(14, 3) NOT NULL,
	"val_max" numeric(14, 3) NOT NULL,
	"percentage" numeric(6, 3) NOT NULL,
	"remise" numeric(6, 3) NOT NULL,
	"activite_id" integer,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ristournes_range" CHECK ("ristournes"."val_min" <= "ristournes"."val_max")
);
--> statement-breakpoint
CREATE TABLE "vocher_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"vocher_ref" varchar(50) NOT NULL,
	"client_id" integer NOT NULL,
	"vocher_id" integer,
	"gift_purchase_id" integer,
	"ristourne_year" smallint,
	"solde_used" numeric(14, 3) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"qrcode" varchar(64) NOT NULL,
	"scan_date" timestamp with time zone,
	"scan" smallint,
	"manual_reason" varchar(500),
	"consumed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vocher_purchases_status" CHECK ("vocher_purchases"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "vochers" (
	"id" serial PRIMARY KEY NOT NULL,
	"ref" varchar(50) NOT NULL,
	"description" text,
	"qts" integer DEFAULT 0 NOT NULL,
	"solde" numeric(14, 3) NOT NULL,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"type_client_id" integer NOT NULL,
	"circuit_id" integer,
	"activite_id" integer,
	"category_id" integer,
	"badges_id" integer,
	"start_day" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vochers_qts_nonnegative" CHECK ("vochers"."qts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "gift_conversions" ADD CONSTRAINT "gift_conversions_gift_purchase_id_gift_purchases_id_fk" FOREIGN KEY ("gift_purchase_id") REFERENCES "public"."gift_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_conversions" ADD CONSTRAINT "gift_conversions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_conversions" ADD CONSTRAINT "gift_conversions_loyalty_gift_id_loyalty_gifts_id_fk" FOREIGN KEY ("loyalty_gift_id") REFERENCES "public"."loyalty_gifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_purchases" ADD CONSTRAINT "gift_purchases_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_purchases" ADD CONSTRAINT "gift_purchases_loyalty_gift_id_loyalty_gifts_id_fk" FOREIGN KEY ("loyalty_gift_id") REFERENCES "public"."loyalty_gifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_purchases" ADD CONSTRAINT "gift_purchases_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_purchases" ADD CONSTRAINT "gift_purchases_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_gifts" ADD CONSTRAINT "loyalty_gifts_activite_id_client_activities_id_fk" FOREIGN KEY ("activite_id") REFERENCES "public"."client_activities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_gifts" ADD CONSTRAINT "loyalty_gifts_circuit_id_client_circuits_id_fk" FOREIGN KEY ("circuit_id") REFERENCES "public"."client_circuits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_gifts" ADD CONSTRAINT "loyalty_gifts_category_id_client_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."client_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_gifts" ADD CONSTRAINT "loyalty_gifts_type_client_id_client_types_id_fk" FOREIGN KEY ("type_client_id") REFERENCES "public"."client_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_gifts" ADD CONSTRAINT "loyalty_gifts_badges_id_badges_id_fk" FOREIGN KEY ("badges_id") REFERENCES "public"."badges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "starting_gift_purchases" ADD CONSTRAINT "starting_gift_purchases_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "starting_gift_purchases" ADD CONSTRAINT "starting_gift_purchases_starting_gift_id_starting_gifts_id_fk" FOREIGN KEY ("starting_gift_id") REFERENCES "public"."starting_gifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "starting_gift_purchases" ADD CONSTRAINT "starting_gift_purchases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ristourne_runs" ADD CONSTRAINT "ristourne_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ristournes" ADD CONSTRAINT "ristournes_activite_id_client_activities_id_fk" FOREIGN KEY ("activite_id") REFERENCES "public"."client_activities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vocher_purchases" ADD CONSTRAINT "vocher_purchases_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vocher_purchases" ADD CONSTRAINT "vocher_purchases_vocher_id_vochers_id_fk" FOREIGN KEY ("vocher_id") REFERENCES "public"."vochers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vocher_purchases" ADD CONSTRAINT "vocher_purchases_gift_purchase_id_gift_purchases_id_fk" FOREIGN KEY ("gift_purchase_id") REFERENCES "public"."gift_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vocher_purchases" ADD CONSTRAINT "vocher_purchases_consumed_by_users_id_fk" FOREIGN KEY ("consumed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vochers" ADD CONSTRAINT "vochers_type_client_id_client_types_id_fk" FOREIGN KEY ("type_client_id") REFERENCES "public"."client_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vochers" ADD CONSTRAINT "vochers_circuit_id_client_circuits_id_fk" FOREIGN KEY ("circuit_id") REFERENCES "public"."client_circuits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vochers" ADD CONSTRAINT "vochers_activite_id_client_activities_id_fk" FOREIGN KEY ("activite_id") REFERENCES "public"."client_activities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vochers" ADD CONSTRAINT "vochers_category_id_client_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."client_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vochers" ADD CONSTRAINT "vochers_badges_id_badges_id_fk" FOREIGN KEY ("badges_id") REFERENCES "public"."badges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_conversions_ref_unique" ON "gift_conversions" USING btree ("ref");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_conversions_qrcode_unique" ON "gift_conversions" USING btree ("qrcode");--> statement-breakpoint
CREATE INDEX "gift_conversions_ref_trgm" ON "gift_conversions" USING gin ("ref" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "gift_conversions_purchase_idx" ON "gift_conversions" USING btree ("gift_purchase_id");--> statement-breakpoint
CREATE INDEX "gift_conversions_client_idx" ON "gift_conversions" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "gift_conversions_created_sort" ON "gift_conversions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "gift_conversions_status_sort" ON "gift_conversions" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "gift_conversions_points_sort" ON "gift_conversions" USING btree ("points_used","id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_purchases_ref_unique" ON "gift_purchases" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "gift_purchases_status_created" ON "gift_purchases" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "gift_purchases_client_idx" ON "gift_purchases" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "gift_purchases_gift_idx" ON "gift_purchases" USING btree ("loyalty_gift_id");--> statement-breakpoint
CREATE INDEX "gift_purchases_created_sort" ON "gift_purchases" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_gifts_ref_unique" ON "loyalty_gifts" USING btree (lower("ref"));--> statement-breakpoint
CREATE INDEX "loyalty_gifts_ref_trgm" ON "loyalty_gifts" USING gin ("ref" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "loyalty_gifts_name_trgm" ON "loyalty_gifts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "loyalty_gifts_name_sort" ON "loyalty_gifts" USING btree (public.sort_key("name"),"id");--> statement-breakpoint
CREATE INDEX "loyalty_gifts_ref_sort" ON "loyalty_gifts" USING btree (public.sort_key("ref"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "starting_gift_purchases_ref_unique" ON "starting_gift_purchases" USING btree ("ref");--> statement-breakpoint
CREATE UNIQUE INDEX "starting_gift_purchases_qrcode_unique" ON "starting_gift_purchases" USING btree ("qrcode");--> statement-breakpoint
CREATE INDEX "starting_gift_purchases_ref_trgm" ON "starting_gift_purchases" USING gin ("ref" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "starting_gift_purchases_client_idx" ON "starting_gift_purchases" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "starting_gift_purchases_gift_idx" ON "starting_gift_purchases" USING btree ("starting_gift_id");--> statement-breakpoint
CREATE INDEX "starting_gift_purchases_created_sort" ON "starting_gift_purchases" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "starting_gift_purchases_status_sort" ON "starting_gift_purchases" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "starting_gifts_ref_unique" ON "starting_gifts" USING btree (lower("ref"));--> statement-breakpoint
CREATE INDEX "starting_gifts_name_trgm" ON "starting_gifts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "starting_gifts_created_sort" ON "starting_gifts" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "coupons_code_trgm" ON "coupons" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "coupons_code_sort" ON "coupons" USING btree (public.sort_key("code"),"id");--> statement-breakpoint
CREATE INDEX "coupons_expiry_sort" ON "coupons" USING btree ("expiry_date","id");--> statement-breakpoint
CREATE INDEX "coupons_value_sort" ON "coupons" USING btree ("value","id");--> statement-breakpoint
CREATE INDEX "ristournes_year_activity" ON "ristournes" USING btree ("year","activite_id","val_min");--> statement-breakpoint
CREATE INDEX "ristournes_name_trgm" ON "ristournes" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ristournes_name_sort" ON "ristournes" USING btree (public.sort_key("name"),"id");--> statement-breakpoint
CREATE INDEX "ristournes_num_sort" ON "ristournes" USING btree ("num_ristourne","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vocher_purchases_ref_unique" ON "vocher_purchases" USING btree ("vocher_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "vocher_purchases_qrcode_unique" ON "vocher_purchases" USING btree ("qrcode");--> statement-breakpoint
CREATE UNIQUE INDEX "vocher_purchases_ristourne_unique" ON "vocher_purchases" USING btree ("client_id","ristourne_year") WHERE "vocher_purchases"."ristourne_year" is not null;--> statement-breakpoint
CREATE INDEX "vocher_purchases_ref_trgm" ON "vocher_purchases" USING gin ("vocher_ref" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vocher_purchases_client_idx" ON "vocher_purchases" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vocher_purchases_created_sort" ON "vocher_purchases" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "vocher_purchases_status_sort" ON "vocher_purchases" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "vocher_purchases_solde_sort" ON "vocher_purchases" USING btree ("solde_used","id");--> statement-breakpoint
CREATE INDEX "vocher_purchases_scan_sort" ON "vocher_purchases" USING btree ("scan_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vochers_ref_unique" ON "vochers" USING btree (lower("ref"));--> statement-breakpoint
CREATE INDEX "vochers_ref_trgm" ON "vochers" USING gin ("ref" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vochers_ref_sort" ON "vochers" USING btree (public.sort_key("ref"),"id");