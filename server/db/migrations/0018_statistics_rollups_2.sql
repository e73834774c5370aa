CREATE TABLE "stats_active_user_days" (
	"day" date PRIMARY KEY NOT NULL,
	"users" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_active_users" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_output_days" (
	"day" date NOT NULL,
	"tool" text NOT NULL,
	"files" integer NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "stats_output_days_day_tool_pk" PRIMARY KEY("day","tool")
);
--> statement-breakpoint
CREATE TABLE "stats_session_days" (
	"day" date PRIMARY KEY NOT NULL,
	"sessions" integer NOT NULL,
	"seconds" numeric NOT NULL,
	"bounces" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_tool_user_days" (
	"tool" text NOT NULL,
	"day" date NOT NULL,
	"users" integer NOT NULL,
	CONSTRAINT "stats_tool_user_days_tool_day_pk" PRIMARY KEY("tool","day")
);
--> statement-breakpoint
DROP INDEX "stats_sessions_last_idx";--> statement-breakpoint
CREATE INDEX "stats_active_users_last_idx" ON "stats_active_users" USING btree ("last_at");--> statement-breakpoint
CREATE INDEX "stats_sessions_first_idx" ON "stats_sessions" USING btree ("first_at","last_at","visits");--> statement-breakpoint
CREATE INDEX "stats_sessions_span_idx" ON "stats_sessions" USING gist (tstzrange("first_at", "last_at", '(]'));--> statement-breakpoint
CREATE INDEX "stats_tool_users_last_idx" ON "stats_tool_users" USING btree ("last_at","tool");--> statement-breakpoint
CREATE INDEX "stats_tool_users_user_idx" ON "stats_tool_users" USING btree ("user_id");--> statement-breakpoint
-- Hand-written from here (the CREATE INDEX just below included): a partial index on files for the part-day of a range's
-- output sizes; the triggers that keep the per-day counts of migration 0017's tables (tool users, active users,
-- sessions by first visit, output bytes), the triggers on the rollup tables themselves; stats_rebuild() redone to
-- fill them too, and run once as the backfill.
CREATE INDEX "stats_files_generated_idx" ON "files" USING btree ("created_at") INCLUDE ("tool_name", "size_bytes")
  WHERE entity_type LIKE 'generated\_%' AND tool_name IS NOT NULL;
