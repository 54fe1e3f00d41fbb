CREATE TABLE "application_moves" (
	"flow_id" bigint PRIMARY KEY NOT NULL,
	"applid" bigint NOT NULL,
	"ward_code" text NOT NULL,
	"locality_code" text GENERATED ALWAYS AS (left(ward_code, 13)) STORED NOT NULL,
	"station_code" text GENERATED ALWAYS AS (left(ward_code, 9)) STORED NOT NULL,
	"district_code" text GENERATED ALWAYS AS (substr(ward_code, 3, 4)) STORED NOT NULL,
	"logdt" timestamp with time zone NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"action" text,
	"step" text NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"stay_hours" double precision,
	"decision_hours" double precision
);
--> statement-breakpoint
ALTER TABLE "application_moves" ADD CONSTRAINT "application_moves_flow_id_application_flow_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."application_flow"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The district index covers every column the lifecycle numbers read (Drizzle cannot declare INCLUDE): a district's
-- year is a tenth of the table spread over a third of it, which an index-only scan reads in order instead of
-- fetching each row from the heap (docs/insights.md, "Figures").
CREATE INDEX "application_moves_district_idx" ON "application_moves" USING btree ("district_code","logdt")
  INCLUDE ("ward_code", "from_status", "to_status", "action", "step", "stay_hours", "decision_hours");--> statement-breakpoint
CREATE INDEX "application_moves_station_idx" ON "application_moves" USING btree ("station_code","logdt");--> statement-breakpoint
CREATE INDEX "application_moves_locality_idx" ON "application_moves" USING btree ("locality_code","logdt");--> statement-breakpoint
CREATE INDEX "application_moves_ward_idx" ON "application_moves" USING btree ("ward_code","logdt");--> statement-breakpoint
-- The whole state's period: covering too, for the same reason.
CREATE INDEX "application_moves_logdt_idx" ON "application_moves" USING btree ("logdt")
  INCLUDE ("ward_code", "from_status", "to_status", "action", "step", "stay_hours", "decision_hours");--> statement-breakpoint
CREATE INDEX "application_moves_applid_idx" ON "application_moves" USING btree ("applid","flow_id");--> statement-breakpoint
-- Keeps application_moves in step with application_flow, in the transaction that writes the flow entry
-- (docs/insights.md, "Pre-aggregation"). The previous move of the same application says the status before this
-- entry and since when the application had it.
CREATE FUNCTION insights_record_move() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  prev_status text;
  prev_entered timestamptz;
  appl_ward text;
  appl_completed timestamptz;
BEGIN
  SELECT m.to_status, m.entered_at INTO prev_status, prev_entered FROM application_moves m
    WHERE m.applid = NEW.applid AND m.flow_id < NEW.id ORDER BY m.flow_id DESC LIMIT 1;
  SELECT a.ward_code, a.completed_at INTO appl_ward, appl_completed FROM applications a WHERE a.applid = NEW.applid;
  INSERT INTO application_moves (flow_id, applid, ward_code, logdt, from_status, to_status, action, step, entered_at,
      stay_hours, decision_hours)
  VALUES (NEW.id, NEW.applid, appl_ward, NEW.logdt, prev_status, NEW.aplstatus, NEW.action, NEW.step,
    CASE WHEN prev_status IS NOT DISTINCT FROM NEW.aplstatus THEN prev_entered ELSE NEW.logdt END,
    CASE WHEN prev_status IS NOT NULL AND prev_status <> NEW.aplstatus
      THEN extract(epoch FROM NEW.logdt - prev_entered) / 3600 END,
    CASE WHEN NEW.step IN ('accepted', 'declined') AND appl_completed IS NOT NULL
      THEN extract(epoch FROM NEW.logdt - appl_completed) / 3600 END);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER application_flow_record_move AFTER INSERT ON application_flow
  FOR EACH ROW EXECUTE FUNCTION insights_record_move();--> statement-breakpoint
-- The same rows for flow entries written before the trigger existed (or with triggers off, as the scale seed
-- loads): the window functions below say per entry what the trigger says one entry at a time.
CREATE FUNCTION insights_backfill_moves() RETURNS void LANGUAGE sql AS $$
  WITH f AS (
    SELECT f.id, f.applid, f.logdt, f.aplstatus, f.action, f.step, a.ward_code, a.completed_at,
      lag(f.aplstatus) OVER w AS prev_status
    FROM application_flow f JOIN applications a ON a.applid = f.applid
    WHERE NOT EXISTS (SELECT 1 FROM application_moves m WHERE m.applid = f.applid)
    WINDOW w AS (PARTITION BY f.applid ORDER BY f.id)
  ), entered AS (
    SELECT f.*, max(CASE WHEN prev_status IS DISTINCT FROM aplstatus THEN logdt END)
      OVER (PARTITION BY applid ORDER BY id) AS entered_at
    FROM f
  )
  INSERT INTO application_moves (flow_id, applid, ward_code, logdt, from_status, to_status, action, step, entered_at,
      stay_hours, decision_hours)
  SELECT id, applid, ward_code, logdt, prev_status, aplstatus, action, step, entered_at,
    CASE WHEN prev_status IS NOT NULL AND prev_status <> aplstatus
      THEN extract(epoch FROM logdt - lag(entered_at) OVER (PARTITION BY applid ORDER BY id)) / 3600 END,
    CASE WHEN step IN ('accepted', 'declined') AND completed_at IS NOT NULL
      THEN extract(epoch FROM logdt - completed_at) / 3600 END
  FROM entered
$$;--> statement-breakpoint
SELECT insights_backfill_moves();
