import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { trackerView } from '../../../machines/application/statuses';
import type { LandlordApplicationPage } from '../../contract/landlord-application-lists.contract';
import { pageMeta } from '../../contract/paging';
import type { Db } from '../db/client';
import { applications, landlords, rentalUnits, tenants } from '../db/schema';
import type { StaffIdentity } from '../security/sessions';
import { personName, unitAddress } from './applications-list.service';
import { applicationsInScope } from './landlords-scope';

/**
 * Whose applications a Tenant Applications list shows: a landlord's (by id; the EPIC is resolved by the route), or
 * the ones an official generated itself (the picker of "Select Application You Wish To Apply").
 */
export type ListOwner = { landlordId: number } | { loggedBy: string };

export interface LandlordListRequest {
  owner: ListOwner;
  /** Applied (`completed_at` set) or incomplete (generated, members not chosen yet). */
  completed: boolean;
  /** An official sees only the applications in its jurisdiction; null for the landlord's own key. */
  staff: StaffIdentity | null;
  page: number;
  size: number;
}

/**
 * The WHERE of a list. Both owners are one index range: `applications_landlord_idx` (landlord_id, applid desc),
 * or for an official's own incomplete applications the partial `applications_incomplete_logby_idx`, whose
 * predicate (`completed_at is null and deleted_at is null`) these conditions repeat literally.
 */
function listWhere({ owner, completed, staff }: LandlordListRequest): SQL | undefined {
  const whose =
    'landlordId' in owner
      ? eq(applications.landlordId, owner.landlordId)
      : eq(applications.logby, owner.loggedBy);
  return and(
    whose,
    completed ? isNotNull(applications.completedAt) : isNull(applications.completedAt),
    staff ? applicationsInScope(staff) : isNull(applications.deletedAt),
  );
}

/** One zero-based page of a landlord's (or an official's own) applications, newest first, with its total. */
export async function landlordApplicationPage(
  db: Db,
  request: LandlordListRequest,
): Promise<LandlordApplicationPage> {
  const where = listWhere(request);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        applid: applications.applid,
        rentcode: applications.rentcode,
        tenantid: applications.tenantId,
        applstatus: applications.status,
        createdAt: applications.createdAt,
        tenant: {
          firstName: tenants.firstName,
          middleName: tenants.middleName,
          lastName: tenants.lastName,
        },
        landlord: {
          firstName: landlords.firstName,
          middleName: landlords.middleName,
          lastName: landlords.lastName,
        },
        unit: {
          houseNo: rentalUnits.houseNo,
          address1: rentalUnits.address1,
          address2: rentalUnits.address2,
          pinCode: rentalUnits.pinCode,
        },
      })
      .from(applications)
      .innerJoin(tenants, eq(tenants.id, applications.tenantId))
      .innerJoin(landlords, eq(landlords.id, applications.landlordId))
      .innerJoin(rentalUnits, eq(rentalUnits.rentcode, applications.rentcode))
      .where(where)
      .orderBy(desc(applications.applid))
      .limit(request.size)
      .offset(request.page * request.size),
    db.select({ total: count() }).from(applications).where(where),
  ]);
  return {
    applDto: rows.map(({ tenant, landlord, unit, createdAt, ...row }) => ({
      ...row,
      tenantname: personName(tenant),
      landlordname: personName(landlord),
      rentaladdress: unitAddress(unit),
      status: trackerView(row.applstatus).message,
      created: createdAt.toISOString(),
    })),
    ...pageMeta(request.page, request.size, total),
  };
}
