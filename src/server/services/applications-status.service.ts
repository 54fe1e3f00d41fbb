import { eq } from 'drizzle-orm';
import { trackerView } from '../../../machines/application';
import type { ApplicationStatusReply } from '../../contract/applications.contract';
import type { Db } from '../db/client';
import { applications, landlords, rentalUnits, tenants } from '../db/schema';
import { personName, unitAddress } from './applications-list.service';

/**
 * The tracker's answer for one application, when `landlordEpic` is its landlord's EPIC number. Null when there
 * is no such live application for that landlord (the caller answers 404 either way, so a wrong EPIC number
 * does not reveal that the application exists). `wardCode` lets the caller check its jurisdiction.
 */
export async function applicationStatusFor(
  db: Db,
  applid: number,
  landlordEpic: string,
): Promise<(ApplicationStatusReply & { wardCode: string }) | null> {
  const [row] = await db
    .select({
      applid: applications.applid,
      status: applications.status,
      wardCode: applications.wardCode,
      deletedAt: applications.deletedAt,
      epicNo: landlords.epicNo,
      landlord: {
        firstName: landlords.firstName,
        middleName: landlords.middleName,
        lastName: landlords.lastName,
      },
      tenant: { firstName: tenants.firstName, middleName: tenants.middleName, lastName: tenants.lastName },
      unit: {
        houseNo: rentalUnits.houseNo,
        address1: rentalUnits.address1,
        address2: rentalUnits.address2,
        pinCode: rentalUnits.pinCode,
      },
    })
    .from(applications)
    .innerJoin(landlords, eq(landlords.id, applications.landlordId))
    .innerJoin(tenants, eq(tenants.id, applications.tenantId))
    .innerJoin(rentalUnits, eq(rentalUnits.rentcode, applications.rentcode))
    .where(eq(applications.applid, applid));
  if (!row || row.deletedAt !== null || row.epicNo !== landlordEpic) return null;
  return {
    applid: row.applid,
    landlordName: personName(row.landlord),
    tenantName: personName(row.tenant),
    rentalUnitAddress: unitAddress(row.unit),
    applStatus: row.status,
    statusMessage: trackerView(row.status).message,
    wardCode: row.wardCode,
  };
}
