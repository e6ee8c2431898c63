CREATE TABLE "job_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" varchar(60) NOT NULL,
	"lock_key" varchar(100),
	"live" boolean DEFAULT true NOT NULL,
	"step" varchar(200),
	"done" integer,
	"total" integer,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_live_lock" ON "job_runs" USING btree ("lock_key") WHERE "job_runs"."live";--> statement-breakpoint
CREATE INDEX "job_runs_ended_idx" ON "job_runs" USING btree ("ended_at");