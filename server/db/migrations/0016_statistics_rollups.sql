CREATE TABLE "stats_generation_days" (
	"day" date NOT NULL,
	"tool" text NOT NULL,
	"service_type" text NOT NULL,
	"service_variant" text NOT NULL,
	"total" integer NOT NULL,
	"completed" integer NOT NULL,
	"failed" integer NOT NULL,
	"credits" numeric(20, 4) NOT NULL,
	"files" integer NOT NULL,
	CONSTRAINT "stats_generation_days_day_tool_service_type_service_variant_pk" PRIMARY KEY("day","tool","service_type","service_variant")
);
--> statement-breakpoint
CREATE TABLE "stats_prompt_days" (
	"day" date NOT NULL,
	"prompt_id" integer NOT NULL,
	"uses" integer NOT NULL,
	"completed" integer NOT NULL,
	"failed" integer NOT NULL,
	"timed" integer NOT NULL,
	"time_ms" bigint NOT NULL,
	CONSTRAINT "stats_prompt_days_day_prompt_id_pk" PRIMARY KEY("day","prompt_id")
);
--> statement-breakpoint
CREATE TABLE "stats_prompt_months" (
	"month" date NOT NULL,
	"prompt_id" integer NOT NULL,
	"uses" integer NOT NULL,
	"completed" integer NOT NULL,
	"failed" integer NOT NULL,
	"timed" integer NOT NULL,
	"time_ms" bigint NOT NULL,
	CONSTRAINT "stats_prompt_months_month_prompt_id_pk" PRIMARY KEY("month","prompt_id")
);
--> statement-breakpoint
CREATE TABLE "stats_prompts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tool" text NOT NULL,
	"hash" text NOT NULL,
	"prompt" text NOT NULL,
	"uses" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_sessions" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"visits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_tool_users" (
	"tool" text NOT NULL,
	"user_id" uuid NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stats_tool_users_tool_user_id_pk" PRIMARY KEY("tool","user_id")
);
--> statement-breakpoint
CREATE TABLE "stats_visit_users" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stats_prompts_key" ON "stats_prompts" USING btree ("tool","hash");--> statement-breakpoint
CREATE INDEX "stats_sessions_last_idx" ON "stats_sessions" USING btree ("last_at","first_at","visits");--> statement-breakpoint
CREATE INDEX "visits_session_idx" ON "visits" USING btree ("session_id","created_at");--> statement-breakpoint
-- Hand-written from here: the triggers that keep the statistics rollups in the same transaction as the generations
-- and visits they summarise, and stats_rebuild(), which fills them from the rows already there.
-- A generation's part of the per-day, per-month and per-prompt rollups, added (sign 1) or taken away (sign -1).
CREATE FUNCTION stats_apply_generation(g generations, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_day date := (g.created_at AT TIME ZONE 'UTC')::date;
  v_month date := date_trunc('month', v_day::timestamp)::date;
  v_done integer := CASE WHEN g.status = 'completed' THEN sign ELSE 0 END;
  v_failed integer := CASE WHEN g.status = 'failed' THEN sign ELSE 0 END;
  v_timed integer := CASE WHEN g.status IN ('completed', 'failed') AND g.processing_time_ms IS NOT NULL THEN sign ELSE 0 END;
  v_time bigint := CASE WHEN v_timed <> 0 THEN sign * g.processing_time_ms::bigint ELSE 0 END;
  v_prompt integer;
BEGIN
  INSERT INTO stats_generation_days AS s (day, tool, service_type, service_variant, total, completed, failed, credits, files)
  VALUES (v_day, g.tool, g.service_type, g.service_variant, sign, v_done, v_failed, v_done * g.credits, v_done * cardinality(g.output_file_ids))
  ON CONFLICT (day, tool, service_type, service_variant) DO UPDATE
    SET total = s.total + excluded.total, completed = s.completed + excluded.completed, failed = s.failed + excluded.failed,
        credits = s.credits + excluded.credits, files = s.files + excluded.files;
  IF sign < 0 THEN
    DELETE FROM stats_generation_days
     WHERE day = v_day AND tool = g.tool AND service_type = g.service_type AND service_variant = g.service_variant AND total = 0;
  END IF;

  IF g.prompt IS NULL OR btrim(g.prompt) = '' THEN
    RETURN;
  END IF;
  INSERT INTO stats_prompts AS p (tool, hash, prompt, uses) VALUES (g.tool, md5(g.prompt), g.prompt, sign)
  ON CONFLICT (tool, hash) DO UPDATE SET uses = p.uses + excluded.uses
  RETURNING id INTO v_prompt;
  INSERT INTO stats_prompt_days AS d (day, prompt_id, uses, completed, failed, timed, time_ms)
  VALUES (v_day, v_prompt, sign, v_done, v_failed, v_timed, v_time)
  ON CONFLICT (day, prompt_id) DO UPDATE
    SET uses = d.uses + excluded.uses, completed = d.completed + excluded.completed, failed = d.failed + excluded.failed,
        timed = d.timed + excluded.timed, time_ms = d.time_ms + excluded.time_ms;
  INSERT INTO stats_prompt_months AS m (month, prompt_id, uses, completed, failed, timed, time_ms)
  VALUES (v_month, v_prompt, sign, v_done, v_failed, v_timed, v_time)
  ON CONFLICT (month, prompt_id) DO UPDATE
    SET uses = m.uses + excluded.uses, completed = m.completed + excluded.completed, failed = m.failed + excluded.failed,
        timed = m.timed + excluded.timed, time_ms = m.time_ms + excluded.time_ms;
  IF sign < 0 THEN
    -- A prompt no generation uses any more goes (an erased user's prompts with them).
    DELETE FROM stats_prompt_days WHERE day = v_day AND prompt_id = v_prompt AND uses = 0;
    DELETE FROM stats_prompt_months WHERE month = v_month AND prompt_id = v_prompt AND uses = 0;
    DELETE FROM stats_prompts WHERE id = v_prompt AND uses = 0;
  END IF;
END $$;
--> statement-breakpoint
-- A (tool, user)'s latest generation, recounted from generations after its latest one was deleted or moved.
CREATE FUNCTION stats_refresh_tool_user(p_tool text, p_user uuid, p_gone timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_latest timestamptz;
BEGIN
  -- Only the latest can lower the answer: deleting a user's 10,000 generations recounts once, not 10,000 times.
  IF NOT EXISTS (SELECT 1 FROM stats_tool_users WHERE tool = p_tool AND user_id = p_user AND last_at <= p_gone) THEN
    RETURN;
  END IF;
  SELECT max(created_at) INTO v_latest FROM generations WHERE user_id = p_user AND tool = p_tool;
  IF v_latest IS NULL THEN
    DELETE FROM stats_tool_users WHERE tool = p_tool AND user_id = p_user;
  ELSE
    UPDATE stats_tool_users SET last_at = v_latest WHERE tool = p_tool AND user_id = p_user;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION stats_track_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM stats_apply_generation(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM stats_apply_generation(NEW, 1);
    INSERT INTO stats_tool_users AS u (tool, user_id, last_at) VALUES (NEW.tool, NEW.user_id, NEW.created_at)
    ON CONFLICT (tool, user_id) DO UPDATE SET last_at = excluded.last_at WHERE u.last_at < excluded.last_at;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (OLD.tool, OLD.user_id, OLD.created_at) IS DISTINCT FROM (NEW.tool, NEW.user_id, NEW.created_at)) THEN
    PERFORM stats_refresh_tool_user(OLD.tool, OLD.user_id, OLD.created_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_generations_insert AFTER INSERT ON generations FOR EACH ROW EXECUTE FUNCTION stats_track_generation();
--> statement-breakpoint
-- Only a change to what the statistics read: a job id or an attempt count costs nothing.
CREATE TRIGGER stats_generations_update AFTER UPDATE ON generations FOR EACH ROW
  WHEN ((OLD.tool, OLD.user_id, OLD.created_at, OLD.service_type, OLD.service_variant, OLD.status, OLD.credits, OLD.output_file_ids, OLD.prompt, OLD.processing_time_ms)
        IS DISTINCT FROM (NEW.tool, NEW.user_id, NEW.created_at, NEW.service_type, NEW.service_variant, NEW.status, NEW.credits, NEW.output_file_ids, NEW.prompt, NEW.processing_time_ms))
  EXECUTE FUNCTION stats_track_generation();
--> statement-breakpoint
CREATE TRIGGER stats_generations_delete AFTER DELETE ON generations FOR EACH ROW EXECUTE FUNCTION stats_track_generation();
--> statement-breakpoint
-- A visit leaving its session (deleted or moved): one fewer, and its ends recounted from the visits if it was one.
CREATE FUNCTION stats_remove_visit(v visits) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s stats_sessions;
  v_latest timestamptz;
BEGIN
  UPDATE stats_sessions SET visits = visits - 1 WHERE session_id = v.session_id RETURNING * INTO s;
  IF s.visits = 0 THEN
    DELETE FROM stats_sessions WHERE session_id = v.session_id;
  ELSIF v.created_at <= s.first_at OR v.created_at >= s.last_at THEN
    SELECT min(created_at), max(created_at) INTO s.first_at, s.last_at FROM visits WHERE session_id = v.session_id;
    IF s.first_at IS NULL THEN
      -- One statement deleted every visit of the session (row triggers fire after it): the session is gone.
      DELETE FROM stats_sessions WHERE session_id = v.session_id;
    ELSE
      UPDATE stats_sessions SET (first_at, last_at) = (s.first_at, s.last_at) WHERE session_id = v.session_id;
    END IF;
  END IF;
  IF v.user_id IS NOT NULL AND EXISTS (SELECT 1 FROM stats_visit_users WHERE user_id = v.user_id AND last_at <= v.created_at) THEN
    SELECT max(created_at) INTO v_latest FROM visits WHERE user_id = v.user_id;
    IF v_latest IS NULL THEN
      DELETE FROM stats_visit_users WHERE user_id = v.user_id;
    ELSE
      UPDATE stats_visit_users SET last_at = v_latest WHERE user_id = v.user_id;
    END IF;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION stats_track_visit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM stats_remove_visit(OLD);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO stats_sessions AS s (session_id, first_at, last_at, visits) VALUES (NEW.session_id, NEW.created_at, NEW.created_at, 1)
    ON CONFLICT (session_id) DO UPDATE
      SET first_at = least(s.first_at, excluded.first_at), last_at = greatest(s.last_at, excluded.last_at), visits = s.visits + 1;
    IF NEW.user_id IS NOT NULL THEN
      INSERT INTO stats_visit_users AS u (user_id, last_at) VALUES (NEW.user_id, NEW.created_at)
      ON CONFLICT (user_id) DO UPDATE SET last_at = excluded.last_at WHERE u.last_at < excluded.last_at;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_visits_insert AFTER INSERT ON visits FOR EACH ROW EXECUTE FUNCTION stats_track_visit();
--> statement-breakpoint
CREATE TRIGGER stats_visits_update AFTER UPDATE ON visits FOR EACH ROW
  WHEN ((OLD.session_id, OLD.user_id, OLD.created_at) IS DISTINCT FROM (NEW.session_id, NEW.user_id, NEW.created_at))
  EXECUTE FUNCTION stats_track_visit();
--> statement-breakpoint
CREATE TRIGGER stats_visits_delete AFTER DELETE ON visits FOR EACH ROW EXECUTE FUNCTION stats_track_visit();
--> statement-breakpoint
-- Every rollup recomputed from generations and visits: the backfill below, and a bulk load made with the triggers off.
CREATE FUNCTION stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE stats_generation_days, stats_tool_users, stats_visit_users, stats_sessions, stats_prompt_days, stats_prompt_months, stats_prompts;
  INSERT INTO stats_generation_days (day, tool, service_type, service_variant, total, completed, failed, credits, files)
  SELECT (created_at AT TIME ZONE 'UTC')::date, tool, service_type, service_variant, count(*),
         count(*) FILTER (WHERE status = 'completed'), count(*) FILTER (WHERE status = 'failed'),
         coalesce(sum(credits) FILTER (WHERE status = 'completed'), 0),
         coalesce(sum(cardinality(output_file_ids)) FILTER (WHERE status = 'completed'), 0)
    FROM generations GROUP BY 1, 2, 3, 4;
  INSERT INTO stats_tool_users (tool, user_id, last_at) SELECT tool, user_id, max(created_at) FROM generations GROUP BY 1, 2;
  INSERT INTO stats_visit_users (user_id, last_at) SELECT user_id, max(created_at) FROM visits WHERE user_id IS NOT NULL GROUP BY 1;
  INSERT INTO stats_sessions (session_id, first_at, last_at, visits) SELECT session_id, min(created_at), max(created_at), count(*) FROM visits GROUP BY 1;
  INSERT INTO stats_prompts (tool, hash, prompt, uses)
  SELECT tool, md5(prompt), min(prompt), count(*) FROM generations WHERE prompt IS NOT NULL AND btrim(prompt) <> '' GROUP BY tool, md5(prompt);
  INSERT INTO stats_prompt_days (day, prompt_id, uses, completed, failed, timed, time_ms)
  SELECT (g.created_at AT TIME ZONE 'UTC')::date, p.id, count(*),
         count(*) FILTER (WHERE g.status = 'completed'), count(*) FILTER (WHERE g.status = 'failed'),
         count(*) FILTER (WHERE g.status IN ('completed', 'failed') AND g.processing_time_ms IS NOT NULL),
         coalesce(sum(g.processing_time_ms) FILTER (WHERE g.status IN ('completed', 'failed')), 0)
    FROM generations g JOIN stats_prompts p ON p.tool = g.tool AND p.hash = md5(g.prompt)
   WHERE g.prompt IS NOT NULL AND btrim(g.prompt) <> ''
   GROUP BY 1, 2;
  INSERT INTO stats_prompt_months (month, prompt_id, uses, completed, failed, timed, time_ms)
  SELECT date_trunc('month', day::timestamp)::date, prompt_id, sum(uses), sum(completed), sum(failed), sum(timed), sum(time_ms)
    FROM stats_prompt_days GROUP BY 1, 2;
END $$;
--> statement-breakpoint
SELECT stats_rebuild();
