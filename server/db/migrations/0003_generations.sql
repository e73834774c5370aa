CREATE TABLE "generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"tool" text NOT NULL,
	"service_type" text NOT NULL,
	"service_variant" text DEFAULT 'standard' NOT NULL,
	"provider" text NOT NULL,
	"model" text,
	"prompt" text,
	"status" text NOT NULL,
	"credits" numeric(14, 4) DEFAULT '0' NOT NULL,
	"hold_id" uuid,
	"job_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"processing_time_ms" integer,
	"error_class" text,
	"error_message" text,
	"input_file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"output_file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "generations_status" CHECK ("generations"."status" in ('pending','processing','completed','failed'))
);
--> statement-breakpoint
ALTER TABLE "generations" ADD CONSTRAINT "generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generations_user_created_idx" ON "generations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "generations_tool_created_idx" ON "generations" USING btree ("tool","created_at");