-- French ordering of names: accents and case do not change the order ("Épicerie" sorts with "E").
-- unaccent() is only STABLE, so an IMMUTABLE wrapper with a fixed dictionary makes it indexable.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.sort_key(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS client_types_name_sort ON client_types (public.sort_key(name), id);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS client_circuits_name_sort ON client_circuits (public.sort_key(name), id);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS client_activities_name_sort ON client_activities (public.sort_key(name), id);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS client_activities_code_sort ON client_activities (public.sort_key(code), id);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS client_categories_name_sort ON client_categories (public.sort_key(name), id);
