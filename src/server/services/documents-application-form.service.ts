import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { StatusCode } from '../../../machines/application/statuses';
import type { Db } from '../db/client';
import {
  applicationFlow,
  applicationMembers,
  applications,
  districts,
  documents,
  domesticHelpers,
  familyMembers,
  landlords,
  localities,
  policeStations,
  rentalUnits,
  tenancyTypes,
  tenants,
  wards,
} from '../db/schema';
import { isWithinJurisdiction, jurisdictionOf } from '../security/jurisdiction-scope';
import type { StaffIdentity } from '../security/sessions';

// Everything the completed application form (GetCompletedApplicationForm) prints, read in a handful of
// indexed queries. The PDF itself is drawn by src/server/pdf/application-form.pdf.ts.

export interface FormAddress {
  address1: string;
  address2: string | null;
  pinCode: string;
  districtCode: string;
}

export interface ApplicationFormData {
  applid: number;
  status: StatusCode;
  applType: string;
  remarks: string | null;
  logby: string;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  certificateNo: string | null;
  certifiedAt: Date | null;
  leftLocalityOn: string | null;
  jurisdiction: { ward: string; wardName: string; locality: string; station: string; district: string };
  landlord: {
    id: number;
    epicNo: string;
    name: string;
    occupation: string;
    mobile: string;
    email: string | null;
    permanent: FormAddress;
    present: FormAddress;
  };
  tenant: {
    id: number;
    epicNo: string;
    name: string;
    parentOrSpouseName: string;
    dateOfBirth: string | null;
    nationality: string;
    occupation: string;
    mobile: string;
    email: string | null;
    tenancyType: string;
    permanent: FormAddress;
    present: FormAddress;
    /** The latest PHOTO document when it is a JPEG (the only kind the form embeds). */
    photoJpeg: Buffer | null;
  };
  unit: { rentcode: string; houseNo: string | null; floorNo: string | null; address: FormAddress };
  family: {
    name: string;
    dateOfBirth: string | null;
    relationship: string;
    occupation: string;
    leftOn: string | null;
  }[];
  helpers: {
    name: string;
    dateOfBirth: string | null;
    address1: string;
    pinCode: string;
    leftOn: string | null;
  }[];
  flow: {
    logdt: Date;
    aplstatus: StatusCode;
    remarks: string;
    applRemarks: string | null;
    comments: string | null;
  }[];
  /** District names by code, for the addresses. */
  districtNames: Record<string, string>;
}

export type FormLookup =
  | { ok: true; data: ApplicationFormData }
  | { ok: false; reason: 'not-found' | 'deleted' | 'outside-jurisdiction' };

