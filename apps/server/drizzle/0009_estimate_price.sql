ALTER TABLE "estimates" ADD COLUMN "hourly_rate" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "currency" varchar(3) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_hourly_rate_positive" CHECK ("estimates"."hourly_rate" > 0);--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_rate_has_currency" CHECK ("estimates"."hourly_rate" is null or "estimates"."currency" <> '');