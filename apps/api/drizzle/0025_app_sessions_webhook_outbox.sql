CREATE TABLE "app_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"device_id" varchar(120) NOT NULL,
	"device_name" varchar(120),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" varchar(20)
);
--> statement-breakpoint
CREATE TABLE "app_tokens" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"type" varchar(60) NOT NULL,
	"resource" varchar(40) NOT NULL,
	"resource_id" varchar(60) NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone,
	CONSTRAINT "webhook_events_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
ALTER TABLE "app_sessions" ADD CONSTRAINT "app_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_tokens" ADD CONSTRAINT "app_tokens_session_id_app_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."app_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_sessions_user_device" ON "app_sessions" USING btree ("user_id","device_id");--> statement-breakpoint
CREATE INDEX "app_tokens_session" ON "app_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "app_tokens_expires" ON "app_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "webhook_events_waiting" ON "webhook_events" USING btree ("seq") WHERE "webhook_events"."dispatched_at" is null;--> statement-breakpoint
CREATE INDEX "webhook_events_created" ON "webhook_events" USING btree ("created_at");