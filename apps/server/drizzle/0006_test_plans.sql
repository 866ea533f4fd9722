CREATE TABLE "test_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"milestone_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"order" integer NOT NULL,
	CONSTRAINT "test_flows_order_not_negative" CHECK ("test_flows"."order" >= 0),
	CONSTRAINT "test_flows_name_not_blank" CHECK (btrim("test_flows"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "test_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_flow_id" integer NOT NULL,
	"description" text NOT NULL,
	"type" varchar(10) DEFAULT 'VERIFY' NOT NULL,
	"order" integer NOT NULL,
	CONSTRAINT "test_steps_order_not_negative" CHECK ("test_steps"."order" >= 0),
	CONSTRAINT "test_steps_type_known" CHECK ("test_steps"."type" IN ('INTERACT', 'VERIFY')),
	CONSTRAINT "test_steps_description_not_blank" CHECK (btrim("test_steps"."description") <> ''),
	CONSTRAINT "test_steps_description_length" CHECK (length("test_steps"."description") <= 10000)
);
--> statement-breakpoint
ALTER TABLE "test_flows" ADD CONSTRAINT "test_flows_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_steps" ADD CONSTRAINT "test_steps_test_flow_id_test_flows_id_fk" FOREIGN KEY ("test_flow_id") REFERENCES "public"."test_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "test_flows_milestone_order_key" ON "test_flows" USING btree ("milestone_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "test_steps_flow_order_key" ON "test_steps" USING btree ("test_flow_id","order");