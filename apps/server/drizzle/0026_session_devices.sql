-- Issue 27: where each session was opened, for the person's list of sessions.
ALTER TABLE "auth_tokens" ADD COLUMN "user_agent" varchar(512);--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "ip" varchar(64);