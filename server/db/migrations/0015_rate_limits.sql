CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Hand-written: the counters need no WAL (a crash only reopens the windows), so every hit is a cheaper write.
ALTER TABLE "rate_limits" SET UNLOGGED;
