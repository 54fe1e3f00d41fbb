CREATE TABLE "insights_moves_rollup" (
	"grain" text NOT NULL,
	"starts" date NOT NULL,
	"district_code" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"action" text,
	"step" text NOT NULL,
	"moves" integer NOT NULL,
	CONSTRAINT "insights_moves_rollup_key" UNIQUE NULLS NOT DISTINCT("grain","starts","district_code","from_status","to_status","action","step")
);
--> statement-breakpoint
CREATE TABLE "insights_now" (
	"grain" text NOT NULL,
	"starts" date NOT NULL,
	"district_code" text NOT NULL,
	"status" text NOT NULL,
	"applications" integer NOT NULL,
	CONSTRAINT "insights_now_grain_starts_district_code_status_pk" PRIMARY KEY("grain","starts","district_code","status")
);
--> statement-breakpoint
CREATE TABLE "insights_stays_rollup" (
	"grain" text NOT NULL,
	"starts" date NOT NULL,
	"district_code" text NOT NULL,
	"status" text NOT NULL,
	"bucket" integer NOT NULL,
	"stays" integer NOT NULL,
	CONSTRAINT "insights_stays_rollup_grain_starts_district_code_status_bucket_pk" PRIMARY KEY("grain","starts","district_code","status","bucket")
);
--> statement-breakpoint
CREATE TABLE "insights_ward_decisions" (
	"grain" text NOT NULL,
	"starts" date NOT NULL,
	"ward_code" text NOT NULL,
	"district_code" text GENERATED ALWAYS AS (substr(ward_code, 3, 4)) STORED NOT NULL,
	"bucket" integer NOT NULL,
	"decisions" integer NOT NULL,
	CONSTRAINT "insights_ward_decisions_grain_starts_ward_code_bucket_pk" PRIMARY KEY("grain","starts","ward_code","bucket")
);
--> statement-breakpoint
CREATE TABLE "insights_ward_submissions" (
	"grain" text NOT NULL,
	"starts" date NOT NULL,
	"ward_code" text NOT NULL,
	"district_code" text GENERATED ALWAYS AS (substr(ward_code, 3, 4)) STORED NOT NULL,
	"submitted" integer NOT NULL,
	CONSTRAINT "insights_ward_submissions_grain_starts_ward_code_pk" PRIMARY KEY("grain","starts","ward_code")
);
--> statement-breakpoint
CREATE INDEX "insights_ward_decisions_district_idx" ON "insights_ward_decisions" USING btree ("district_code","grain","starts");--> statement-breakpoint
CREATE INDEX "insights_ward_submissions_district_idx" ON "insights_ward_submissions" USING btree ("district_code","grain","starts");--> statement-breakpoint
-- The weekly decisions read the days of a period: a small range of their own (docs/insights.md, "Rollups"). No
-- count column is in any index, and a third of each page is left free, so that a trigger's +1 is a HOT update.
CREATE INDEX "insights_moves_rollup_decisions_idx" ON "insights_moves_rollup" USING btree ("starts")
  INCLUDE ("district_code", "step") WHERE grain = 'd' AND step IN ('accepted', 'declined');--> statement-breakpoint
