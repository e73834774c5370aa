-- The AI Image Morpher and the Mockup generator are built: databases seeded while they were
-- 'coming-soon' show them as available (an admin's other choices are kept).
UPDATE "tools_config" SET "status" = 'available', "updated_at" = now()
WHERE "id" IN ('image-variator', 'mockup-generator') AND "status" = 'coming-soon';
