import { asc, eq } from 'drizzle-orm';
import { MASTER_ENDPOINTS } from '../../contract/master.endpoints';
import type { AppDeps } from '../deps';
import { localities, wards } from '../db/schema';
import { HttpError } from '../http/errors';
import { serve } from '../http/serve-endpoint';
import { isWithinJurisdiction, jurisdictionOf } from '../security/jurisdiction-scope';
import { staffOf } from '../security/auth-guard';
import { refuseOutsideJurisdiction } from '../security/refusals';
import type { ZodApi } from '../http/zod-api';

export const OUTSIDE_LOCALITY_MESSAGE = 'This locality is outside your jurisdiction.';

/**
 * GET master/LocalAuthorityByLocality/{code}: the sub-localities/wards of a locality, for the
 * SUPERMODERATOR's 'Filter applications by Sub-Localities/Wards' and the landlords filter. Staff only, and
 * only for a locality inside the caller's jurisdiction (a refusal is audited like every other).
 */
export function registerMasterRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  serve(api, deps, MASTER_ENDPOINTS.wardsOfLocality, async (request) => {
    const { code } = request.params;
    if (!isWithinJurisdiction(jurisdictionOf(staffOf(request)), code)) {
      return refuseOutsideJurisdiction(deps, request, OUTSIDE_LOCALITY_MESSAGE);
    }
    const [locality] = await deps.db.select().from(localities).where(eq(localities.code, code));
    if (!locality) throw new HttpError(404, `No such locality: ${code}.`);
    const rows = await deps.db
      .select()
      .from(wards)
      .where(eq(wards.localityCode, code))
      .orderBy(asc(wards.code));
    return rows.map((w) => ({
      localAuthorityCode: w.code,
      localAuthorityName: w.name,
      headManName: w.headmanName,
    }));
  });
  return Promise.resolve();
}
