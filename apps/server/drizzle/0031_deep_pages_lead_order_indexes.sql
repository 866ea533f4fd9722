CREATE INDEX "leads_status_id_idx" ON "leads" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "leads_company_idx" ON "leads" USING btree (lower("company"),"id","company");--> statement-breakpoint
CREATE INDEX "leads_status_company_idx" ON "leads" USING btree ("status",lower("company"),"id","company");