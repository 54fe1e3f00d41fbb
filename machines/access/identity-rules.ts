/**
 * The identity fields the citizen steppers normalise as the person types (public-portal.md section 5), kept in one
 * place so the machines, the selectors and the views agree on what a valid EPIC or tenant ID is.
 */

/** EPIC (election card) numbers: upper-cased and cut to 10 characters on input. */
export function normalizeEpic(value: string): string {
  return value.toUpperCase().slice(0, 10);
}

/** Landlord login and registration need exactly 3 letters then 7 digits. */
export function isValidEpic(value: string): boolean {
  return /^[A-Z]{3}\d{7}$/.test(value);
}

/** How a tenant names themself on the Login tab: an ID document number, or the registration number we issued. */
export type TenantIdKind = 'id' | 'registration';

/** A driving licence, PAN or EPIC number is upper-cased without spaces; a registration number keeps only digits. */
export function normalizeTenantId(kind: TenantIdKind, value: string): string {
  return kind === 'id' ? value.toUpperCase().replace(/\s+/g, '') : value.replace(/\D+/g, '');
}
