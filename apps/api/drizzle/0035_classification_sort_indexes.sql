-- The classification tables' sort indexes, made by hand in 0002_french_sort and now declared in their
-- table file (lib/clients/classification.table.ts) like every other sort index: they exist already on
-- any database migrated since, so each is created only where it is missing.
CREATE INDEX IF NOT EXISTS "client_activities_name_sort" ON "client_activities" USING btree (public.sort_key("name"),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "client_activities_code_sort" ON "client_activities" USING btree (public.sort_key("code"),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "client_categories_name_sort" ON "client_categories" USING btree (public.sort_key("name"),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "client_circuits_name_sort" ON "client_circuits" USING btree (public.sort_key("name"),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "client_types_name_sort" ON "client_types" USING btree (public.sort_key("name"),"id");
