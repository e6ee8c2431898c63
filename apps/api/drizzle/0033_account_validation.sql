-- Whether an account at STATUS 0 is a request nobody validated yet or an account staff switched off: the
-- bulk invitations tell them apart (« Compte non validé », « Compte désactivé »). A trigger keeps it,
-- so every writer (the API, the ERP synchronisation, psql) sets it the same way.
ALTER TABLE "users" ADD COLUMN "validated_at" timestamp with time zone;
--> statement-breakpoint
-- Existing accounts: active ones were validated; an inactive one that has ever been used (signed in on
-- either side, or accepted an invitation) was validated, then switched off.
UPDATE "users" u SET "validated_at" = u."created_at"
  WHERE u."status" = 1
     OR u."last_seen_at" IS NOT NULL
     OR EXISTS (SELECT 1 FROM "sessions" s WHERE s."user_id" = u."id")
     OR EXISTS (SELECT 1 FROM "app_sessions" a WHERE a."user_id" = u."id")
     OR EXISTS (SELECT 1 FROM "invitations" i WHERE i."user_id" = u."id" AND i."used_at" IS NOT NULL);
--> statement-breakpoint
CREATE FUNCTION "users_validated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 1 AND NEW."validated_at" IS NULL THEN
    NEW."validated_at" := now();
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_validated_at" BEFORE INSERT OR UPDATE OF "status" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_validated_at"();
--> statement-breakpoint
-- An invitation link stands for the account as it was when it was sent: switching the account off or
-- changing its e-mail (the link went to the former address) voids every link not yet used. The token is
-- forgotten and the link expires now, so the history still shows it was sent.
CREATE FUNCTION "users_void_invitations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "invitations" SET "token_hash" = NULL, "expires_at" = LEAST(COALESCE("expires_at", now()), now())
    WHERE "user_id" = NEW."id" AND "used_at" IS NULL AND "token_hash" IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_void_invitations" AFTER UPDATE OF "status", "email" ON "users"
  FOR EACH ROW
  WHEN ((OLD."status" = 1 AND NEW."status" <> 1) OR lower(OLD."email") IS DISTINCT FROM lower(NEW."email"))
  EXECUTE FUNCTION "users_void_invitations"();
