/**
 * Jurisdiction codes form a tree, and a child's code is built from its parent's:
 *   state '17' > district '1701' > police station 'PS1701001' (PS + district + 3 digits)
 *   > locality 'PS1701001LA01' > sub-locality/ward 'PS1701001LA01W01'.
 * An official's usercode is the code of the place it answers for; an application belongs to the ward of its
 * rental unit. So "is this application mine?" is a comparison of two strings, with no lookup.
 */
export type JurisdictionLevel = 'state' | 'district' | 'station' | 'locality' | 'ward';

const CODE_PATTERNS: Record<JurisdictionLevel, RegExp> = {
  state: /^\d{2}$/,
  district: /^\d{4}$/,
  station: /^PS\d{7}$/,
  locality: /^PS\d{7}LA\d{2}$/,
  ward: /^PS\d{7}LA\d{2}W\d{2}$/,
};

/** Lengths of the code prefixes inside a police-station-rooted code. */
const STATION_CODE_LENGTH = 9;
const LOCALITY_CODE_LENGTH = 13;

/** The level a code names, or null when it is not a well-formed jurisdiction code. */
export function jurisdictionLevelOf(code: string): JurisdictionLevel | null {
  for (const level of Object.keys(CODE_PATTERNS) as JurisdictionLevel[]) {
    if (CODE_PATTERNS[level].test(code)) return level;
  }
  return null;
}

export function isWardCode(code: string): boolean {
  return CODE_PATTERNS.ward.test(code);
}

/**
 * Does the official whose usercode is `actorUsercode` answer for the ward `wardCode`?
 * A ward code must equal; a locality or police-station code must be its prefix; a district code is compared
 * with the district digits of the ward (characters 3-6), a state code with the state digits (characters 3-4).
 * Malformed codes never match, so a typo in a user account cannot widen its reach.
 */
export function isWithinJurisdiction(actorUsercode: string, wardCode: string): boolean {
  if (!isWardCode(wardCode)) return false;
  switch (jurisdictionLevelOf(actorUsercode)) {
    case 'ward':
      return actorUsercode === wardCode;
    case 'locality':
    case 'station':
      return wardCode.startsWith(actorUsercode);
    case 'district':
      return districtOf(wardCode) === actorUsercode;
    case 'state':
      return stateOf(wardCode) === actorUsercode;
    default:
      return false;
  }
}

/** The locality a ward (or locality) code belongs to: its first 13 characters. */
export function localityOf(code: string): string {
  return code.slice(0, LOCALITY_CODE_LENGTH);
}

/** The police station of a ward, locality or station code: its first 9 characters (as the spec says). */
export function stationOf(code: string): string {
  return code.slice(0, STATION_CODE_LENGTH);
}

/** The district of any code: a district code is itself, a station-rooted code carries it at characters 3-6. */
export function districtOf(code: string): string {
  return code.startsWith('PS') ? code.slice(2, 6) : code.slice(0, 4);
}

/** The state of any code: the first two digits of its district. */
export function stateOf(code: string): string {
  return districtOf(code).slice(0, 2);
}
