ALTER TABLE "generations" ADD COLUMN "provider_cost_usd" numeric(12, 6);--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "provider_usage" jsonb;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "provider_fix" jsonb;--> statement-breakpoint
ALTER TABLE "stats_generation_days" ADD COLUMN "measured_cost" numeric(20, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_generation_days" ADD COLUMN "measured_credits" numeric(20, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_generation_days" ADD COLUMN "measured_completed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written from here: the measured cost's part of stats_generation_days, kept in the same transaction as the
-- generation by a trigger of its own that runs after stats_generations_* (triggers fire in name order), so the day's
-- row is there. A completed generation with provider_cost_usd adds its cost, credits and 1; anything else adds 0.
CREATE FUNCTION stats_apply_generation_cost(g generations, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF g.status <> 'completed' OR g.provider_cost_usd IS NULL THEN
    RETURN;
  END IF;
  UPDATE stats_generation_days
     SET measured_cost = measured_cost + sign * g.provider_cost_usd,
         measured_credits = measured_credits + sign * g.credits,
         measured_completed = measured_completed + sign
   WHERE day = stats_utc_day(g.created_at) AND tool = g.tool AND service_type = g.service_type AND service_variant = g.service_variant;
END $$;
--> statement-breakpoint
CREATE FUNCTION stats_track_generation_cost() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM stats_apply_generation_cost(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM stats_apply_generation_cost(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_generations_insert_cost AFTER INSERT ON generations FOR EACH ROW
  WHEN (NEW.provider_cost_usd IS NOT NULL) EXECUTE FUNCTION stats_track_generation_cost();
--> statement-breakpoint
CREATE TRIGGER stats_generations_update_cost AFTER UPDATE ON generations FOR EACH ROW
  WHEN ((OLD.tool, OLD.created_at, OLD.service_type, OLD.service_variant, OLD.status, OLD.credits, OLD.provider_cost_usd)
        IS DISTINCT FROM (NEW.tool, NEW.created_at, NEW.service_type, NEW.service_variant, NEW.status, NEW.credits, NEW.provider_cost_usd))
  EXECUTE FUNCTION stats_track_generation_cost();
--> statement-breakpoint
CREATE TRIGGER stats_generations_delete_cost AFTER DELETE ON generations FOR EACH ROW
  WHEN (OLD.provider_cost_usd IS NOT NULL) EXECUTE FUNCTION stats_track_generation_cost();
--> statement-breakpoint
-- stats_rebuild() fills the measured part too: the rebuild as it was, then the measured sums per day's row.
ALTER FUNCTION stats_rebuild() RENAME TO stats_rebuild_counts;
--> statement-breakpoint
CREATE FUNCTION stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_rebuild_counts();
  UPDATE stats_generation_days d
     SET measured_cost = m.cost, measured_credits = m.credits, measured_completed = m.n
    FROM (SELECT stats_utc_day(created_at) AS day, tool, service_type, service_variant,
                 sum(provider_cost_usd) AS cost, sum(credits) AS credits, count(*)::int AS n
            FROM generations WHERE status = 'completed' AND provider_cost_usd IS NOT NULL
           GROUP BY 1, 2, 3, 4) m
   WHERE d.day = m.day AND d.tool = m.tool AND d.service_type = m.service_type AND d.service_variant = m.service_variant;
END $$;
