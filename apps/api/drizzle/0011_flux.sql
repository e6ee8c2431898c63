CREATE TABLE "flux" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(150) NOT NULL,
	"message" text NOT NULL,
	"message_text" text NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"recipient_count" integer NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "flux_activities" (
	"flux_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	CONSTRAINT "flux_activities_flux_id_activity_id_pk" PRIMARY KEY("flux_id","activity_id")
);
--> statement-breakpoint
CREATE TABLE "flux_recipients" (
	"flux_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	CONSTRAINT "flux_recipients_flux_id_client_id_pk" PRIMARY KEY("flux_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "flux" ADD CONSTRAINT "flux_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flux_activities" ADD CONSTRAINT "flux_activities_flux_id_flux_id_fk" FOREIGN KEY ("flux_id") REFERENCES "public"."flux"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flux_activities" ADD CONSTRAINT "flux_activities_activity_id_client_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."client_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flux_recipients" ADD CONSTRAINT "flux_recipients_flux_id_flux_id_fk" FOREIGN KEY ("flux_id") REFERENCES "public"."flux"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flux_recipients" ADD CONSTRAINT "flux_recipients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flux_date_sort" ON "flux" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "flux_title_trgm" ON "flux" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "flux_text_trgm" ON "flux" USING gin ("message_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "flux_recipients_client_idx" ON "flux_recipients" USING btree ("client_id","flux_id");