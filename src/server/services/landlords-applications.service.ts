import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { trackerView } from '../../../machines/application/statuses';
import { LANDLORD_APPLICATIONS_CAP, type LandlordApplications } from '../../contract/landlords.contract';
import type { Db } from '../db/client';
import { applications } from '../db/schema';

/**
 * The landlord's own applications, newest first (the Applications tab). The caller has been checked to be this
 * landlord; cancelled and deleted applications (`deleted_at` set) are not listed. At most
 * LANDLORD_APPLICATIONS_CAP rows, read through `applications_landlord_idx` (landlord_id, applid desc).
 */
export async function landlordApplications(db: Db, landlordId: number): Promise<LandlordApplications> {
  const mine = and(eq(applications.landlordId, landlordId), isNull(applications.deletedAt));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        applid: applications.applid,
        applstatus: applications.status,
        landlordId: applications.landlordId,
        tenantId: applications.tenantId,
        logby: applications.logby,
        completedAt: applications.completedAt,
        createdAt: applications.createdAt,
      })
      .from(applications)
      .where(mine)
      .orderBy(desc(applications.applid))
      .limit(LANDLORD_APPLICATIONS_CAP),
    db.select({ total: count() }).from(applications).where(mine),
  ]);
  return {
    applications: rows.map(({ completedAt, createdAt, ...row }) => ({
      ...row,
      status: trackerView(row.applstatus).message,
      complete: completedAt !== null,
      createdAt: createdAt.toISOString(),
    })),
    total,
  };
}
