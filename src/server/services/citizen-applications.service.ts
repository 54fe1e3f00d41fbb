import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  CITIZEN_APPLICATION_MESSAGES as MESSAGES,
  type ClearanceTenant,
  type LandlordGeneratedApplication,
} from '../../contract/citizen-applications.contract';
import { RENTAL_UNIT_MESSAGES } from '../../contract/rental-units.contract';
import type { AppDeps } from '../deps';
import type { Db } from '../db/client';
import { tenants } from '../db/schema';
import { HttpError } from '../http/errors';
import { admitAddressLookup, settleLookup } from '../security/lookup-limit';
import { generateFor } from './application-generate.service';
import {
  keepConsentCode,
  consentReplyMessage,
  withConsentState,
  type ConsentDeps,
  type SentConsentCode,
} from './tenant-consent.service';
import { tenantIdByIdNumber } from './tenants-records.service';

// A landlord's own clearance application, made with its citizen key (docs/citizen-applications-api.md):
// generate (application-generate.service.ts), then apply (citizen-applications-apply.service.ts). The tenant
// lookup of the Clearance tab's ID field is here too; the officials' twin of it uses the same one.

/** Who asks, and what the audit trail and the flow entry name it. */
export interface LandlordRequest {
  landlordId: number;
  /** 'landlord:<id>', the citizen key's subject: the application's logby and the flow entry's actor. */
  label: string;
  now: Date;
  audit: { ip: string; url: string };
  /** Answers an ownership refusal: audited 403 (routes pass refuseAudited). */
  refuse: (message: string) => Promise<never>;
}

/** The tenant registered with this ID number, by id and full name only (the Clearance tab's tenant field). */
export async function clearanceTenant(db: Db, epicNo: string): Promise<ClearanceTenant | null> {
  const id = await tenantIdByIdNumber(db, epicNo);
  if (id === null) return null;
  const [tenant] = await db
    .select({
      id: tenants.id,
      name: sql<string>`concat_ws(' ', ${tenants.firstName}, nullif(${tenants.middleName}, ''), nullif(${tenants.lastName}, ''))`,
    })
    .from(tenants)
    .where(eq(tenants.id, id));
  return tenant ?? null;
}

/**
 * The tenant ID field of a clearance application, for the landlord's key and for officials alike: it names a
 * registered tenant, so it is counted against the address's lookup budget and recorded like the other identity
 * lookups; 404 'Tenant does not exist!' when no tenant has this ID.
 */
export async function countedClearanceTenant(
  deps: AppDeps,
  request: FastifyRequest,
  epicNo: string,
): Promise<ClearanceTenant> {
  const lookup = await admitAddressLookup(deps, request, 'clearance tenant lookup');
  const tenant = await clearanceTenant(deps.db, epicNo);
  await settleLookup(deps, lookup, tenant && `tenant:${tenant.id}`, tenant ? 'lookup' : 'unknown');
  if (!tenant) throw new HttpError(404, MESSAGES.tenantNotFound);
  return tenant;
}

/**
 * Generates the landlord's application for one of its vacant units and a registered tenant (application-generate
 * .service.ts): any unit that is not the landlord's, whether or not it exists, is refused alike, so a key holder
 * learns nothing about other landlords' units. The application gives no reach and shows none of the tenant's
 * people until the tenant consents: its code and message are kept in the creating transaction and handed to the
 * carrier after the commit (tenant-consent.service.ts, docs/tenant-consent.md).
 */
export async function generateApplication(
  deps: ConsentDeps,
  who: LandlordRequest,
  body: { rentcode: string; tenantid: number },
): Promise<LandlordGeneratedApplication> {
  const code: { sent?: SentConsentCode | null } = {};
  const generated = await generateFor(
    deps.db,
    {
      label: who.label,
      official: null,
      comments: null,
      // Reach over the tenant only once the tenant consents (docs/reach.md).
      grantsReach: false,
      now: who.now,
      audit: who.audit,
      refusalFor: (unit) => (unit?.landlordId === who.landlordId ? null : RENTAL_UNIT_MESSAGES.notYours),
      // The landlord's own act: it confirms a unit an official added in its name (docs/reach.md).
      confirmsUnit: true,
      refuse: who.refuse,
      onCreated: async (tx, created) => {
        code.sent = await keepConsentCode(tx, deps, created.applid, who.now);
      },
    },
    body,
  );
  // After the commit, without holding up the reply (as the status notices are handed over).
  const shown = await withConsentState(deps, generated, code.sent);
  const message = consentReplyMessage(shown, generated.created, {
    given: MESSAGES.generated,
    awaiting: MESSAGES.generatedAwaitingConsent,
  });
  return { message, ...shown };
}
