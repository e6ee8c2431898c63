CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"label" varchar(150),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_categorie" varchar(30) NOT NULL,
	"name" varchar(100) NOT NULL,
	"label" varchar(150) NOT NULL,
	"ordre" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"points" integer NOT NULL,
	"date_debut" date NOT NULL,
	"date_fin" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_points_period" CHECK ("product_points"."date_debut" <= "product_points"."date_fin"),
	CONSTRAINT "product_points_nonnegative" CHECK ("product_points"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"ref" varchar(50) NOT NULL,
	"label" varchar(200) NOT NULL,
	"label_ar" varchar(200),
	"description" text,
	"description_ar" text,
	"category_id" integer,
	"sub_category_id" integer,
	"brand_id" integer,
	"type" varchar(60),
	"nature" varchar(60),
	"qte" integer DEFAULT 0 NOT NULL,
	"price_ht" numeric(14, 3) DEFAULT '0' NOT NULL,
	"price_ttc" numeric(14, 3) DEFAULT '0' NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"unite_vente" varchar(30),
	"is_new" smallint DEFAULT 0 NOT NULL,
	"order_new" integer,
	"visible" smallint DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sections_id" integer DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_qte_nonnegative" CHECK ("products"."qte" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sub_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"label" varchar(150) NOT NULL,
	"category_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tarifs" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"remise" numeric(6, 3) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"pht" numeric(14, 3) NOT NULL,
	"circuit_id" integer NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tarifs_period" CHECK ("tarifs"."start_date" <= "tarifs"."end_date")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"qte" integer NOT NULL,
	"unit_price_ttc" numeric(14, 3) NOT NULL,
	"unit_points" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_items_qte_positive" CHECK ("order_items"."qte" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"num_order" varchar(40) NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"site" varchar(100),
	"address" varchar(255),
	"destination" varchar(100),
	"total_net_ttc" numeric(14, 3) DEFAULT '0' NOT NULL,
	"total_points" integer DEFAULT 0 NOT NULL,
	"points_credited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_return_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"qte" integer NOT NULL,
	"uv" varchar(30),
	"product_price" numeric(14, 3) DEFAULT '0' NOT NULL,
	"product_points" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "goods_return_items_qte_positive" CHECK ("goods_return_items"."qte" > 0)
);
--> statement-breakpoint
CREATE TABLE "goods_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"num_retour" varchar(30) NOT NULL,
	"client_id" integer NOT NULL,
	"address" varchar(255) NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "number_sequences" (
	"kind" varchar(30) NOT NULL,
	"year" smallint NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_points" ADD CONSTRAINT "product_points_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sub_category_id_sub_categories_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."sub_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_categories" ADD CONSTRAINT "sub_categories_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarifs" ADD CONSTRAINT "tarifs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarifs" ADD CONSTRAINT "tarifs_circuit_id_client_circuits_id_fk" FOREIGN KEY ("circuit_id") REFERENCES "public"."client_circuits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_return_items" ADD CONSTRAINT "goods_return_items_return_id_goods_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."goods_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_return_items" ADD CONSTRAINT "goods_return_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_returns" ADD CONSTRAINT "goods_returns_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_returns" ADD CONSTRAINT "goods_returns_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_unique" ON "brands" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "brands_name_trgm" ON "brands" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "brands_name_sort" ON "brands" USING btree (public.sort_key("name"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_code_unique" ON "product_categories" USING btree (lower("code_categorie"));--> statement-breakpoint
CREATE INDEX "product_categories_name_trgm" ON "product_categories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_categories_code_trgm" ON "product_categories" USING gin ("code_categorie" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_categories_name_sort" ON "product_categories" USING btree (public.sort_key("name"),"id");--> statement-breakpoint
CREATE INDEX "product_categories_code_sort" ON "product_categories" USING btree (public.sort_key("code_categorie"),"id");--> statement-breakpoint
CREATE INDEX "product_categories_ordre_sort" ON "product_categories" USING btree ("ordre","id");--> statement-breakpoint
CREATE INDEX "product_points_product_idx" ON "product_points" USING btree ("product_id","date_debut","date_fin");--> statement-breakpoint
CREATE INDEX "product_points_debut_sort" ON "product_points" USING btree ("date_debut","id");--> statement-breakpoint
CREATE INDEX "product_points_fin_sort" ON "product_points" USING btree ("date_fin","id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_ref_unique" ON "products" USING btree (lower("ref"));--> statement-breakpoint
CREATE INDEX "products_ref_trgm" ON "products" USING gin ("ref" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_label_trgm" ON "products" USING gin ("label" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_label_ar_trgm" ON "products" USING gin ("label_ar" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_sub_category_idx" ON "products" USING btree ("sub_category_id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_ref_sort" ON "products" USING btree (public.sort_key("ref"),"id");--> statement-breakpoint
CREATE INDEX "products_label_sort" ON "products" USING btree (public.sort_key("label"),"id");--> statement-breakpoint
CREATE INDEX "products_price_ht_sort" ON "products" USING btree ("price_ht","id");--> statement-breakpoint
CREATE INDEX "products_price_ttc_sort" ON "products" USING btree ("price_ttc","id");--> statement-breakpoint
CREATE INDEX "products_points_sort" ON "products" USING btree ("points","id");--> statement-breakpoint
CREATE INDEX "products_position_sort" ON "products" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "products_new_order" ON "products" USING btree ("order_new","id") WHERE "products"."is_new" = 1;--> statement-breakpoint
CREATE INDEX "products_visible_idx" ON "products" USING btree ("visible","id");--> statement-breakpoint
CREATE INDEX "sub_categories_name_trgm" ON "sub_categories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sub_categories_name_sort" ON "sub_categories" USING btree (public.sort_key("name"),"id");--> statement-breakpoint
CREATE INDEX "sub_categories_category_idx" ON "sub_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "tarifs_product_idx" ON "tarifs" USING btree ("product_id","start_date");--> statement-breakpoint
CREATE INDEX "tarifs_circuit_idx" ON "tarifs" USING btree ("circuit_id");--> statement-breakpoint
CREATE INDEX "tarifs_start_sort" ON "tarifs" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "tarifs_end_sort" ON "tarifs" USING btree ("end_date","id");--> statement-breakpoint
CREATE INDEX "tarifs_remise_sort" ON "tarifs" USING btree ("remise","id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_num_unique" ON "orders" USING btree ("num_order");--> statement-breakpoint
CREATE INDEX "orders_num_trgm" ON "orders" USING gin ("num_order" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("client_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_created_sort" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_created" ON "orders" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_site_sort" ON "orders" USING btree ("site","id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "goods_return_items_return_idx" ON "goods_return_items" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "goods_return_items_product_idx" ON "goods_return_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_returns_num_unique" ON "goods_returns" USING btree ("num_retour");--> statement-breakpoint
CREATE INDEX "goods_returns_num_trgm" ON "goods_returns" USING gin ("num_retour" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_returns_client_idx" ON "goods_returns" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "goods_returns_created_sort" ON "goods_returns" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "number_sequences_pk" ON "number_sequences" USING btree ("kind","year");