const fullName = (p: { firstName: string; middleName: string | null; lastName: string | null }) =>
  [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');

/** Loads the application `applid` for the form, refusing deleted ones and those outside the caller's reach. */
export async function applicationFormData(db: Db, staff: StaffIdentity, applid: number): Promise<FormLookup> {
  const [row] = await db
    .select({
      app: applications,
      wardName: wards.name,
      localityName: localities.name,
      stationName: policeStations.name,
      districtName: districts.name,
      landlord: landlords,
      tenant: tenants,
      tenancyType: tenancyTypes.type,
      unit: rentalUnits,
    })
    .from(applications)
    .innerJoin(wards, eq(wards.code, applications.wardCode))
    .innerJoin(localities, eq(localities.code, applications.localityCode))
    .innerJoin(policeStations, eq(policeStations.code, applications.stationCode))
    .innerJoin(districts, eq(districts.code, applications.districtCode))
    .innerJoin(landlords, eq(landlords.id, applications.landlordId))
    .innerJoin(tenants, eq(tenants.id, applications.tenantId))
    .innerJoin(tenancyTypes, eq(tenancyTypes.code, tenants.tenancyType))
    .innerJoin(rentalUnits, eq(rentalUnits.rentcode, applications.rentcode))
    .where(eq(applications.applid, applid));
  if (!row) return { ok: false, reason: 'not-found' };
  const { app, landlord, tenant, unit } = row;
  if (!isWithinJurisdiction(jurisdictionOf(staff), app.wardCode))
    return { ok: false, reason: 'outside-jurisdiction' };
  if (app.deletedAt) return { ok: false, reason: 'deleted' };

  const districtCodes = [
    landlord.permDistrictCode,
    landlord.presDistrictCode,
    tenant.permDistrictCode,
    tenant.presDistrictCode,
    unit.districtCode,
  ];
  const [family, helpers, flow, photo, districtRows] = await Promise.all([
    db
      .select({ f: familyMembers })
      .from(applicationMembers)
      .innerJoin(familyMembers, eq(familyMembers.memberCode, applicationMembers.familyMemberCode))
      .where(eq(applicationMembers.applid, applid))
      .orderBy(asc(familyMembers.memberCode)),
    db
      .select({ h: domesticHelpers })
      .from(applicationMembers)
      .innerJoin(domesticHelpers, eq(domesticHelpers.memberCode, applicationMembers.helperCode))
      .where(eq(applicationMembers.applid, applid))
      .orderBy(asc(domesticHelpers.memberCode)),
    db
      .select()
      .from(applicationFlow)
      .where(eq(applicationFlow.applid, applid))
      .orderBy(asc(applicationFlow.id)),
    db
      .select({ content: documents.content })
      .from(documents)
      .where(
        and(
          eq(documents.ownerType, 'tenant'),
          eq(documents.ownerId, tenant.id),
          eq(documents.doctype, 'PHOTO'),
          eq(documents.contentType, 'image/jpeg'),
        ),
      )
      .orderBy(desc(documents.docid))
      .limit(1),
    db
      .select({ code: districts.code, name: districts.name })
      .from(districts)
      .where(inArray(districts.code, [...new Set(districtCodes)])),
  ]);

  const address = (a1: string, a2: string | null, pin: string, district: string): FormAddress => ({
    address1: a1,
    address2: a2,
    pinCode: pin,
    districtCode: district,
  });
  const data: ApplicationFormData = {
    applid: app.applid,
    status: app.status,
    applType: app.applType,
    remarks: app.remarks,
    logby: app.logby,
    createdAt: app.createdAt,
    updatedAt: app.updatedAt,
    completedAt: app.completedAt,
    certificateNo: app.certificateNo,
    certifiedAt: app.certifiedAt,
    leftLocalityOn: app.leftLocalityOn,
    jurisdiction: {
      ward: `${row.wardName} (${app.wardCode})`,
      wardName: row.wardName,
      locality: `${row.localityName} (${app.localityCode})`,
      station: `${row.stationName} (${app.stationCode})`,
      district: `${row.districtName} (${app.districtCode})`,
    },
    landlord: {
      id: landlord.id,
      epicNo: landlord.epicNo,
      name: fullName(landlord),
      occupation: landlord.occupation,
      mobile: landlord.mobile,
      email: landlord.email,
      permanent: address(
        landlord.permAddress1,
        landlord.permAddress2,
        landlord.permPinCode,
        landlord.permDistrictCode,
      ),
      present: address(
        landlord.presAddress1,
        landlord.presAddress2,
        landlord.presPinCode,
        landlord.presDistrictCode,
      ),
    },
    tenant: {
      id: tenant.id,
      epicNo: tenant.epicNo,
      name: fullName(tenant),
      parentOrSpouseName: tenant.parentOrSpouseName,
      dateOfBirth: tenant.dateOfBirth,
      nationality: tenant.nationality,
      occupation: tenant.occupation,
      mobile: tenant.mobile,
      email: tenant.email,
      tenancyType: row.tenancyType,
      permanent: address(
        tenant.permAddress1,
        tenant.permAddress2,
        tenant.permPinCode,
        tenant.permDistrictCode,
      ),
      present: address(tenant.presAddress1, tenant.presAddress2, tenant.presPinCode, tenant.presDistrictCode),
      photoJpeg: photo[0]?.content ?? null,
    },
    unit: {
      rentcode: unit.rentcode,
      houseNo: unit.houseNo,
      floorNo: unit.floorNo,
      address: address(unit.address1, unit.address2, unit.pinCode, unit.districtCode),
    },
    family: family.map(({ f }) => ({
      name: f.memberName,
      dateOfBirth: f.dateOfBirth,
      relationship: f.relationship,
      occupation: f.occupation,
      leftOn: f.leftOn,
    })),
    helpers: helpers.map(({ h }) => ({
      name: h.memberName,
      dateOfBirth: h.dateOfBirth,
      address1: h.permAddress1,
      pinCode: h.permPinCode,
      leftOn: h.leftOn,
    })),
    flow: flow.map((f) => ({
      logdt: f.logdt,
      aplstatus: f.aplstatus,
      remarks: f.remarks,
      applRemarks: f.applRemarks,
      comments: f.comments,
    })),
    districtNames: Object.fromEntries(districtRows.map((d) => [d.code, d.name])),
  };
  return { ok: true, data };
}
