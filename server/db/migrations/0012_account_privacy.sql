CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"storage_key" text,
	"size_bytes" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "data_exports_status" CHECK ("data_exports"."status" in ('pending','running','ready','failed'))
);
--> statement-breakpoint
CREATE TABLE "deleted_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"closing_balance" numeric(14, 4) DEFAULT '0' NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deleted_email_hashes" (
	"hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "anonymous_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "anonymous_id" uuid;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_user_created_idx" ON "data_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_running_key" ON "data_exports" USING btree ("user_id") WHERE "data_exports"."status" in ('pending','running');--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_anonymous_id_deleted_accounts_id_fk" FOREIGN KEY ("anonymous_id") REFERENCES "public"."deleted_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_anonymous_id_deleted_accounts_id_fk" FOREIGN KEY ("anonymous_id") REFERENCES "public"."deleted_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_anonymous_idx" ON "credit_ledger" USING btree ("anonymous_id");--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_one_owner" CHECK (("credit_ledger"."user_id" is null) <> ("credit_ledger"."anonymous_id" is null));--> statement-breakpoint
UPDATE "faqs" SET "answer" = 'Write to support@ampkit.app: we answer questions about payments, results and your data. You can close your account yourself: on your dashboard, under User info, "Export my data" gives you a ZIP of everything you have here (downloadable for 24 hours), and "Delete account" removes your account, files, transcriptions and texts at once after you type your email address to confirm. Payment and credit records are kept without your name or email, as accounting requires.', "updated_at" = now() WHERE "question" = 'How do I contact you or close my account?' AND "language" = 'en';
