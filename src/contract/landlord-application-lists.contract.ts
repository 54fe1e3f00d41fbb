import { z } from 'zod';
import {
  applicationListParamsSchema,
  applicationListQuerySchema,
  applicationStatusSchema,
} from './applications.contract';
import { endpoint, type Access } from './endpoint';
import { epicSchema, landlordIdParamsSchema } from './landlords.contract';
import { pageMetaSchema } from './paging';
import { LANDLORD_STAFF_ROLES } from './roles';

/**
 * A landlord's applications as the Tenant Applications page lists them (public-portal.md sections 2 and 7;
 * docs/applications-api.md, "A landlord's applications"): the incomplete ones by landlord id, the completed ones by
 * the landlord's EPIC number, and the applications to pick from in "Select Application You Wish To Apply". Each
 * call twice: `process/user/...` for an official (its own username in the path) and `process/...` for the
 * landlord's own key.
 */

export const LANDLORD_LIST_MESSAGES = {
  notYourUsername: 'The username in the path must be your own.',
  epicNotRegistered: 'No landlord is registered with this EPIC number.',
} as const;

/** How many applications "Select Application You Wish To Apply" offers at most (newest first). */
export const PICKABLE_APPLICATIONS_CAP = 100;

const { page, username } = applicationListParamsSchema.shape;
const landlordId = landlordIdParamsSchema.shape.id;

/** `{landlordId}/{page}` (key) and `{username}/{landlordId}/{page}` (official). */
export const incompleteByLandlordParamsSchema = z.object({ id: landlordId, page });
export const incompleteByLandlordUserParamsSchema = incompleteByLandlordParamsSchema.extend({ username });

/** `{epic}/{page}` (key) and `{username}/{epic}/{page}` (official). */
export const completedByEpicParamsSchema = z.object({ epic: epicSchema, page });
export const completedByEpicUserParamsSchema = completedByEpicParamsSchema.extend({ username });

/** ApplicationList: the key's landlord id, or the official's own username. */
export const pickableByLandlordParamsSchema = z.object({ id: landlordId });
export const pickableByUserParamsSchema = z.object({ username });

/** One row of the Tenant Applications tables (the spec's applDto and "Incomplete application row"). */
export const landlordApplicationRowSchema = z.object({
  applid: z.number().int(),
  rentcode: z.string(),
  tenantid: z.number().int(),
  tenantname: z.string(),
  landlordname: z.string(),
  rentaladdress: z.string(),
  applstatus: applicationStatusSchema,
  /** The status in the tracker's words (trackerView). */
  status: z.string(),
  /** When the application was generated, ISO. */
  created: z.string(),
});
export type LandlordApplicationRow = z.infer<typeof landlordApplicationRowSchema>;

/** A zero-based page: `applDto` beside the spec's paging fields. */
export const landlordApplicationPageSchema = pageMetaSchema.extend({
  applDto: z.array(landlordApplicationRowSchema),
});
export type LandlordApplicationPage = z.infer<typeof landlordApplicationPageSchema>;

/** A list under `process/{path}` for the landlord's key, or `process/user/{path}` for an official. */
function list<P extends z.ZodType>(path: string, access: Access, params: P) {
  return endpoint({
    method: 'GET',
    path,
    access,
    tag: 'applications',
    params,
    query: applicationListQuerySchema,
    reply: landlordApplicationPageSchema,
  });
}
const key: Access = { citizen: ['landlord'] };
const staff: Access = { staff: LANDLORD_STAFF_ROLES };

export const LANDLORD_LIST_ENDPOINTS = {
  incomplete: list(
    '/process/IncompleteApplicationByLandlord/:id/:page',
    key,
    incompleteByLandlordParamsSchema,
  ),
  incompleteByUser: list(
    '/process/user/IncompleteApplicationByLandlord/:username/:id/:page',
    staff,
    incompleteByLandlordUserParamsSchema,
  ),
  completed: list(
    '/process/CompletedApplicationByLandlordEpic/:epic/:page',
    key,
    completedByEpicParamsSchema,
  ),
  completedByUser: list(
    '/process/user/CompletedApplicationByLandlordEpic/:username/:epic/:page',
    staff,
    completedByEpicUserParamsSchema,
  ),
  pickable: list('/process/ApplicationList/:id', key, pickableByLandlordParamsSchema),
  pickableByUser: list('/process/user/ApplicationList/:username', staff, pickableByUserParamsSchema),
};
