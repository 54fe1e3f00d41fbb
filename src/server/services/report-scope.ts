import { HttpError } from '../http/errors';
import { STATEWIDE_ROLES } from '../security/jurisdiction-scope';
import type { StaffIdentity } from '../security/sessions';

/**
 * Which applications a report reads: one node of the jurisdiction tree (docs/jurisdiction-codes.md). The path's
 * code (a district or a police station) is narrowed by the filter's station, locality and ward, each of which
 * must lie inside the one before it (a 400 otherwise: the request contradicts itself). Whether the caller may
 * read that node is a separate question (reportRefusal), answered with an audited 403.
 */
export type ReportLevel = 'district' | 'station' | 'locality' | 'ward';
export interface ReportScope {
  level: ReportLevel;
  code: string;
}

export interface ReportNodes {
  code: string;
  policeStation?: string | null;
  locality?: string | null;
  localAuthority?: string | null;
}

const levelOf = (code: string): ReportLevel =>
  /^\d{4}$/.test(code)
    ? 'district'
    : code.length === 9
      ? 'station'
      : code.length === 13
        ? 'locality'
        : 'ward';

/** The district a district, station, locality or ward code belongs to. */
const districtOfNode = (code: string) => (/^\d{4}$/.test(code) ? code : code.slice(2, 6));

/** Does `outer` contain `inner` (or equal it)? Codes embed their ancestors, so this is a prefix test. */
const within = (outer: string, inner: string) =>
  levelOf(outer) === 'district' ? districtOfNode(inner) === outer : inner.startsWith(outer);

const FIELD_NAMES = {
  policeStation: 'policeStation',
  locality: 'locality',
  localAuthority: 'localAuthority',
};

/** The narrowest node the request names; 400 when a filter lies outside the node before it. */
export function reportScopeOf(nodes: ReportNodes): ReportScope {
  let scope: ReportScope = { level: levelOf(nodes.code), code: nodes.code };
  for (const field of ['policeStation', 'locality', 'localAuthority'] as const) {
    const code = nodes[field];
    if (!code) continue;
    if (!within(scope.code, code)) {
      throw new HttpError(400, `${FIELD_NAMES[field]}: ${code} is not inside ${scope.code}.`);
    }
    scope = { level: levelOf(code), code };
  }
  return scope;
}

export const OUTSIDE_REPORT_MESSAGE = 'You may only report on applications of your own jurisdiction.';

/**
 * Why this official may not read the scope, or null when it may. A SUPERVISOR reads any station; a VERIFIER
 * its own district (its usercode is the district's code); a malformed usercode reads nothing.
 */
export function reportRefusal(staff: StaffIdentity, scope: ReportScope): string | null {
  if (STATEWIDE_ROLES.includes(staff.role)) return null;
  if (staff.role === 'VERIFIER' && /^\d{4}$/.test(staff.usercode) && within(staff.usercode, scope.code)) {
    return null;
  }
  return `${staff.username} (${staff.role} ${staff.usercode}) asked for a report on ${scope.code}`;
}
