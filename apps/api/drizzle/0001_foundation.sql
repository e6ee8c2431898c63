CREATE TABLE "captcha_uses" (
	"signature" varchar(128) PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connection_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" varchar(40) NOT NULL,
	"device_name" varchar(200),
	"device_id" varchar(200),
	"ip" varchar(64),
	"user_id" integer,
	"client_id" integer,
	"date_login" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(190) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"success" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" varchar(60) NOT NULL,
	CONSTRAINT "roles_label_unique" UNIQUE("label")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(190) NOT NULL,
	"password_hash" text NOT NULL,
	"lastname" varchar(60) DEFAULT '' NOT NULL,
	"firstname" varchar(60) DEFAULT '' NOT NULL,
	"gsm" varchar(20),
	"role_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"user_email" varchar(190),
	"action" varchar(20) NOT NULL,
	"entity" varchar(60) NOT NULL,
	"entity_id" varchar(60),
	"changes" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity" varchar(60) NOT NULL,
	"entity_id" integer NOT NULL,
	"collection" varchar(60) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"stored_name" varchar(100) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_stored_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "client_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(30) NOT NULL,
	"circuit_id" integer NOT NULL,
	"description" text,
	"e_commerce" smallint DEFAULT 0 NOT NULL,
	"fidelite" smallint DEFAULT 0 NOT NULL,
	"remise_ristourne" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"activity_id" integer NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_circuits" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connection_logs" ADD CONSTRAINT "connection_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_activities" ADD CONSTRAINT "client_activities_circuit_id_client_circuits_id_fk" FOREIGN KEY ("circuit_id") REFERENCES "public"."client_circuits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_categories" ADD CONSTRAINT "client_categories_activity_id_client_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."client_activities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connection_logs_date_idx" ON "connection_logs" USING btree ("date_login");--> statement-breakpoint
CREATE INDEX "connection_logs_user_idx" ON "connection_logs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "media_owner_idx" ON "media" USING btree ("entity","entity_id","collection");--> statement-breakpoint
CREATE UNIQUE INDEX "client_activities_code_unique" ON "client_activities" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "client_activities_name_trgm" ON "client_activities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "client_activities_code_trgm" ON "client_activities" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "client_activities_circuit_idx" ON "client_activities" USING btree ("circuit_id");--> statement-breakpoint
CREATE INDEX "client_activities_name_idx" ON "client_activities" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "client_categories_name_unique" ON "client_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "client_categories_name_trgm" ON "client_categories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "client_categories_activity_idx" ON "client_categories" USING btree ("activity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_circuits_name_unique" ON "client_circuits" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "client_circuits_name_trgm" ON "client_circuits" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "client_types_name_unique" ON "client_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "client_types_name_trgm" ON "client_types" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "client_types_position_idx" ON "client_types" USING btree ("position");