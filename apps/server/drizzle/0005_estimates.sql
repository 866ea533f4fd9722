CREATE TABLE "estimate_item_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"user_id" integer,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimate_item_comments_content_not_blank" CHECK (btrim("estimate_item_comments"."content") <> ''),
	CONSTRAINT "estimate_item_comments_content_length" CHECK (length("estimate_item_comments"."content") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "estimate_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"description" text NOT NULL,
	"hours_low" numeric(8, 2) DEFAULT '0.00' NOT NULL,
	"hours_high" numeric(8, 2) DEFAULT '0.00' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"questions" text DEFAULT '' NOT NULL,
	"order" integer NOT NULL,
	CONSTRAINT "estimate_items_order_not_negative" CHECK ("estimate_items"."order" >= 0),
	CONSTRAINT "estimate_items_hours_low_not_negative" CHECK ("estimate_items"."hours_low" >= 0),
	CONSTRAINT "estimate_items_hours_high_not_negative" CHECK ("estimate_items"."hours_high" >= 0),
	CONSTRAINT "estimate_items_hours_low_not_above_high" CHECK ("estimate_items"."hours_low" <= "estimate_items"."hours_high"),
	CONSTRAINT "estimate_items_description_not_blank" CHECK (btrim("estimate_items"."description") <> ''),
	CONSTRAINT "estimate_items_description_length" CHECK (length("estimate_items"."description") <= 2000),
	CONSTRAINT "estimate_items_notes_length" CHECK (length("estimate_items"."notes") <= 10000),
	CONSTRAINT "estimate_items_questions_length" CHECK (length("estimate_items"."questions") <= 10000)
);
--> statement-breakpoint
CREATE TABLE "estimate_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"estimate_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"order" integer NOT NULL,
	CONSTRAINT "estimate_sections_order_not_negative" CHECK ("estimate_sections"."order" >= 0),
	CONSTRAINT "estimate_sections_name_not_blank" CHECK (btrim("estimate_sections"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "estimates" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"scope_of_work" text DEFAULT '' NOT NULL,
	"deliverables" text DEFAULT '' NOT NULL,
	"not_included" text DEFAULT '' NOT NULL,
	"safe_modifier" numeric(5, 2) DEFAULT '1.00' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimates_name_not_blank" CHECK (btrim("estimates"."name") <> ''),
	CONSTRAINT "estimates_safe_modifier_positive" CHECK ("estimates"."safe_modifier" > 0),
	CONSTRAINT "estimates_description_length" CHECK (length("estimates"."description") <= 20000),
	CONSTRAINT "estimates_scope_of_work_length" CHECK (length("estimates"."scope_of_work") <= 20000),
	CONSTRAINT "estimates_deliverables_length" CHECK (length("estimates"."deliverables") <= 20000),
	CONSTRAINT "estimates_not_included_length" CHECK (length("estimates"."not_included") <= 20000)
);
--> statement-breakpoint
ALTER TABLE "estimate_item_comments" ADD CONSTRAINT "estimate_item_comments_item_id_estimate_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."estimate_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_item_comments" ADD CONSTRAINT "estimate_item_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_items" ADD CONSTRAINT "estimate_items_section_id_estimate_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."estimate_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_sections" ADD CONSTRAINT "estimate_sections_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimate_item_comments_item_idx" ON "estimate_item_comments" USING btree ("item_id","created_at","id");--> statement-breakpoint
CREATE INDEX "estimate_item_comments_user_idx" ON "estimate_item_comments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_items_section_order_key" ON "estimate_items" USING btree ("section_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_sections_estimate_order_key" ON "estimate_sections" USING btree ("estimate_id","order");--> statement-breakpoint
CREATE INDEX "estimates_project_idx" ON "estimates" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "estimates_name_idx" ON "estimates" USING btree (lower("name"),"id");