-- Issue 29: the shared Yjs document of a canvas edited together, and the changes taken since it was compacted (decision 0056).
CREATE TABLE "canvas_live" (
	"canvas_id" integer PRIMARY KEY NOT NULL,
	"state" "bytea" NOT NULL,
	"compacted_to" bigint DEFAULT 0 NOT NULL,
	"saved" "bytea" NOT NULL,
	"edited_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "canvas_live_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"canvas_id" integer NOT NULL,
	"update" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "canvas_live" ADD CONSTRAINT "canvas_live_canvas_id_canvases_id_fk" FOREIGN KEY ("canvas_id") REFERENCES "public"."canvases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvas_live" ADD CONSTRAINT "canvas_live_edited_by_id_users_id_fk" FOREIGN KEY ("edited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvas_live_updates" ADD CONSTRAINT "canvas_live_updates_canvas_id_canvas_live_canvas_id_fk" FOREIGN KEY ("canvas_id") REFERENCES "public"."canvas_live"("canvas_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "canvas_live_edited_by_idx" ON "canvas_live" USING btree ("edited_by_id");--> statement-breakpoint
CREATE INDEX "canvas_live_updates_canvas_idx" ON "canvas_live_updates" USING btree ("canvas_id","id");