CREATE TABLE "contact_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"gsm" varchar(8) NOT NULL,
	"content" text NOT NULL,
	"source" varchar(10) DEFAULT 'staff' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gallery_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" varchar(255) NOT NULL,
	"kind" varchar(10) DEFAULT 'image' NOT NULL,
	"link" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_fr" varchar(255) NOT NULL,
	"title_en" varchar(255) NOT NULL,
	"content_fr" text NOT NULL,
	"content_en" text NOT NULL,
	"img_title" varchar(255),
	"alt" varchar(255),
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_tools" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"alt_logo" varchar(255),
	"site_web" varchar(500),
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_fr" varchar(255) NOT NULL,
	"title_en" varchar(255) NOT NULL,
	"content_fr" text NOT NULL,
	"content_en" text NOT NULL,
	"img_title" varchar(255),
	"alt" varchar(255),
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_requests_name_trgm" ON "contact_requests" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_requests_gsm_trgm" ON "contact_requests" USING gin ("gsm" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_requests_content_trgm" ON "contact_requests" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_requests_name_sort" ON "contact_requests" USING btree (public.sort_key("name"),"id");--> statement-breakpoint
CREATE INDEX "contact_requests_created_idx" ON "contact_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_requests_gsm_idx" ON "contact_requests" USING btree ("gsm");--> statement-breakpoint
CREATE INDEX "gallery_items_position_idx" ON "gallery_items" USING btree ("position");--> statement-breakpoint
CREATE INDEX "gallery_items_title_trgm" ON "gallery_items" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "gallery_items_kind_idx" ON "gallery_items" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "gallery_items_title_sort" ON "gallery_items" USING btree (public.sort_key("title"),"id");--> statement-breakpoint
CREATE INDEX "home_services_position_idx" ON "home_services" USING btree ("position");--> statement-breakpoint
CREATE INDEX "home_services_title_fr_trgm" ON "home_services" USING gin ("title_fr" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "home_services_title_en_trgm" ON "home_services" USING gin ("title_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "home_services_title_fr_sort" ON "home_services" USING btree (public.sort_key("title_fr"),"id");--> statement-breakpoint
CREATE INDEX "home_services_title_en_sort" ON "home_services" USING btree (public.sort_key("title_en"),"id");--> statement-breakpoint
CREATE INDEX "partner_tools_position_idx" ON "partner_tools" USING btree ("position");--> statement-breakpoint
CREATE INDEX "partner_tools_name_trgm" ON "partner_tools" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partner_tools_name_sort" ON "partner_tools" USING btree (public.sort_key("name"),"id");--> statement-breakpoint
CREATE INDEX "partner_tools_site_web_idx" ON "partner_tools" USING btree ("site_web");--> statement-breakpoint
CREATE INDEX "partner_tools_site_web_trgm" ON "partner_tools" USING gin ("site_web" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "website_services_type_position_idx" ON "website_services" USING btree ("type","position");--> statement-breakpoint
CREATE INDEX "website_services_title_fr_trgm" ON "website_services" USING gin ("title_fr" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "website_services_title_en_trgm" ON "website_services" USING gin ("title_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "website_services_title_fr_sort" ON "website_services" USING btree (public.sort_key("title_fr"),"id");--> statement-breakpoint
CREATE INDEX "website_services_title_en_sort" ON "website_services" USING btree (public.sort_key("title_en"),"id");