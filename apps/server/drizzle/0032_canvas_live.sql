-- Issue 29: the shared Yjs document of a canvas edited together (decision 0056).
CREATE TABLE "canvas_live" (
	"canvas_id" integer PRIMARY KEY NOT NULL,
	"state" "bytea" NOT NULL,
	"saved" "bytea" NOT NULL,
	"edited_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "canvas_live" ADD CONSTRAINT "canvas_live_canvas_id_canvases_id_fk" FOREIGN KEY ("canvas_id") REFERENCES "public"."canvases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvas_live" ADD CONSTRAINT "canvas_live_edited_by_id_users_id_fk" FOREIGN KEY ("edited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "canvas_live_edited_by_idx" ON "canvas_live" USING btree ("edited_by_id");