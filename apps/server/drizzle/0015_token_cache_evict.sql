-- Decision 0024: each server process keeps the token checks it answered in memory. Every write
-- that could change a check's answer (a token revoked, refreshed or expired by hand; its user
-- changed, deactivated or deleted; either table truncated) tells every process over NOTIFY,
-- sent when the writer commits, so each one drops what it kept for that token or user.
CREATE FUNCTION "token_cache_evict"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('token_cache', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('token_cache', 'u' || OLD."id");
  ELSE
    PERFORM pg_notify('token_cache', 't' || OLD."id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "auth_tokens_token_cache" AFTER UPDATE OR DELETE ON "auth_tokens"
  FOR EACH ROW EXECUTE FUNCTION "token_cache_evict"();
--> statement-breakpoint
CREATE TRIGGER "auth_tokens_token_cache_truncate" AFTER TRUNCATE ON "auth_tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION "token_cache_evict"();
--> statement-breakpoint
CREATE TRIGGER "users_token_cache" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "token_cache_evict"();
--> statement-breakpoint
CREATE TRIGGER "users_token_cache_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "token_cache_evict"();
