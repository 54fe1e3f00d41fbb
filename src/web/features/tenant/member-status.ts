import { formatDay } from '../../lib/dates';

/** public-portal.md section 4: a member is Active while leftOn is null (or active is true or empty). */
export function isMemberActive(member: { leftOn: string | null; active?: boolean | null }): boolean {
  return member.leftOn === null || member.active === true || member.active == null;
}

/** 'Active', or 'Left on 23-11-2026' (the date as people in India write it). */
export function memberStatus(member: { leftOn: string | null; active?: boolean | null }): string {
  if (isMemberActive(member)) return 'Active';
  return `Left on ${formatDay(member.leftOn)}`;
}

/** A date of birth (yyyy-mm-dd) shown dd-mm-yyyy. */
export const displayDate = formatDay;