--> statement-breakpoint
-- stats_rebuild() sets this for its transaction: the rollup tables' own triggers stand aside while it refills them.
CREATE FUNCTION stats_rebuilding() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('ampkit.stats_rebuild', true), '') = 'on'
$$;
--> statement-breakpoint
CREATE FUNCTION stats_utc_day(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$ SELECT (at AT TIME ZONE 'UTC')::date $$;
--> statement-breakpoint
-- A user's latest activity raised to `at` (a generation or signed-in visit at least as late as any before).
CREATE FUNCTION stats_raise_active_user(p_user uuid, p_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stats_active_users AS a (user_id, last_at) VALUES (p_user, p_at)
  ON CONFLICT (user_id) DO UPDATE SET last_at = excluded.last_at WHERE a.last_at < excluded.last_at;
END $$;
--> statement-breakpoint
-- A user's latest activity recounted from stats_tool_users and stats_visit_users after one at `p_gone` went or moved
-- back; only when it was the latest.
CREATE FUNCTION stats_lower_active_user(p_user uuid, p_gone timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_latest timestamptz;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM stats_active_users WHERE user_id = p_user AND last_at <= p_gone) THEN
    RETURN;
  END IF;
  v_latest := greatest((SELECT max(last_at) FROM stats_tool_users WHERE user_id = p_user),
                       (SELECT last_at FROM stats_visit_users WHERE user_id = p_user));
  IF v_latest IS NULL THEN
    DELETE FROM stats_active_users WHERE user_id = p_user;
  ELSE
    UPDATE stats_active_users SET last_at = v_latest WHERE user_id = p_user AND last_at <> v_latest;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION stats_track_tool_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF stats_rebuilding() THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.tool = NEW.tool AND stats_utc_day(OLD.last_at) = stats_utc_day(NEW.last_at) THEN
    NULL; -- the same day's count
  ELSE
    IF TG_OP <> 'INSERT' THEN
      UPDATE stats_tool_user_days SET users = users - 1 WHERE tool = OLD.tool AND day = stats_utc_day(OLD.last_at);
      DELETE FROM stats_tool_user_days WHERE tool = OLD.tool AND day = stats_utc_day(OLD.last_at) AND users = 0;
    END IF;
    IF TG_OP <> 'DELETE' THEN
      INSERT INTO stats_tool_user_days AS d (tool, day, users) VALUES (NEW.tool, stats_utc_day(NEW.last_at), 1)
      ON CONFLICT (tool, day) DO UPDATE SET users = d.users + 1;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM stats_raise_active_user(NEW.user_id, NEW.last_at);
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM stats_lower_active_user(OLD.user_id, OLD.last_at);
  ELSIF TG_OP = 'UPDATE' AND (OLD.user_id <> NEW.user_id OR NEW.last_at < OLD.last_at) THEN
    PERFORM stats_lower_active_user(OLD.user_id, OLD.last_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_tool_users_track AFTER INSERT OR UPDATE OR DELETE ON stats_tool_users FOR EACH ROW EXECUTE FUNCTION stats_track_tool_user();
--> statement-breakpoint
CREATE FUNCTION stats_track_visit_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF stats_rebuilding() THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM stats_raise_active_user(NEW.user_id, NEW.last_at);
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM stats_lower_active_user(OLD.user_id, OLD.last_at);
  ELSIF TG_OP = 'UPDATE' AND (OLD.user_id <> NEW.user_id OR NEW.last_at < OLD.last_at) THEN
    PERFORM stats_lower_active_user(OLD.user_id, OLD.last_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_visit_users_track AFTER INSERT OR UPDATE OR DELETE ON stats_visit_users FOR EACH ROW EXECUTE FUNCTION stats_track_visit_user();
--> statement-breakpoint
CREATE FUNCTION stats_track_active_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF stats_rebuilding() THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND stats_utc_day(OLD.last_at) = stats_utc_day(NEW.last_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE stats_active_user_days SET users = users - 1 WHERE day = stats_utc_day(OLD.last_at);
    DELETE FROM stats_active_user_days WHERE day = stats_utc_day(OLD.last_at) AND users = 0;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO stats_active_user_days AS d (day, users) VALUES (stats_utc_day(NEW.last_at), 1)
    ON CONFLICT (day) DO UPDATE SET users = d.users + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_active_users_track AFTER INSERT OR UPDATE OR DELETE ON stats_active_users FOR EACH ROW EXECUTE FUNCTION stats_track_active_user();
--> statement-breakpoint
-- A session's part of its first day's counts, added (sign 1) or taken away (sign -1).
CREATE FUNCTION stats_apply_session(s stats_sessions, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stats_session_days AS d (day, sessions, seconds, bounces)
  VALUES (stats_utc_day(s.first_at), sign, sign * extract(epoch from s.last_at - s.first_at), CASE WHEN s.visits = 1 THEN sign ELSE 0 END)
  ON CONFLICT (day) DO UPDATE
    SET sessions = d.sessions + excluded.sessions, seconds = d.seconds + excluded.seconds, bounces = d.bounces + excluded.bounces;
  IF sign < 0 THEN
    DELETE FROM stats_session_days WHERE day = stats_utc_day(s.first_at) AND sessions = 0;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION stats_track_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF stats_rebuilding() THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND stats_utc_day(OLD.first_at) = stats_utc_day(NEW.first_at) THEN
    -- A visit more in a session begun the same day (the common case): one update of that day.
    UPDATE stats_session_days
       SET seconds = seconds + extract(epoch from NEW.last_at - NEW.first_at) - extract(epoch from OLD.last_at - OLD.first_at),
           bounces = bounces + (NEW.visits = 1)::int - (OLD.visits = 1)::int
     WHERE day = stats_utc_day(NEW.first_at);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM stats_apply_session(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM stats_apply_session(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_sessions_track AFTER INSERT OR UPDATE OR DELETE ON stats_sessions FOR EACH ROW EXECUTE FUNCTION stats_track_session();
--> statement-breakpoint
-- A generated file's bytes in its day's and tool's count, added (sign 1) or taken away (sign -1); other files none.
CREATE FUNCTION stats_apply_output(f files, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF f.entity_type NOT LIKE 'generated\_%' OR f.tool_name IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO stats_output_days AS d (day, tool, files, bytes) VALUES (stats_utc_day(f.created_at), f.tool_name, sign, sign * f.size_bytes)
  ON CONFLICT (day, tool) DO UPDATE SET files = d.files + excluded.files, bytes = d.bytes + excluded.bytes;
  IF sign < 0 THEN
    DELETE FROM stats_output_days WHERE day = stats_utc_day(f.created_at) AND tool = f.tool_name AND files = 0;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION stats_track_output() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM stats_apply_output(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM stats_apply_output(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_files_insert AFTER INSERT ON files FOR EACH ROW EXECUTE FUNCTION stats_track_output();
--> statement-breakpoint
-- Only a change to what the output sizes read: a view count or a share costs nothing.
CREATE TRIGGER stats_files_update AFTER UPDATE ON files FOR EACH ROW
  WHEN ((OLD.entity_type, OLD.tool_name, OLD.size_bytes, OLD.created_at) IS DISTINCT FROM (NEW.entity_type, NEW.tool_name, NEW.size_bytes, NEW.created_at))
  EXECUTE FUNCTION stats_track_output();
--> statement-breakpoint
CREATE TRIGGER stats_files_delete AFTER DELETE ON files FOR EACH ROW EXECUTE FUNCTION stats_track_output();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('ampkit.stats_rebuild', 'on', true);
  TRUNCATE stats_generation_days, stats_tool_users, stats_visit_users, stats_sessions, stats_prompt_days, stats_prompt_months, stats_prompts,
           stats_tool_user_days, stats_active_users, stats_active_user_days, stats_session_days, stats_output_days;
  INSERT INTO stats_generation_days (day, tool, service_type, service_variant, total, completed, failed, credits, files)
  SELECT stats_utc_day(created_at), tool, service_type, service_variant, count(*),
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
  SELECT stats_utc_day(g.created_at), p.id, count(*),
         count(*) FILTER (WHERE g.status = 'completed'), count(*) FILTER (WHERE g.status = 'failed'),
         count(*) FILTER (WHERE g.status IN ('completed', 'failed') AND g.processing_time_ms IS NOT NULL),
         coalesce(sum(g.processing_time_ms) FILTER (WHERE g.status IN ('completed', 'failed')), 0)
    FROM generations g JOIN stats_prompts p ON p.tool = g.tool AND p.hash = md5(g.prompt)
   WHERE g.prompt IS NOT NULL AND btrim(g.prompt) <> ''
   GROUP BY 1, 2;
  INSERT INTO stats_prompt_months (month, prompt_id, uses, completed, failed, timed, time_ms)
  SELECT date_trunc('month', day::timestamp)::date, prompt_id, sum(uses), sum(completed), sum(failed), sum(timed), sum(time_ms)
    FROM stats_prompt_days GROUP BY 1, 2;
  INSERT INTO stats_tool_user_days (tool, day, users) SELECT tool, stats_utc_day(last_at), count(*) FROM stats_tool_users GROUP BY 1, 2;
  INSERT INTO stats_active_users (user_id, last_at)
  SELECT user_id, max(last_at) FROM (SELECT user_id, last_at FROM stats_tool_users UNION ALL SELECT user_id, last_at FROM stats_visit_users) a GROUP BY 1;
  INSERT INTO stats_active_user_days (day, users) SELECT stats_utc_day(last_at), count(*) FROM stats_active_users GROUP BY 1;
  INSERT INTO stats_session_days (day, sessions, seconds, bounces)
  SELECT stats_utc_day(first_at), count(*), sum(extract(epoch from last_at - first_at)), count(*) FILTER (WHERE visits = 1) FROM stats_sessions GROUP BY 1;
  INSERT INTO stats_output_days (day, tool, files, bytes)
  SELECT stats_utc_day(created_at), tool_name, count(*), sum(size_bytes) FROM files
   WHERE entity_type LIKE 'generated\_%' AND tool_name IS NOT NULL GROUP BY 1, 2;
  PERFORM set_config('ampkit.stats_rebuild', 'off', true);
END $$;
--> statement-breakpoint
SELECT stats_rebuild();
