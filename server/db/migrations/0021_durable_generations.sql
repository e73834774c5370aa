ALTER TABLE "generations" DROP CONSTRAINT "generations_status";--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "error" jsonb;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "progress" integer;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "detached" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "generations_user_active_idx" ON "generations" USING btree ("user_id") WHERE "generations"."status" in ('pending','processing');--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_status" CHECK ("generations"."status" in ('pending','processing','completed','failed','cancelled'));