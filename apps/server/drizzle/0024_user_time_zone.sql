-- Issue 25: one clock. Null until the person first signs in, when the app sets the browser's zone;
-- emails and PDFs read null as UTC and say so.
ALTER TABLE "users" ADD COLUMN "time_zone" varchar(64);