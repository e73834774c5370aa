ALTER TABLE "credit_holds" DROP CONSTRAINT "credit_holds_amount_pos";--> statement-breakpoint
ALTER TABLE "credit_holds" ADD CONSTRAINT "credit_holds_amount_nonneg" CHECK ("credit_holds"."amount" >= 0);--> statement-breakpoint
-- The local engine's previews are free (price variant 'local', seeded 0): their generations hold nothing.
-- The thumbnail, headshot, photoshoot and caption tools are built: databases seeded while they were 'coming-soon'
-- show them as available (an admin's other choices are kept).
UPDATE "tools_config" SET "status" = 'available', "updated_at" = now()
WHERE "id" IN ('thumbnail-generator', 'ai-headshot', 'ai-photoshoot', 'caption-generator') AND "status" = 'coming-soon';
--> statement-breakpoint
-- Tool descriptions that promised more than the local engine does.
UPDATE "tools_config" SET "description" = 'Place your designs on laptops, phones, mugs, posters, billboards and more, in twelve product styles.', "updated_at" = now()
WHERE "id" = 'mockup-generator' AND "description" = 'Place your designs on laptops, phones, mugs, posters and more in studio-quality 3D mockups.';--> statement-breakpoint
UPDATE "tools_config" SET "description" = 'Turn 1 to 4 reference photos into a set of new photos: choose what may change (pose, scenery, lighting, angle, style) and the shape.', "updated_at" = now()
WHERE "id" = 'ai-photoshoot' AND "description" = 'Expand 1 to 4 reference photos into a photoshoot with new poses, scenery, lighting and angles.';
