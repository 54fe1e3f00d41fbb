import type { Db } from '../client';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
import { occupations, relationshipTypes, states, tenancyTypes } from '../schema';

// Reference data behind the pickers: present in every database, production included (like the roles).
// Re-running is harmless: existing rows are left alone, so an administrator's later edits survive.

export const OCCUPATIONS = [
  'Government Service',
  'Private Service',
  'Business',
  'Self Employed',
  'Shopkeeper',
  'Teacher',
  'Doctor',
  'Nurse',
  'Engineer',
  'Advocate',
  'Student',
  'Farmer',
  'Driver',
  'Daily Wage Labourer',
  'Domestic Worker',
  'Homemaker',
  'Clergy',
  'Armed Forces',
  'Retired',
  'Unemployed',
  'Others',
] as const;

export const RELATIONSHIP_TYPES = [
  'Spouse',
  'Son',
  'Daughter',
  'Father',
  'Mother',
  'Brother',
  'Sister',
  'Grandfather',
  'Grandmother',
  'Grandson',
  'Granddaughter',
  'Father-in-law',
  'Mother-in-law',
  'Son-in-law',
  'Daughter-in-law',
  'Uncle',
  'Aunt',
  'Nephew',
  'Niece',
  'Cousin',
  'Others',
] as const;

/** 'T1' is what a new tenant gets (public-portal.md section 4). */
export const TENANCY_TYPES = [
  ['T1', 'Residential (family)'],
  ['T2', 'Residential (single occupant)'],
  ['T3', 'Student'],
  ['T4', 'Paying guest'],
  ['T5', 'Commercial'],
] as const;

/**
 * States and union territories with their Local Government Directory codes (Meghalaya is 17), so a tenant's
 * permanent address can lie outside Meghalaya. Districts are jurisdiction data and are loaded separately.
 */
export const INDIAN_STATES = [
  ['01', 'Jammu and Kashmir'],
  ['02', 'Himachal Pradesh'],
  ['03', 'Punjab'],
  ['04', 'Chandigarh'],
  ['05', 'Uttarakhand'],
  ['06', 'Haryana'],
  ['07', 'Delhi'],
  ['08', 'Rajasthan'],
  ['09', 'Uttar Pradesh'],
  ['10', 'Bihar'],
  ['11', 'Sikkim'],
  ['12', 'Arunachal Pradesh'],
  ['13', 'Nagaland'],
  ['14', 'Manipur'],
  ['15', 'Mizoram'],
  ['16', 'Tripura'],
  ['17', 'Meghalaya'],
  ['18', 'Assam'],
  ['19', 'West Bengal'],
  ['20', 'Jharkhand'],
  ['21', 'Odisha'],
  ['22', 'Chhattisgarh'],
  ['23', 'Madhya Pradesh'],
  ['24', 'Gujarat'],
  ['27', 'Maharashtra'],
  ['28', 'Andhra Pradesh'],
  ['29', 'Karnataka'],
  ['30', 'Goa'],
  ['31', 'Lakshadweep'],
  ['32', 'Kerala'],
  ['33', 'Tamil Nadu'],
  ['34', 'Puducherry'],
  ['35', 'Andaman and Nicobar Islands'],
  ['36', 'Telangana'],
  ['37', 'Ladakh'],
  ['38', 'Dadra and Nagar Haveli and Daman and Diu'],
] as const;

/** Accepts a database or an open transaction (the demo seed calls it inside its own). */
export async function seedLookups(db: Db | Tx): Promise<void> {
  await db
    .insert(occupations)
    .values(OCCUPATIONS.map((value) => ({ value })))
    .onConflictDoNothing({ target: occupations.value });
  await db
    .insert(relationshipTypes)
    .values(RELATIONSHIP_TYPES.map((value) => ({ value })))
    .onConflictDoNothing({ target: relationshipTypes.value });
  await db
    .insert(tenancyTypes)
    .values(TENANCY_TYPES.map(([code, type]) => ({ code, type })))
    .onConflictDoNothing({ target: tenancyTypes.code });
  await db
    .insert(states)
    .values(INDIAN_STATES.map(([code, name]) => ({ code, name })))
    .onConflictDoNothing({ target: states.code });
}
