import { pgTable, serial, text } from 'drizzle-orm/pg-core';

// Reference lists behind the pickers (public-portal.md section 3, "Lookups"). Seeded in every database,
// production included, by seed/lookups-seed.ts.

/** Occupation choices for landlords, tenants and family members (the API's `{ value }` list). */
export const occupations = pgTable('occupations', {
  id: serial('id').primaryKey(),
  value: text('value').notNull().unique(),
});

/** How a family member is related to the tenant. */
export const relationshipTypes = pgTable('relationship_types', {
  id: serial('id').primaryKey(),
  value: text('value').notNull().unique(),
});

/** Tenancy types ('T1', 'T2' ...). A new tenant gets 'T1'; an update may choose another. */
export const tenancyTypes = pgTable('tenancy_types', {
  code: text('code').primaryKey(),
  type: text('type').notNull(),
});
