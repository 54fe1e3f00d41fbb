import type { InsightsFilter } from '../../contract/insights.contract';
import type { StaffIdentity } from '../security/sessions';
import { STATEWIDE_ROLES } from '../security/jurisdiction-scope';
import { reportRefusal, reportScopeOf, type ReportScope } from './report-scope';

/**
 * The node of the jurisdiction tree the insights read (docs/insights.md, "Scope"): the narrowest filter given,
 * each filter inside the one before it (400 otherwise, through the reports' own reportScopeOf). With no filter, a
 * state-wide role reads the whole state and a verifier its own district. Whether the viewer may read the node is
 * the reports' reportRefusal, so the two screens can never disagree about a jurisdiction.
 */
export type InsightsArea = ReportScope | { level: 'state'; code: null };

export type AreaOutcome = { area: InsightsArea } | { refusal: string };

export function insightsAreaOf(staff: StaffIdentity, filter: InsightsFilter): AreaOutcome {
  const { districtCode, stationCode, localityCode, wardCode } = filter;
  const root = districtCode ?? stationCode ?? localityCode ?? wardCode;
  if (!root) {
    if (STATEWIDE_ROLES.includes(staff.role)) return { area: { level: 'state', code: null } };
    if (/^\d{4}$/.test(staff.usercode)) return { area: { level: 'district', code: staff.usercode } };
    return { refusal: `${staff.username} (${staff.role} ${staff.usercode}) asked for state-wide insights` };
  }
  const scope = reportScopeOf({
    code: root,
    policeStation: stationCode,
    locality: localityCode,
    localAuthority: wardCode,
  });
  const refusal = reportRefusal(staff, scope);
  return refusal ? { refusal } : { area: scope };
}

const COLUMN = {
  district: 'district_code',
  station: 'station_code',
  locality: 'locality_code',
  ward: 'ward_code',
} as const;

/**
 * The SQL condition "application `alias` lies in the area", on parameter $1 (the node's code, null for the state).
 * Each level has its own column, so each level gets its own prepared statement and the matching list index.
 */
export function areaCondition(area: InsightsArea, alias: string): string {
  return area.level === 'state' ? '$1::text is null' : `${alias}.${COLUMN[area.level]} = $1::text`;
}
