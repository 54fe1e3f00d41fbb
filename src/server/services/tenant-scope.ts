import { and, eq, exists, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { TENANT_MESSAGES } from '../../contract/tenants.contract';
import type { AppDeps } from '../deps';
import type { Db } from '../db/client';
import { applications, tenants } from '../db/schema';
import { HttpError } from '../http/errors';
import { callerOf, type Caller } from '../security/caller';
import { refuseAsMissing, refuseAudited } from '../security/refusals';
import type { StaffIdentity } from '../security/sessions';
import { isWithinJurisdiction, jurisdictionOf } from '../security/jurisdiction-scope';
import { reachGrantingApplicationsInScope } from './landlords-scope';

// Who may reach a tenant's record (and through it its family members, helpers and documents), docs/reach.md:
// - a citizen key of kind 'tenant' reaches its own tenant only;
// - an official reaches a tenant it (or an official whose area lies inside its jurisdiction) registered at the
//   counter, or one with a live application in its jurisdiction that grants reach: made with a landlord's key, or
//   by an official who already reached the tenant. An office application for a tenant the official did not reach
//   gives reach over that application alone, so no official grants itself reach. ADMIN and SUPERVISOR reach
//   every tenant.

export type TenantReach = 'ok' | 'not-found' | 'refused';

export const NOT_YOUR_TENANT_MESSAGE = 'You may only open your own tenant record.';
export const TENANT_OUTSIDE_JURISDICTION_MESSAGE = 'This tenant is outside your jurisdiction.';

/** Whether the caller may reach tenant `tenantId`. A citizen never learns whether another tenant exists. */
export async function reachTenant(db: Db, caller: Caller, tenantId: number): Promise<TenantReach> {
  if (caller.kind === 'citizen') {
    const scope = caller.citizen.scope;
    if (scope.kind !== 'tenant' || scope.tenantId !== tenantId) return 'refused';
    const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
    return row ? 'ok' : 'not-found';
  }
  const staff = caller.staff;
  const scope = jurisdictionOf(staff);
  const [row] = await db
    .select({
      registeredArea: tenants.registeredArea,
      // Statewide officials too: the same facts, over the whole state (docs/reach.md, re-attack M1).
      applicationInScope: exists(
        db
          .select({ one: sql`1` })
          .from(applications)
          .where(and(eq(applications.tenantId, tenants.id), reachGrantingApplicationsInScope(staff))),
      ).mapWith(Boolean),
    })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!row) return 'not-found';
  const registeredHere = row.registeredArea !== null && isWithinJurisdiction(scope, row.registeredArea);
  return row.applicationInScope || registeredHere ? 'ok' : 'refused';
}

/**
 * Whether an official may make an office application for the tenant without the tenant's consent code: only for a
 * tenant registered at a counter inside its own jurisdiction (docs/tenant-consent.md). Reach that came from an
 * application (even one the tenant consented to) never stands for consent to another one, and a statewide official
 * has no counter of its own, so it always asks (pen-test of 27-11-2026: consent reused across applications).
 */
export async function tenantRegisteredWithin(
  db: Db,
  staff: StaffIdentity,
  tenantId: number,
): Promise<boolean> {
  const scope = jurisdictionOf(staff);
  if (scope.all) return false;
  const [row] = await db
    .select({ registeredArea: tenants.registeredArea })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row?.registeredArea != null && isWithinJurisdiction(scope, row.registeredArea);
}

/** The refusal message for a caller of this kind. */
export function tenantRefusalMessage(caller: Caller): string {
  return caller.kind === 'citizen' ? NOT_YOUR_TENANT_MESSAGE : TENANT_OUTSIDE_JURISDICTION_MESSAGE;
}

/**
 * The route's check before it touches tenant `tenantId`: 404 when there is no such tenant (for officials and
 * for a key's own, deleted tenant). A key's other tenant is an audited 403; an official's tenant outside its reach
 * is the same 404 as a missing one (`missingMessage`), audited with the true reason (docs/reach.md).
 */
export async function requireTenantReach(
  deps: AppDeps,
  request: FastifyRequest,
  tenantId: number,
  missingMessage: string = TENANT_MESSAGES.notFound,
): Promise<Caller> {
  const caller = callerOf(request);
  const reach = await reachTenant(deps.db, caller, tenantId);
  if (reach === 'not-found') throw new HttpError(404, missingMessage);
  if (reach === 'refused') {
    if (caller.kind === 'staff')
      await refuseAsMissing(deps, request, TENANT_OUTSIDE_JURISDICTION_MESSAGE, missingMessage);
    await refuseAudited(deps, request, NOT_YOUR_TENANT_MESSAGE);
  }
  return caller;
}
