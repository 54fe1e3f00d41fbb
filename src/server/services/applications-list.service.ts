import { pageMeta } from '../../contract/paging';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { statusListLabel, type StatusCode } from '../../../machines/application';
import type { ApplicationPage, ApplicationRow } from '../../contract/applications.contract';
import type { Db } from '../db/client';
import { applications, landlords, rentalUnits, tenants, wards } from '../db/schema';
import type { StaffIdentity } from '../security/sessions';
import { allowedEventsFor, toWorkflowRow, workflowColumns } from '../workflow/application-facts';
import { scopeCondition, type ListScope } from './applications-scope';

/** Complete = applied (the officials' lists); incomplete = generated, members not chosen yet. */
export type ListVariant = 'complete' | 'incomplete';

export interface ListRequest {
  scope: ListScope;
  status: StatusCode;
  variant: ListVariant;
  page: number;
  size: number;
}

/**
 * The WHERE of a list. `deleted_at is null` stays literal so the planner uses the partial list indexes. Only a
 * LARP list can hold incomplete applications (the workflow moves none before it is applied), so only LARP lists
 * test `completed_at`: every other list is an index-only range of its scope's index.
 */
function listCondition(request: Omit<ListRequest, 'page' | 'size'>): SQL | undefined {
  const completeness =
    request.status !== 'LARP'
      ? undefined
      : request.variant === 'complete'
        ? isNotNull(applications.completedAt)
        : isNull(applications.completedAt);
  return and(
    scopeCondition(request.scope),
    eq(applications.status, request.status),
    isNull(applications.deletedAt),
    completeness,
  );
}

const holdsNothing = (request: Omit<ListRequest, 'page' | 'size'>) =>
  request.variant === 'incomplete' && request.status !== 'LARP';

export async function countApplications(
  db: Db,
  request: Omit<ListRequest, 'page' | 'size'>,
): Promise<number> {
  if (holdsNothing(request) || request.scope.level === 'none') return 0;
  const [row] = await db.select({ n: count() }).from(applications).where(listCondition(request));
  return row?.n ?? 0;
}

/**
 * The ids of one page, newest first. Past the middle of the list the index is walked from the oldest end
 * instead, so the last page costs what the first does and the worst page is the middle one.
 */
async function pageIds(db: Db, request: ListRequest, total: number | null): Promise<number[]> {
  const offset = request.page * request.size;
  const where = listCondition(request);
  const query = db.select({ applid: applications.applid }).from(applications).where(where);
  if (total === null) {
    const rows = await query.orderBy(desc(applications.applid)).limit(request.size).offset(offset);
    return rows.map((r) => r.applid);
  }
  if (offset >= total) return [];
  const take = Math.min(request.size, total - offset);
  const fromOldest = total - offset - take;
  if (fromOldest < offset) {
    const rows = await query.orderBy(asc(applications.applid)).limit(take).offset(fromOldest);
    return rows.map((r) => r.applid).reverse();
  }
  const rows = await query.orderBy(desc(applications.applid)).limit(take).offset(offset);
  return rows.map((r) => r.applid);
}

/** 'First Middle Last', leaving out missing parts. */
export const personName = (p: { firstName: string; middleName: string | null; lastName: string | null }) =>
  [p.firstName, p.middleName, p.lastName].filter((part) => part && part.trim()).join(' ');

/** A rental unit's address on one line: house number, address lines and PIN code. */
export const unitAddress = (unit: {
  houseNo: string | null;
  address1: string;
  address2: string | null;
  pinCode: string;
}) =>
  [unit.houseNo, unit.address1, unit.address2, unit.pinCode].filter((part) => part && part.trim()).join(', ');

/** The rows of the given ids, with names and the unit's address; joins touch only these few rows. */
async function rowsOf(db: Db, ids: number[], staff: StaffIdentity): Promise<ApplicationRow[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({
      ...workflowColumns,
      leftLocalityOn: applications.leftLocalityOn,
      updatedAt: applications.updatedAt,
      tenant: { firstName: tenants.firstName, middleName: tenants.middleName, lastName: tenants.lastName },
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
      wardName: wards.name,
    })
    .from(applications)
    .innerJoin(tenants, eq(tenants.id, applications.tenantId))
    .innerJoin(landlords, eq(landlords.id, applications.landlordId))
    .innerJoin(rentalUnits, eq(rentalUnits.rentcode, applications.rentcode))
    .innerJoin(wards, eq(wards.code, applications.wardCode))
    .where(inArray(applications.applid, ids));
  const byId = new Map(found.map((row) => [row.applid, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        applid: row.applid,
        tenantname: personName(row.tenant),
        landlordname: personName(row.landlord),
        rentaladdress: unitAddress(row.unit),
        applstatus: row.status,
        statusLabel: statusListLabel(row.status, staff.role),
        logby: row.logby,
        wardCode: row.wardCode,
        wardName: row.wardName,
        leftLocalityOn: row.leftLocalityOn,
        updatedAt: row.updatedAt.toISOString(),
        version: row.version,
        allowedEvents: allowedEventsFor(toWorkflowRow(row), staff),
      },
    ];
  });
}

/** One zero-based page of a list, with the paging flags the spec's tables read. */
export async function listApplications(
  db: Db,
  staff: StaffIdentity,
  request: ListRequest,
): Promise<ApplicationPage> {
  // The first page needs no total to find its rows, so both queries run at once; deeper pages pick their end.
  const [total, ids] =
    request.page === 0 && !holdsNothing(request)
      ? await Promise.all([countApplications(db, request), pageIds(db, request, null)])
      : await countApplications(db, request).then(async (n) => [n, await pageIds(db, request, n)] as const);
  return { applDto: await rowsOf(db, ids, staff), ...pageMeta(request.page, request.size, total) };
}
