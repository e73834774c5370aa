ALTER TABLE "magic_links" ADD COLUMN "next_path" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "first_sign_in" boolean DEFAULT false NOT NULL;