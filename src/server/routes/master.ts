import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { errorReplySchema } from '../../contract/api';
import type { AppDeps } from '../deps';
import { localities, wards } from '../db/schema';
import { HttpError } from '../http/errors';
import { isWithinJurisdiction, jurisdictionOf } from '../security/jurisdiction-scope';
import { requireStaff, staffOf } from '../security/auth-guard';
import { refuseOutsideJurisdiction } from '../security/refusals';
import type { ZodApi } from '../http/zod-api';

/** A locality code in a path, e.g. PS1701001LA01 (docs/jurisdiction-codes.md). */
const localityParamsSchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^PS\d{7}LA\d{2}$/, 'Give a locality code, e.g. PS1701001LA01.'),
});

export const wardRefSchema = z.object({
  localAuthorityCode: z.string(),
  localAuthorityName: z.string(),
  headManName: z.string(),
});
export type WardRef = z.infer<typeof wardRefSchema>;

export const OUTSIDE_LOCALITY_MESSAGE = 'This locality is outside your jurisdiction.';

/**
 * GET master/LocalAuthorityByLocality/{code}: the sub-localities/wards of a locality, for the
 * SUPERMODERATOR's 'Filter applications by Sub-Localities/Wards' and the landlords filter. Staff only, and
 * only for a locality inside the caller's jurisdiction (a refusal is audited like every other).
 */
export function registerMasterRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  api.get(
    '/master/LocalAuthorityByLocality/:code',
    {
      onRequest: requireStaff(deps),
      schema: {
        security: [{ bearer: [] }],
        params: localityParamsSchema,
        response: { 200: z.array(wardRefSchema), '4xx': errorReplySchema },
      },
    },
    async (request) => {
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
    },
  );
  return Promise.resolve();
}
