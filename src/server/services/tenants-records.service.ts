import { and, count, eq, isNull, type SQL } from 'drizzle-orm';
import {
  normalizeIdNumber,
  TENANT_MESSAGES,
  type Tenant,
  type TenantBody,
} from '../../contract/tenants.contract';
import type { Db } from '../db/client';
import { applications, logRecords, normalizedIdNumber, tenancyTypes, tenants } from '../db/schema';
import { HttpError } from '../http/errors';
import type { KeptNotice } from '../notify/status-notice';
import { auditValues, type AuditEntry } from '../security/audit-log';
import type { StaffIdentity } from '../security/sessions';
import { officeOf } from './channel-changes/channel-changes.service';
import type { Channel } from './channel-changes/channel-of';
import {
  rememberDeletedTenant,
  tenantIdNumberDeleted,
  type DeletedIdentity,
} from './channel-changes/deleted-identities';
import { applicationsInScope } from './landlords-scope';
import { deleteTenantReleasingUnits } from './tenant-delete-release';
import { addressPair, districtProblem, isUniqueViolation, loadTenant, tenantColumns } from './tenants-shape';

// Creating, updating, reading and deleting tenant records (docs/tenants-api.md). Scope (who may reach which
// tenant) is checked by the routes through tenant-scope.ts before these run.

/** The tenancy type of every new tenant (public-portal.md section 4). */
export const NEW_TENANT_TYPE = 'T1';

async function checkAddresses(db: Db, body: TenantBody): Promise<void> {
  const problem = await districtProblem(db, [
    addressPair(body.permanentAddress),
    addressPair(body.presentAddress),
  ]);
  if (problem) throw new HttpError(400, problem);
}

export interface CreatedTenant {
  tenant: Tenant;
  /**
   * True when a counter registration found that a record with this ID number was deleted before: it was saved
   * without `registered_area`, so it stands for no consent and the office reaches it only through applications the
   * tenant consented to (docs/reach.md, attack F-B).
   */
  notFirstRegistration: boolean;
}

/**
 * Registers a tenant (type T1 whatever the form chose); 409 when the ID number is registered already.
 * `registeredArea`: the usercode of the official registering it at the counter, null for a tenant registering
 * itself; the official's area then reaches the record (docs/reach.md), but only on the person's first
 * registration: an ID number whose record was ever deleted is saved with none. `channel`: the mobile and email it
 * is saved with (a deleted record's kept channel, docs/otp-channel-changes.md), the body's when absent.
 */
export async function createTenant(
  db: Db,
  body: TenantBody,
  registeredArea: string | null,
  channel?: Channel,
): Promise<CreatedTenant> {
  await checkAddresses(db, body);
  // A near-duplicate (`VT-760174377` for `VT760174377`) is the same person's ID: refused like an exact one.
  if ((await tenantIdByIdNumber(db, body.epicNo)) !== null)
    throw new HttpError(409, TENANT_MESSAGES.alreadyExists);
  try {
    return await db.transaction(async (tx) => {
      const [{ id }] = await tx
        .insert(tenants)
        .values({
          ...tenantColumns(body),
          ...(channel ? { mobile: channel.mobile ?? body.mobile, email: channel.email } : {}),
          tenancyType: NEW_TENANT_TYPE,
          registeredArea,
        })
        .returning({ id: tenants.id });
      // Asked after the insert, in a statement of its own: the insert got past the unique index only once a
      // deletion of the same ID number had committed, so this statement sees that deletion's tombstone (a check
      // before the insert could miss a deletion racing it). Nobody sees the row before the commit.
      const notFirst =
        registeredArea === null
          ? []
          : await tx
              .update(tenants)
              .set({ registeredArea: null })
              .where(and(eq(tenants.id, id), tenantIdNumberDeleted(tx, body.epicNo)))
              .returning({ id: tenants.id });
      return { tenant: (await loadTenant(tx, { id }))!, notFirstRegistration: notFirst.length > 0 };
    });
  } catch (err) {
    // Two saves of the same ID at once: the unique index lets one through and the other lands here.
    if (isUniqueViolation(err)) throw new HttpError(409, TENANT_MESSAGES.alreadyExists);
    throw err;
  }
}

/**
 * Updates a tenant with the chosen tenancy type. The ID number itself may not change. The mobile and email (the
 * OTP channel) are written only when `writesChannel` (docs/otp-channel-changes.md: an official's change of them
 * is held instead).
 */
