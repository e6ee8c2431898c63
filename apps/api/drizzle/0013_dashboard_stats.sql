CREATE TABLE "app_visitor_days" (
	"day" date PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_visits" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "app_visits_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "connection_month_stats" (
	"month" date NOT NULL,
	"platform" varchar(40) NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "connection_month_stats_month_platform_pk" PRIMARY KEY("month","platform")
);
--> statement-breakpoint
CREATE TABLE "order_month_stats" (
	"month" date NOT NULL,
	"status" smallint NOT NULL,
	"n" bigint NOT NULL,
	"total" numeric(16, 3) NOT NULL,
	CONSTRAINT "order_month_stats_month_status_pk" PRIMARY KEY("month","status")
);
