DROP INDEX "generations_created_idx";--> statement-breakpoint
DROP INDEX "visits_created_idx";--> statement-breakpoint
CREATE INDEX "generations_stats_idx" ON "generations" USING btree ("created_at","tool","status","user_id","service_type","service_variant","credits","output_file_ids");--> statement-breakpoint
CREATE INDEX "visits_stats_idx" ON "visits" USING btree ("created_at","session_id","user_id","referrer_domain");--> statement-breakpoint
CREATE INDEX "visits_user_idx" ON "visits" USING btree ("user_id","tracking_id");--> statement-breakpoint
CREATE INDEX "visits_tracking_idx" ON "visits" USING btree ("tracking_id","created_at");