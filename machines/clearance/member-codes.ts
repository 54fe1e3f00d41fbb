/** Ticks or unticks a member code: the family-member and helper checklists of both clearance machines. */
export function toggle(codes: number[], code: number): number[] {
  return codes.includes(code) ? codes.filter((c) => c !== code) : [...codes, code];
}
