import { z } from 'zod';
import { endpoint } from './endpoint';
import type { Role } from './roles';

/**
 * The officials' search of tenants and landlords (backoffice.md: top bar Search dialog, Search Tenants & Landlords
 * page; `POST process/search`). docs/search.md says how names and ID numbers match and whose records appear.
 */

export const SEARCH_ENTITIES = ['tenant', 'landlord'] as const;
export type SearchEntity = (typeof SEARCH_ENTITIES)[number];

/** The roles of the top bar's search and of the update-tenant page (role-menu.ts: Delete Tenant). */
export const SEARCH_ROLES = ['SUPERVISOR', 'MODERATOR', 'SUPERMODERATOR'] as const satisfies readonly Role[];

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** At most this many people come back, best matches first. */
export const SEARCH_LIMIT = 50;

export const SEARCH_MESSAGES = {
  nameRequired: 'Enter a name or an ID number to search.',
  tooShort: `Enter at least ${SEARCH_MIN_LENGTH} characters.`,
  tooLong: `At most ${SEARCH_MAX_LENGTH} characters.`,
  entity: 'Choose tenant or landlord.',
  /** The spec's empty result: 'No {entity} found.' */
  noneFound: (entity: SearchEntity) => `No ${entity} found.`,
} as const;

export const searchBodySchema = z.object({
  name: z
    .string({ error: SEARCH_MESSAGES.nameRequired })
    .trim()
    .min(1, SEARCH_MESSAGES.nameRequired)
    .min(SEARCH_MIN_LENGTH, SEARCH_MESSAGES.tooShort)
    .max(SEARCH_MAX_LENGTH, SEARCH_MESSAGES.tooLong),
  entity: z.enum(SEARCH_ENTITIES, { error: SEARCH_MESSAGES.entity }).default('tenant'),
});
export type SearchBody = z.input<typeof searchBodySchema>;

const addressLineSchema = z.object({ address1: z.string().nullable() });

/**
 * The spec's person search result (section 3): `id` is the tenant's registration number or the landlord's id
 * (the spec's "landlord falls back to landlord_id": this database has one id per landlord). `age` holds the date
 * of birth (yyyy-mm-dd) as the Tenant entity does; landlords have none (null). `epicNo` is beyond the spec: the
 * results table shows which ID number matched.
 */
export const personSearchResultSchema = z.object({
  id: z.number().int(),
  epicNo: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  age: z.string().nullable(),
  mobile: z.string(),
  occupation: z.string(),
  permanentAddress: addressLineSchema,
  presentAddress: addressLineSchema,
});
export type PersonSearchResult = z.infer<typeof personSearchResultSchema>;

/** Always an array (the spec allows "an array or single object"): empty, one row for an ID, or names. */
export const searchReplySchema = z.array(personSearchResultSchema);

/** A person's full name as the results table shows it. */
export function personName(
  person: Pick<PersonSearchResult, 'firstName' | 'middleName' | 'lastName'>,
): string {
  return [person.firstName, person.middleName, person.lastName].filter(Boolean).join(' ');
}

/** The search: SEARCH_ROLES only, the others an audited 403. */
export const SEARCH_ENDPOINTS = {
  search: endpoint({
    method: 'POST',
    path: '/process/search',
    access: { staff: SEARCH_ROLES },
    tag: 'search',
    body: searchBodySchema,
    reply: searchReplySchema,
  }),
};
