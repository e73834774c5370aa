ALTER TABLE "payments" DROP CONSTRAINT "payments_status";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payable_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status" CHECK ("payments"."status" in ('completed','pending','failed','cancelled','expired','refunded','disputed'));--> statement-breakpoint
-- Test checkouts opened before this column: payable for a day after they opened, as new ones are.
UPDATE "payments" SET "payable_until" = "created_at" + interval '24 hours' WHERE "status" = 'pending' AND "provider" = 'test';