export async function updateTenant(
  db: Db,
  id: number,
  body: TenantBody,
  now: Date,
  { writesChannel }: { writesChannel: boolean },
): Promise<Tenant> {
  const current = await loadTenant(db, { id });
  if (!current) throw new HttpError(404, TENANT_MESSAGES.notFound);
  if (current.epicNo !== body.epicNo) throw new HttpError(400, TENANT_MESSAGES.idChanged);
  await checkAddresses(db, body);
  const [type] = await db
    .select({ code: tenancyTypes.code })
    .from(tenancyTypes)
    .where(eq(tenancyTypes.code, body.type));
  if (!type) throw new HttpError(400, `Unknown tenancy type: ${body.type}.`);
  await db
    .update(tenants)
    .set({ ...tenantColumnsBut(body, writesChannel), tenancyType: body.type, updatedAt: now })
    .where(eq(tenants.id, id));
  return (await loadTenant(db, { id }))!;
}

function tenantColumnsBut(body: TenantBody, writesChannel: boolean) {
  const { mobile, email, ...rest } = tenantColumns(body);
  return writesChannel ? { ...rest, mobile, email } : rest;
}

/**
 * The tenant id registered with this ID number, or null. Compared in the normalized form (upper case, letters
 * and digits only), so the person is found however the dashes, slashes or spaces were typed.
 */
export async function tenantIdByIdNumber(db: Db, epicNo: string): Promise<number | null> {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(sameTenantIdNumber(epicNo));
  return row?.id ?? null;
}

/** The condition "this tenant's ID number is `epicNo`", in the normalized form the unique index holds. */
export function sameTenantIdNumber(epicNo: string): SQL {
  return eq(normalizedIdNumber(tenants.epicNo), normalizeIdNumber(epicNo));
}

/**
 * Deletes a tenant with everything hanging from it (family, helpers, documents, applications: ON DELETE
 * CASCADE) and writes the admin record of it, in one transaction; the units its live applications held are vacant
 * again and their landlords' notices kept (returned, for the carriers after the commit). An official may delete only a tenant whose
 * live applications all lie in its jurisdiction, so one ward cannot erase another ward's case; the check runs in
 * the same transaction, before the delete.
 */
export async function deleteTenant(
  db: Db,
  staff: StaffIdentity,
  id: number,
  audit: Omit<AuditEntry, 'remark' | 'kind'> & { at: Date },
): Promise<{ identity: DeletedIdentity; notices: KeptNotice[] }> {
  const deletedOffice = await officeOf(db, staff);
  return db.transaction(async (tx) => {
    const ofTenant = eq(applications.tenantId, id);
    const [[live], [mine]] = await Promise.all([
      tx
        .select({ n: count() })
        .from(applications)
        .where(and(ofTenant, isNull(applications.deletedAt))),
      tx
        .select({ n: count() })
        .from(applications)
        .where(and(ofTenant, applicationsInScope(staff))),
    ]);
    if (live.n !== mine.n) {
      throw new HttpError(
        409,
        'This tenant has applications outside your jurisdiction and cannot be deleted from here.',
      );
    }
    // No unit stays held by an application that no longer exists, and each landlord is told.
    const {
      removed: [gone],
      notices,
      freedUnits,
    } = await deleteTenantReleasingUnits(tx, id, {
      office: deletedOffice,
      at: audit.at,
      remove: () =>
        tx
          .delete(tenants)
          .where(eq(tenants.id, id))
          .returning({ epicNo: tenants.epicNo, mobile: tenants.mobile, email: tenants.email }),
    });
    if (!gone) throw new HttpError(404, TENANT_MESSAGES.notFound);
    // The ID number keeps its channel: registering it again does not move the person's OTPs at once.
    const identity: DeletedIdentity = {
      epicNo: gone.epicNo,
      channel: { mobile: gone.mobile, email: gone.email },
      deletedBy: staff.username,
      deletedOffice,
      deletedArea: staff.usercode,
      at: audit.at,
    };
    await rememberDeletedTenant(tx, id, identity);
    await tx.insert(logRecords).values({
      ...auditValues({
        ...audit,
        kind: 'admin',
        remark:
          `Deleted tenant ${id} (ID ${gone.epicNo}) with its family members, helpers, documents and ${live.n} application(s)` +
          (freedUnits.length ? `; rental unit(s) vacant again: ${freedUnits.join(', ')}` : ''),
      }),
      logdt: audit.at,
    });
    return { identity, notices };
  });
}
