ALTER TABLE "users" ADD COLUMN "storage_used_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_storage_used_nonneg" CHECK ("users"."storage_used_bytes" >= 0);--> statement-breakpoint
-- Hand-written: the counter starts at what the files already take (the sum the profile computed until now).
UPDATE "users" SET "storage_used_bytes" = f."total"
FROM (SELECT "user_id", sum("size_bytes" + "thumbnail_size_bytes") AS "total" FROM "files" GROUP BY "user_id") AS f
WHERE f."user_id" = "users"."id";