ALTER TABLE "insights_now" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "insights_moves_rollup" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "insights_stays_rollup" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "insights_ward_submissions" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "insights_ward_decisions" SET (fillfactor = 70);--> statement-breakpoint
-- Overdue applications submitted on the service limit's own day are counted from the applications (the rollup
-- has whole days): a small index of the applications that still wait for a decision. Not in the Drizzle schema
-- (applications.ts is not this migration's), like 0009's INCLUDE columns.
CREATE INDEX "applications_awaiting_submitted_idx" ON "applications" USING btree ("completed_at")
  INCLUDE ("district_code", "status") WHERE deleted_at IS NULL AND status IN ('LARP', 'LAVP', 'RECT');--> statement-breakpoint
-- India's calendar day of an instant, and the day and month rows ('d', 'm') an event at that instant counts in.
CREATE FUNCTION insights_day(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (t AT TIME ZONE 'Asia/Kolkata')::date
$$;--> statement-breakpoint
CREATE FUNCTION insights_grains(t timestamptz) RETURNS TABLE (grain text, starts date) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'd', insights_day(t) UNION ALL SELECT 'm', date_trunc('month', insights_day(t))::date
$$;--> statement-breakpoint
-- Hours kept as buckets of about 0.1 %: bucket k holds the hours h with round(ln(1 + 10 h) / ln(1.001)) = k (negative
-- hours mirrored). Its representative value is within 0.05 % + 0.00005 h of every h in it (docs/insights.md,
-- "Percentiles"); tests/server/insights.test.ts computes the same function in JavaScript.
CREATE FUNCTION insights_hours_bucket(h double precision) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (sign(h) * round(ln(1 + 10 * abs(h)) / ln(1.001::double precision)))::integer
$$;--> statement-breakpoint
CREATE FUNCTION insights_bucket_hours(k integer) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT sign(k) * (power(1.001::double precision, abs(k)) - 1) / 10
$$;--> statement-breakpoint
-- An application counts in insights_now and insights_ward_submissions while it is submitted and not deleted. Each
-- change takes its old contribution away and adds the new one, in one statement per table in key order (so two
-- transactions lock the rows they share in the same order and cannot deadlock on them).
CREATE FUNCTION insights_count_application() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb := '[]';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.completed_at IS NOT NULL AND OLD.deleted_at IS NULL THEN
    deltas := deltas || jsonb_build_object('ward', OLD.ward_code, 'status', OLD.status, 'at', OLD.completed_at, 'n', -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.completed_at IS NOT NULL AND NEW.deleted_at IS NULL THEN
    deltas := deltas || jsonb_build_object('ward', NEW.ward_code, 'status', NEW.status, 'at', NEW.completed_at, 'n', 1);
  END IF;
  IF jsonb_array_length(deltas) = 0 THEN RETURN NULL; END IF;
  WITH d AS (
    SELECT x.ward, x.status, g.grain, g.starts, x.n
    FROM jsonb_to_recordset(deltas) AS x(ward text, status text, at timestamptz, n integer)
    CROSS JOIN LATERAL insights_grains(x.at) g
  )
  INSERT INTO insights_now AS r (grain, starts, district_code, status, applications)
  SELECT grain, starts, substr(ward, 3, 4), status, sum(n) FROM d GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (grain, starts, district_code, status) DO UPDATE SET applications = r.applications + excluded.applications;
  WITH d AS (
    SELECT x.ward, g.grain, g.starts, x.n
    FROM jsonb_to_recordset(deltas) AS x(ward text, at timestamptz, n integer)
    CROSS JOIN LATERAL insights_grains(x.at) g
  )
  INSERT INTO insights_ward_submissions AS r (grain, starts, ward_code, submitted)
  SELECT grain, starts, ward, sum(n) FROM d GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (grain, starts, ward_code) DO UPDATE SET submitted = r.submitted + excluded.submitted;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER applications_insights_insert_delete AFTER INSERT OR DELETE ON applications
  FOR EACH ROW EXECUTE FUNCTION insights_count_application();--> statement-breakpoint
CREATE TRIGGER applications_insights_update AFTER UPDATE OF status, deleted_at, completed_at, ward_code ON applications
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.completed_at IS DISTINCT FROM NEW.completed_at OR OLD.ward_code IS DISTINCT FROM NEW.ward_code)
  EXECUTE FUNCTION insights_count_application();--> statement-breakpoint
-- Each move (a row of application_moves, written by 0009's trigger on the flow entry's insert) counts once in
-- the moves rollup, its stay (if it ended one) in the stays rollup and its decision hours (if it is a decision)
-- in the ward decisions; a move that goes (the cascade of a deleted application) takes its counts with it.
CREATE FUNCTION insights_count_move() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m application_moves;
  n integer;
BEGIN
  IF TG_OP = 'INSERT' THEN m := NEW; n := 1; ELSE m := OLD; n := -1; END IF;
  INSERT INTO insights_moves_rollup AS r (grain, starts, district_code, from_status, to_status, action, step, moves)
  SELECT g.grain, g.starts, m.district_code, m.from_status, m.to_status, m.action, m.step, n FROM insights_grains(m.logdt) g
  ON CONFLICT (grain, starts, district_code, from_status, to_status, action, step)
    DO UPDATE SET moves = r.moves + excluded.moves;
  IF m.stay_hours IS NOT NULL AND m.from_status IS NOT NULL THEN
    INSERT INTO insights_stays_rollup AS r (grain, starts, district_code, status, bucket, stays)
    SELECT g.grain, g.starts, m.district_code, m.from_status, insights_hours_bucket(m.stay_hours), n
    FROM insights_grains(m.logdt) g
    ON CONFLICT (grain, starts, district_code, status, bucket) DO UPDATE SET stays = r.stays + excluded.stays;
  END IF;
  IF m.decision_hours IS NOT NULL THEN
    INSERT INTO insights_ward_decisions AS r (grain, starts, ward_code, bucket, decisions)
    SELECT g.grain, g.starts, m.ward_code, insights_hours_bucket(m.decision_hours), n FROM insights_grains(m.logdt) g
    ON CONFLICT (grain, starts, ward_code, bucket) DO UPDATE SET decisions = r.decisions + excluded.decisions;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER application_moves_insights AFTER INSERT OR DELETE ON application_moves
  FOR EACH ROW EXECUTE FUNCTION insights_count_move();--> statement-breakpoint
-- Rebuilds every rollup from application_moves and applications (the same definitions as the triggers): for the
-- rows that exist when this migration runs, and after a load with triggers off (bench/seed-million.ts). The day
-- rows are counted first and the month rows summed from them.
CREATE FUNCTION insights_backfill_rollups() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE insights_now, insights_moves_rollup, insights_stays_rollup, insights_ward_submissions,
    insights_ward_decisions;
  INSERT INTO insights_now (grain, starts, district_code, status, applications)
  SELECT 'd', insights_day(completed_at), district_code, status, count(*) FROM applications
  WHERE completed_at IS NOT NULL AND deleted_at IS NULL GROUP BY 2, 3, 4;
  INSERT INTO insights_ward_submissions (grain, starts, ward_code, submitted)
  SELECT 'd', insights_day(completed_at), ward_code, count(*) FROM applications
  WHERE completed_at IS NOT NULL AND deleted_at IS NULL GROUP BY 2, 3;
  INSERT INTO insights_moves_rollup (grain, starts, district_code, from_status, to_status, action, step, moves)
  SELECT 'd', insights_day(logdt), district_code, from_status, to_status, action, step, count(*)
  FROM application_moves GROUP BY 2, 3, 4, 5, 6, 7;
  INSERT INTO insights_stays_rollup (grain, starts, district_code, status, bucket, stays)
  SELECT 'd', insights_day(logdt), district_code, from_status, insights_hours_bucket(stay_hours), count(*)
  FROM application_moves WHERE stay_hours IS NOT NULL AND from_status IS NOT NULL GROUP BY 2, 3, 4, 5;
  INSERT INTO insights_ward_decisions (grain, starts, ward_code, bucket, decisions)
  SELECT 'd', insights_day(logdt), ward_code, insights_hours_bucket(decision_hours), count(*)
  FROM application_moves WHERE decision_hours IS NOT NULL GROUP BY 2, 3, 4;

  INSERT INTO insights_now (grain, starts, district_code, status, applications)
  SELECT 'm', date_trunc('month', starts)::date, district_code, status, sum(applications) FROM insights_now
  WHERE grain = 'd' GROUP BY 2, 3, 4;
  INSERT INTO insights_ward_submissions (grain, starts, ward_code, submitted)
  SELECT 'm', date_trunc('month', starts)::date, ward_code, sum(submitted) FROM insights_ward_submissions
  WHERE grain = 'd' GROUP BY 2, 3;
  INSERT INTO insights_moves_rollup (grain, starts, district_code, from_status, to_status, action, step, moves)
  SELECT 'm', date_trunc('month', starts)::date, district_code, from_status, to_status, action, step, sum(moves)
  FROM insights_moves_rollup WHERE grain = 'd' GROUP BY 2, 3, 4, 5, 6, 7;
  INSERT INTO insights_stays_rollup (grain, starts, district_code, status, bucket, stays)
  SELECT 'm', date_trunc('month', starts)::date, district_code, status, bucket, sum(stays) FROM insights_stays_rollup
  WHERE grain = 'd' GROUP BY 2, 3, 4, 5;
  INSERT INTO insights_ward_decisions (grain, starts, ward_code, bucket, decisions)
  SELECT 'm', date_trunc('month', starts)::date, ward_code, bucket, sum(decisions) FROM insights_ward_decisions
  WHERE grain = 'd' GROUP BY 2, 3, 4;
END
$$;--> statement-breakpoint
SELECT insights_backfill_rollups();--> statement-breakpoint
-- Statistics for the planner now: a year of the state reads tens of thousands of rows, which it must not plan as 20.
ANALYZE insights_now, insights_moves_rollup, insights_stays_rollup, insights_ward_submissions, insights_ward_decisions;
