-- Issue 28: Idempotency-Key, the first answer of a POST replayed to its retries for 24 hours.
CREATE TABLE "idempotency_keys" (
	"scope" varchar(80) NOT NULL,
	"key" varchar(255) NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"status" integer,
	"content_type" varchar(100),
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");