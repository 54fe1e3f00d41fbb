import type { Db } from '../db/client';
import { runStatement, type NamedStatement } from '../db/prepared';
import { areaCondition, type InsightsArea } from './insights-area';
import { REPORT_TIME_ZONE } from './report.service';

/**
 * The event log behind the export (docs/insights.md, "Export"): one event per flow entry of the area's
 * applications whose time lies in the period. Read in batches by keyset on the application id (applications
 * first, then their flow entries by the flow's (applid, id) index), so an export never holds more than one
 * batch, and the events come grouped by case, oldest first, which is the order XES writes them in.
 * Only codes, roles, steps and times are selected: the SQL below never reads a name, a number or an address.
 */
export interface FlowEvent {
  eventId: number;
  caseId: number;
  activity: string;
  timestamp: string;
  status: string;
  resourceRole: string;
  wardCode: string;
  localityCode: string;
  stationCode: string;
}

export interface EventsQuery {
  area: InsightsArea;
  from: string;
  to: string;
}

/** Applications per batch; a case has 1-5 flow entries, so a batch is a few thousand events. */
export const EVENT_BATCH_APPLICATIONS = 1000;

const TZ = REPORT_TIME_ZONE;
const PERIOD = `f.logdt >= ($2::date)::timestamp at time zone '${TZ}'
    and f.logdt < ($3::date + 1)::timestamp at time zone '${TZ}'`;

const casesStatement = (area: InsightsArea): NamedStatement => ({
  name: `insights_event_cases_${area.level}`,
  text: `select a.applid::text as applid, a.ward_code as "wardCode", a.locality_code as "localityCode",
    a.station_code as "stationCode" from applications a
  where ${areaCondition(area, 'a')} and a.applid > $2::bigint order by a.applid limit $3::int`,
});

const EVENTS: NamedStatement = {
  name: 'insights_event_batch',
  text: `select f.id::text as "eventId", f.applid::text as "caseId", f.step as activity,
    to_char(f.logdt at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as timestamp, f.aplstatus as status,
    coalesce(f.actor_role, case when f.actor like 'landlord:%' then 'LANDLORD' else '' end) as "resourceRole"
  from application_flow f where f.applid = any($1::bigint[]) and ${PERIOD} order by f.applid, f.id`,
};

/** Counted on application_moves (one row per flow entry, same time): an index-only range, not a join. */
const COUNT = (area: InsightsArea): NamedStatement => ({
  name: `insights_event_count_${area.level}`,
  text: `select count(*)::int as total from application_moves f where ${areaCondition(area, 'f')} and ${PERIOD}`,
});

/** How many events the export will hold: sent as a header before the first byte (the browser's progress). */
export async function countEvents(db: Db, query: EventsQuery): Promise<number> {
  const [row] = await runStatement<{ total: number }>(db, COUNT(query.area), [
    query.area.code,
    query.from,
    query.to,
  ]);
  return row.total;
}

interface CaseRow {
  applid: string;
  wardCode: string;
  localityCode: string;
  stationCode: string;
}
type EventRow = Omit<FlowEvent, 'eventId' | 'caseId' | 'wardCode' | 'localityCode' | 'stationCode'> & {
  eventId: string;
  caseId: string;
};

/** The events, one batch of cases at a time; the next batch is read only when the consumer asks for it. */
export async function* flowEvents(
  db: Db,
  query: EventsQuery,
  batchApplications = EVENT_BATCH_APPLICATIONS,
): AsyncGenerator<FlowEvent[]> {
  let after = '0';
  for (;;) {
    const cases = await runStatement<CaseRow>(db, casesStatement(query.area), [
      query.area.code,
      after,
      batchApplications,
    ]);
    if (cases.length === 0) return;
    after = cases[cases.length - 1].applid;
    const events = await runStatement<EventRow>(db, EVENTS, [
      `{${cases.map((c) => c.applid).join(',')}}`,
      query.from,
      query.to,
    ]);
    const codes = new Map(cases.map((c) => [c.applid, c]));
    if (events.length > 0) {
      yield events.map((e) => {
        const place = codes.get(e.caseId)!;
        return {
          ...e,
          eventId: Number(e.eventId),
          caseId: Number(e.caseId),
          wardCode: place.wardCode,
          localityCode: place.localityCode,
          stationCode: place.stationCode,
        };
      });
    }
    if (cases.length < batchApplications) return;
  }
}
