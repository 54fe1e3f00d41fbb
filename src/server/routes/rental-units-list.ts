import { errorReplySchema } from '../../contract/api';
import { rentalUnitsPageSchema, rentalUnitsQuerySchema } from '../../contract/rental-units.contract';
import type { AppDeps } from '../deps';
import { requireStaff, staffOf } from '../security/auth-guard';
import { LANDLORD_STAFF_ROLES } from '../../contract/roles';
import { rentalUnitsPageFor } from '../services/rental-units-list.service';
import type { ZodApi } from '../http/zod-api';

/**
 * `GET register/rentalUnits?page=&size=&q=`: the officials' Rental Units screen (docs/staff-registration.md).
 * The roles that register landlords and units; the rows are those inside the caller's jurisdiction, whatever
 * the query says.
 */
export function registerRentalUnitListRoute(api: ZodApi, deps: AppDeps): void {
  api.get(
    '/register/rentalUnits',
    {
      onRequest: requireStaff(deps, LANDLORD_STAFF_ROLES),
      schema: {
        security: [{ bearer: [] }],
        querystring: rentalUnitsQuerySchema,
        response: { 200: rentalUnitsPageSchema, '4xx': errorReplySchema },
      },
    },
    (request) => rentalUnitsPageFor(deps.db, staffOf(request), request.query),
  );
}
