ALTER TABLE "leads" ADD COLUMN "converted_client_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "converted_project_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_converted_client_id_clients_id_fk" FOREIGN KEY ("converted_client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_converted_project_id_projects_id_fk" FOREIGN KEY ("converted_project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_email_lower_idx" ON "leads" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "leads_phone_digits_idx" ON "leads" USING btree (regexp_replace("phone", '[^0-9]', '', 'g')) WHERE length(regexp_replace("leads"."phone", '[^0-9]', '', 'g')) >= 7;--> statement-breakpoint
CREATE INDEX "leads_converted_client_idx" ON "leads" USING btree ("converted_client_id");--> statement-breakpoint
CREATE INDEX "leads_converted_project_idx" ON "leads" USING btree ("converted_project_id");