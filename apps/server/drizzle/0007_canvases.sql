CREATE TABLE "canvases" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"data" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "canvases_name_not_blank" CHECK (btrim("canvases"."name") <> ''),
	CONSTRAINT "canvases_version_positive" CHECK ("canvases"."version" >= 1),
	CONSTRAINT "canvases_data_size" CHECK (octet_length("canvases"."data") <= 2097152)
);
--> statement-breakpoint
ALTER TABLE "canvases" ADD CONSTRAINT "canvases_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvases" ADD CONSTRAINT "canvases_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "canvases_client_idx" ON "canvases" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "canvases_name_idx" ON "canvases" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "canvases_created_by_idx" ON "canvases" USING btree ("created_by_id");