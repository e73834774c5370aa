CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text DEFAULT 'general' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id" serial NOT NULL,
	"identifier" text NOT NULL,
	"content" text NOT NULL,
	"bg_color" text DEFAULT '#3b82f6' NOT NULL,
	"text_color" text DEFAULT '#ffffff' NOT NULL,
	"icon_color" text DEFAULT '#ffffff' NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_identifier_unique" UNIQUE("identifier")
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "visit_salts" (
	"day" text PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"tracking_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid,
	"referrer_domain" text NOT NULL,
	"ip_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_active_idx" ON "notifications" USING btree ("is_active","valid_from");--> statement-breakpoint
CREATE INDEX "visits_referrer_idx" ON "visits" USING btree ("referrer_domain","created_at");--> statement-breakpoint
CREATE INDEX "visits_created_idx" ON "visits" USING btree ("created_at");--> statement-breakpoint
-- The FAQ on /about (spec 1 §3, §7): the questions a new user asks first. The admin area edits them later.
INSERT INTO "faqs" ("category", "language", "question", "answer", "sort_order") VALUES
('credits', 'en', 'How do credits work?', 'Every tool is paid per generation from your credit balance: 1 credit is worth $1, and each tool shows its price before you start. There is no subscription. You buy a credit package by card when you need more, and new accounts get sign-up credits to try the tools.', 10),
('credits', 'en', 'Am I charged when a generation fails?', 'No. While a job runs, its price is only held on your balance. You are charged when you receive the result; if the job fails, or the AI provider cannot make it, the hold is released and nothing is taken.', 20),
('credits', 'en', 'Can I get a refund for a credit package?', 'Credit packages are final once bought and are not refunded, but your credits do not expire, so you can use them whenever you like. If something went wrong with a payment, write to support@ampkit.app and we will look into it.', 30),
('credits', 'en', 'What does a transcription cost?', 'Transcriptions are priced per minute of audio, rounded up: a plain transcript costs 0.10 credits a minute and the refined versions (cleaned-up text, summary, conclusions, action points, devil''s advocate) cost 0.25 to 0.35 credits a minute. You are charged for the length the engine actually heard, never more than the estimate.', 40),
('files', 'en', 'How long do you keep my images?', 'Images you upload or generate are deleted automatically 30 days after they were made, together with their stored files. Each image shows when it will be deleted, so download what you want to keep.', 50),
('privacy', 'en', 'Who can see what I make?', 'Your files and texts are private. Only you see them until you choose to share one; a shared file gets a public page that anyone with the link can open, and you can make it private again at any time.', 60),
('privacy', 'en', 'Do you use my photos or recordings to train AI?', 'No. We use your uploads only to make the results you ask for. To do that, the file is sent to the AI provider that runs the tool, and to no one else.', 70),
('providers', 'en', 'Which AI runs the tools?', 'Each tool runs on an external AI provider when one is set up for it (for example Google Gemini, OpenAI-compatible services, Replicate or Deepgram). Where none is set up, a local engine on our own server makes a free preview or draft, and the result is labelled as such.', 80),
('account', 'en', 'How do I sign in?', 'With your email address: we send you a sign-in link that works once and for 30 minutes. There is no password to remember.', 90),
('account', 'en', 'How do I contact you or close my account?', 'Write to support@ampkit.app. We answer questions about payments, results and your data, and we delete your account and data on request.', 100);
