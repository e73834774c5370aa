ALTER TABLE "sessions" ADD COLUMN "welcome_bonus" numeric(14, 4);--> statement-breakpoint
-- Sessions issued before this migration by the sign-in that created their account keep their welcome: the sign-up
-- bonus is granted in the sign-up transaction, so it is the account's first ledger row when there is one ('0' else).
UPDATE "sessions" s SET "welcome_bonus" = coalesce((
  SELECT CASE WHEN l."type" = 'bonus' THEN l."amount" END
  FROM "credit_ledger" l
  WHERE l."user_id" = s."user_id"
  ORDER BY l."seq"
  LIMIT 1
), 0)
WHERE s."first_sign_in";
