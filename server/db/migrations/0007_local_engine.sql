ALTER TABLE "credit_holds" DROP CONSTRAINT "credit_holds_amount_pos";--> statement-breakpoint
ALTER TABLE "credit_holds" ADD CONSTRAINT "credit_holds_amount_nonneg" CHECK ("credit_holds"."amount" >= 0);--> statement-breakpoint
-- The local engine's previews are free (price variant 'local', seeded 0): their generations hold nothing.
-- The thumbnail, headshot, photoshoot and caption tools are built: databases seeded while they were 'coming-soon'
-- show them as available (an admin's other choices are kept).
UPDATE "tools_config" SET "status" = 'available', "updated_at" = now()
WHERE "id" IN ('thumbnail-generator', 'ai-headshot', 'ai-photoshoot', 'caption-generator') AND "status" = 'coming-soon';
