CREATE TABLE "sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"result" varchar(20) DEFAULT 'running' NOT NULL,
	"user_id" integer,
	"user_email" varchar(190),
	"file_name" varchar(255) NOT NULL,
	"sha256" varchar(64),
	"job_id" varchar(40),
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"total" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"message" varchar(500),
	"rejections" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sync_runs_started_sort" ON "sync_runs" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "sync_runs_kind_idx" ON "sync_runs" USING btree ("kind","started_at","id");--> statement-breakpoint
CREATE INDEX "sync_runs_result_idx" ON "sync_runs" USING btree ("result");