CREATE TABLE "flux_reads" (
	"flux_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flux_reads_user_id_flux_id_pk" PRIMARY KEY("user_id","flux_id")
);
--> statement-breakpoint
ALTER TABLE "flux_reads" ADD CONSTRAINT "flux_reads_flux_id_flux_id_fk" FOREIGN KEY ("flux_id") REFERENCES "public"."flux"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flux_reads" ADD CONSTRAINT "flux_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flux_reads_flux_idx" ON "flux_reads" USING btree ("flux_id");