CREATE TABLE "badges" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"bonus_badge" integer DEFAULT 0 NOT NULL,
	"bonus_evolution" integer DEFAULT 0 NOT NULL,
	"bonus_maintien" integer DEFAULT 0 NOT NULL,
	"description" text,
	"is_active" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_client" varchar(30) NOT NULL,
	"name" varchar(150) NOT NULL,
	"tva" varchar(50),
	"rne" varchar(50),
	"patent" varchar(50),
	"address" varchar(255),
	"type_client_id" integer,
	"gsm" varchar(20),
	"circuit_id" integer,
	"activity_id" integer,
	"category_id" integer,
	"badge_id" integer,
	"chef_zone_id" integer,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"num_siret" varchar(50),
	"c_facture" varchar(50),
	"c_payeur" varchar(50),
	"c_group" varchar(50),
	"c_risque" varchar(50),
	"taxe" varchar(50),
	"percentage" numeric(14, 3),
	"paiement" varchar(100),
	"reglement" varchar(100),
	"delai_recuperation" integer,
	"encours_commercial" numeric(14, 3),
	"code_comptable" varchar(50),
	"section" varchar(50),
	"encours_autorise" numeric(14, 3),
	"representant_1" varchar(100),
	"representant_2" varchar(100),
	"observations" text,
	"gouvernorat" varchar(30),
	"region" varchar(100),
	"destination" varchar(100),
	"city" varchar(100),
	"postal_code" varchar(10),
	"fax" varchar(20),
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"add_livraison" varchar(255),
	"mode_livraison" varchar(100),
	"delai_livraison" integer,
	"site" varchar(100),
	"gsm_sys" varchar(20),
	"gsm_fid" varchar(20),
	"email" varchar(190),
	"user_fid_id" integer,
	"inscription" date DEFAULT (now() at time zone 'Africa/Tunis')::date NOT NULL,
	"last_use" timestamp with time zone,
	"points_fid" integer DEFAULT 0 NOT NULL,
	"points_fid_n" integer DEFAULT 0 NOT NULL,
	"points_year" smallint,
	"points_offered" integer DEFAULT 0 NOT NULL,
	"ca_n_1" numeric(14, 3) DEFAULT '0' NOT NULL,
	"remise_global" numeric(14, 3) DEFAULT '0' NOT NULL,
	"remise_n" numeric(14, 3) DEFAULT '0' NOT NULL,
	"remise_n_1" numeric(14, 3) DEFAULT '0' NOT NULL,
	"ristourne_solde_n_1" numeric(14, 3) DEFAULT '0' NOT NULL,
	"ristourne_n_1" numeric(14, 3) DEFAULT '0' NOT NULL,
	"ristourne_reste" numeric(14, 3) DEFAULT '0' NOT NULL,
	"ristourne_consumed" numeric(14, 3) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_points_nonnegative" CHECK ("clients"."points_fid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"source" varchar(20) NOT NULL,
	"source_id" integer,
	"reason" varchar(300) NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ledger_amount_nonzero" CHECK ("points_ledger"."amount" <> 0),
	CONSTRAINT "points_ledger_balance_nonnegative" CHECK ("points_ledger"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(10) NOT NULL,
	"name" varchar(150) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(190) NOT NULL,
	"user_id" integer,
	"template_id" integer,
	"invited_by_id" integer,
	"token_hash" varchar(64),
	"expires_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"result" varchar(10) NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_token_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birthday" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gender" varchar(4);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "gouvernorat" varchar(30);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "type_client_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "code_chef_zone" varchar(30);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_type_client_id_client_types_id_fk" FOREIGN KEY ("type_client_id") REFERENCES "public"."client_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_circuit_id_client_circuits_id_fk" FOREIGN KEY ("circuit_id") REFERENCES "public"."client_circuits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_activity_id_client_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."client_activities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_category_id_client_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."client_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_chef_zone_id_users_id_fk" FOREIGN KEY ("chef_zone_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_user_fid_id_users_id_fk" FOREIGN KEY ("user_fid_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "badges_name_unique" ON "badges" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "badges_name_trgm" ON "badges" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "badges_name_sort" ON "badges" USING btree (public.sort_key("name"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_code_unique" ON "clients" USING btree (lower("code_client"));--> statement-breakpoint
CREATE INDEX "clients_code_trgm" ON "clients" USING gin ("code_client" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_name_trgm" ON "clients" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_gsm_trgm" ON "clients" USING gin ("gsm" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_chef_zone_idx" ON "clients" USING btree ("chef_zone_id","id");--> statement-breakpoint
CREATE INDEX "clients_badge_idx" ON "clients" USING btree ("badge_id");--> statement-breakpoint
CREATE INDEX "clients_type_idx" ON "clients" USING btree ("type_client_id");--> statement-breakpoint
CREATE INDEX "clients_circuit_idx" ON "clients" USING btree ("circuit_id");--> statement-breakpoint
CREATE INDEX "clients_activity_idx" ON "clients" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "clients_category_idx" ON "clients" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "clients_code_sort" ON "clients" USING btree (public.sort_key("code_client"),"id");--> statement-breakpoint
CREATE INDEX "clients_name_sort" ON "clients" USING btree (public.sort_key("name"),"id");--> statement-breakpoint
CREATE INDEX "clients_gsm_sort" ON "clients" USING btree ("gsm","id");--> statement-breakpoint
CREATE INDEX "clients_gsm_sys_sort" ON "clients" USING btree ("gsm_sys","id");--> statement-breakpoint
CREATE INDEX "clients_gsm_fid_sort" ON "clients" USING btree ("gsm_fid","id");--> statement-breakpoint
CREATE INDEX "clients_points_sort" ON "clients" USING btree ("points_fid","id");--> statement-breakpoint
CREATE INDEX "clients_points_n_sort" ON "clients" USING btree ("points_year","points_fid_n","id");--> statement-breakpoint
CREATE INDEX "clients_inscription_sort" ON "clients" USING btree ("inscription","id");--> statement-breakpoint
CREATE INDEX "clients_last_use_sort" ON "clients" USING btree ("last_use","id");--> statement-breakpoint
CREATE INDEX "clients_ca_n_1_sort" ON "clients" USING btree ("ca_n_1","id");--> statement-breakpoint
CREATE INDEX "clients_remise_global_sort" ON "clients" USING btree ("remise_global","id");--> statement-breakpoint
CREATE INDEX "clients_remise_n_sort" ON "clients" USING btree ("remise_n","id");--> statement-breakpoint
CREATE INDEX "clients_remise_n_1_sort" ON "clients" USING btree ("remise_n_1","id");--> statement-breakpoint
CREATE INDEX "clients_ristourne_solde_sort" ON "clients" USING btree ("ristourne_solde_n_1","id");--> statement-breakpoint
CREATE INDEX "clients_ristourne_n_1_sort" ON "clients" USING btree ("ristourne_n_1","id");--> statement-breakpoint
CREATE INDEX "clients_ristourne_reste_sort" ON "clients" USING btree ("ristourne_reste","id");--> statement-breakpoint
CREATE INDEX "clients_status_idx" ON "clients" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "clients_points_offered_idx" ON "clients" USING btree ("points_offered","id") WHERE "clients"."points_offered" <> 0;--> statement-breakpoint
CREATE INDEX "points_ledger_client_idx" ON "points_ledger" USING btree ("client_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "points_ledger_source_idx" ON "points_ledger" USING btree ("source","client_id");--> statement-breakpoint
CREATE INDEX "message_templates_type_idx" ON "message_templates" USING btree ("type",public.sort_key("name"),"id");--> statement-breakpoint
CREATE INDEX "message_templates_name_trgm" ON "message_templates" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "message_templates_subject_trgm" ON "message_templates" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invitations_user_idx" ON "invitations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invitations_sent_idx" ON "invitations" USING btree ("sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_code_chef_zone_unique" ON "users" USING btree (lower("code_chef_zone"));--> statement-breakpoint
CREATE INDEX "users_client_idx" ON "users" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "users_lastname_trgm" ON "users" USING gin ("lastname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_firstname_trgm" ON "users" USING gin ("firstname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_sort" ON "users" USING btree (public.sort_key("lastname"),"id");--> statement-breakpoint
-- Declared here rather than in auth.table.ts: users and clients reference each other, and the table
-- files would otherwise import each other.
ALTER TABLE "users" ADD CONSTRAINT "users_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_type_client_id_client_types_id_fk" FOREIGN KEY ("type_client_id") REFERENCES "public"."client_types"("id") ON DELETE restrict ON UPDATE no action;
