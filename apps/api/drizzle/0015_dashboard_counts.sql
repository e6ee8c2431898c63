CREATE TABLE "dashboard_counts" (
	"key" varchar(40) PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_month_stats" (
	"month" date PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "users_app_last_seen" ON "users" USING btree ("last_seen_at") WHERE "users"."client_id" is not null;