-- The history of each canvas (issue 29): every version of its diagram, with who and when.
CREATE TABLE "canvas_versions" (
	"canvas_id" integer NOT NULL,
	"version" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"data" text NOT NULL,
	"models" integer DEFAULT 0 NOT NULL,
	"restored_from" integer,
	"saved_by_id" integer,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "canvas_versions_canvas_id_version_pk" PRIMARY KEY("canvas_id","version"),
	CONSTRAINT "canvas_versions_kind" CHECK ("canvas_versions"."kind" IN ('created', 'saved', 'imported', 'restored'))
);
--> statement-breakpoint
ALTER TABLE "canvas_versions" ADD CONSTRAINT "canvas_versions_canvas_id_canvases_id_fk" FOREIGN KEY ("canvas_id") REFERENCES "public"."canvases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvas_versions" ADD CONSTRAINT "canvas_versions_saved_by_id_users_id_fk" FOREIGN KEY ("saved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "canvas_versions_saved_by_idx" ON "canvas_versions" USING btree ("saved_by_id");--> statement-breakpoint
-- A canvas saved before the history began starts it at the version it is at: by whom is not known.
INSERT INTO "canvas_versions" ("canvas_id", "version", "kind", "data", "models", "saved_by_id", "saved_at")
SELECT "id", "version", 'saved', "data",
       CASE WHEN "data" = '' THEN 0 ELSE coalesce(jsonb_array_length(("data"::jsonb) -> 'nodes'), 0) END,
       NULL, "updated_at"
FROM "canvases";
