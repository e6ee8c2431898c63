CREATE TABLE "site_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"sections_id" integer NOT NULL,
	"position" integer DEFAULT 1 NOT NULL,
	"key" varchar(100) NOT NULL,
	"url" varchar(500),
	"title_fr" varchar(255) NOT NULL,
	"title_en" varchar(255) NOT NULL,
	"content_fr" text NOT NULL,
	"content_en" text NOT NULL,
	"img_title_fr" varchar(255),
	"img_title_en" varchar(255),
	"img_alt" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(60) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_pages_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "site_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"pages_id" integer NOT NULL,
	"key" varchar(100) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title_fr" varchar(255),
	"title_en" varchar(255),
	"content_fr" text,
	"content_en" text,
	"img_title_fr" varchar(255),
	"img_title_en" varchar(255),
	"img_alt" varchar(255),
	"url" varchar(500),
	"phone" varchar(20),
	"email" varchar(190),
	"address" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_blocks" ADD CONSTRAINT "site_blocks_sections_id_site_sections_id_fk" FOREIGN KEY ("sections_id") REFERENCES "public"."site_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_sections" ADD CONSTRAINT "site_sections_pages_id_site_pages_id_fk" FOREIGN KEY ("pages_id") REFERENCES "public"."site_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_blocks_section_position_idx" ON "site_blocks" USING btree ("sections_id","position");--> statement-breakpoint
CREATE INDEX "site_blocks_title_fr_trgm" ON "site_blocks" USING gin ("title_fr" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "site_blocks_title_en_trgm" ON "site_blocks" USING gin ("title_en" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "site_blocks_key_trgm" ON "site_blocks" USING gin ("key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "site_blocks_title_fr_idx" ON "site_blocks" USING btree ("title_fr");--> statement-breakpoint
CREATE INDEX "site_blocks_title_en_idx" ON "site_blocks" USING btree ("title_en");--> statement-breakpoint
CREATE INDEX "site_blocks_key_idx" ON "site_blocks" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "site_sections_page_key_unique" ON "site_sections" USING btree ("pages_id","key");--> statement-breakpoint
CREATE INDEX "site_sections_position_idx" ON "site_sections" USING btree ("pages_id","position");