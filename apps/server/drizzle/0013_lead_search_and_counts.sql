CREATE TABLE "lead_list_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_list_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "lead_list_version_one_row" CHECK ("lead_list_version"."id" = 1)
);
--> statement-breakpoint
DROP INDEX "leads_search_trgm";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search_text" text COLLATE "C" GENERATED ALWAYS AS (lower("leads"."first_name" || ' ' || "leads"."last_name" || ' ' || "leads"."email" || ' ' || "leads"."company" || ' ' || "leads"."phone")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "leads_search_trgm" ON "leads" USING gin ("search_text" gin_trgm_ops);