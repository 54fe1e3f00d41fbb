import { RENTAL_UNIT_ENDPOINTS } from '../../contract/rental-units-endpoints.contract';
import type { AppDeps } from '../deps';
import { serve } from '../http/serve-endpoint';
import { staffOf } from '../security/auth-guard';
import { rentalUnitsPageFor } from '../services/rental-units-list.service';
import type { ZodApi } from '../http/zod-api';

/**
 * `GET register/rentalUnits?page=&size=&q=`: the officials' Rental Units screen (docs/staff-registration.md).
 * The roles that register landlords and units; the rows are those inside the caller's jurisdiction, whatever
 * the query says.
 */
export function registerRentalUnitListRoute(api: ZodApi, deps: AppDeps): void {
  serve(api, deps, RENTAL_UNIT_ENDPOINTS.list, (request) =>
    rentalUnitsPageFor(deps.db, staffOf(request), request.query),
  );
}
