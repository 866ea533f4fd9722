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
