import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Address, ApplicationDetail, FlowEntryReply } from '../../contract/applications.contract';
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
  states,
  tenants,
  wards,
} from '../db/schema';
import type { StaffIdentity } from '../security/sessions';
import { awaitsConsent } from './application-apply.service';
import { allowedEventsFor, closedAs, statusFields, toWorkflowRow } from '../workflow/application-facts';

type District = NonNullable<Address['district']>;
type DocumentRef = { docid: number; doctype: string; contenttype: string; size: number };

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The flow log in step order, as the Application Flow timeline shows it. */
export async function flowOf(db: Db, applid: number): Promise<FlowEntryReply[]> {
  const rows = await db
    .select({
      id: applicationFlow.id,
      logdt: applicationFlow.logdt,
      aplstatus: applicationFlow.aplstatus,
      remarks: applicationFlow.remarks,
      comments: applicationFlow.comments,
      actor: applicationFlow.actor,
    })
    .from(applicationFlow)
    .where(eq(applicationFlow.applid, applid))
    .orderBy(asc(applicationFlow.id));
  return rows.map((row) => ({ ...row, logdt: row.logdt.toISOString() }));
}

async function districtsByCode(db: Db, codes: (string | null)[]): Promise<Map<string, District>> {
  const wanted = [...new Set(codes.filter((code): code is string => Boolean(code)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ code: districts.code, name: districts.name, stateCode: states.code, stateName: states.name })
    .from(districts)
    .innerJoin(states, eq(states.code, districts.stateCode))
    .where(inArray(districts.code, wanted));
  return new Map(
    rows.map((d) => [
      d.code,
      {
        districtCode: d.code,
        districtName: d.name,
        statename: { stateCode: d.stateCode, stateName: d.stateName },
      },
    ]),
  );
}

/** Documents listed without their content: the viewer fetches one by docid when asked. */
const documentColumns = {
  docid: documents.docid,
  doctype: documents.doctype,
  contenttype: documents.contentType,
  size: documents.size,
  tenantId: documents.tenantId,
  familyMemberCode: documents.familyMemberCode,
  helperCode: documents.helperCode,
};

/**
 * The detail loader reads the viewer's role only for status words and next steps; a landlord's key (the
 * certificate, the completed application form) reads it as this identity, as neither prints those.
 */
export const LANDLORD_DETAIL_READER: StaffIdentity = {
  userId: 0,
  username: 'landlord',
  role: 'USER',
  usercode: '',
  level: 0,
};

/** Whether the tenant consented (and when), is still asked, or was never asked (docs/tenant-consent.md). */
export function tenantConsentOf(
  a: Pick<typeof applications.$inferSelect, 'tenantConsentedAt' | 'logby' | 'grantsReach'>,
): Pick<ApplicationDetail, 'tenantConsent' | 'tenantConsentedAt'> {
  if (a.tenantConsentedAt)
    return { tenantConsent: 'given', tenantConsentedAt: a.tenantConsentedAt.toISOString() };
  return { tenantConsent: awaitsConsent(a) ? 'pending' : 'notAsked', tenantConsentedAt: null };
}

/** The application as the detail dialog shows it, or null when there is no such application. */
export async function loadApplicationDetail(
  db: Db,
  applid: number,
  staff: StaffIdentity,
): Promise<ApplicationDetail | null> {
  const [row] = await db
    .select({
      application: applications,
      landlord: landlords,
      tenant: tenants,
      unit: rentalUnits,
      wardName: wards.name,
      localityName: localities.name,
      stationName: policeStations.name,
    })
    .from(applications)
    .innerJoin(landlords, eq(landlords.id, applications.landlordId))
    .innerJoin(tenants, eq(tenants.id, applications.tenantId))
    .innerJoin(rentalUnits, eq(rentalUnits.rentcode, applications.rentcode))
    .innerJoin(wards, eq(wards.code, applications.wardCode))
    .innerJoin(localities, eq(localities.code, applications.localityCode))
    .innerJoin(policeStations, eq(policeStations.code, applications.stationCode))
    .where(eq(applications.applid, applid));
  if (!row) return null;
  const { application: a, landlord: l, tenant: t, unit: u } = row;

  const members = await db
    .select({ family: familyMembers, helper: domesticHelpers })
    .from(applicationMembers)
    .leftJoin(familyMembers, eq(familyMembers.memberCode, applicationMembers.familyMemberCode))
    .leftJoin(domesticHelpers, eq(domesticHelpers.memberCode, applicationMembers.helperCode))
    .where(eq(applicationMembers.applid, applid))
    .orderBy(asc(applicationMembers.id));
  const family = members.flatMap((m) => (m.family ? [m.family] : []));
  const helpers = members.flatMap((m) => (m.helper ? [m.helper] : []));

  const ownerConditions = [eq(documents.tenantId, t.id)];
  if (family.length > 0)
    ownerConditions.push(
      inArray(
        documents.familyMemberCode,
        family.map((f) => f.memberCode),
      ),
    );
  if (helpers.length > 0)
    ownerConditions.push(
      inArray(
        documents.helperCode,
        helpers.map((h) => h.memberCode),
      ),
    );
  const [docs, flow, districtMap] = await Promise.all([
    db
      .select(documentColumns)
      .from(documents)
      .where(or(...ownerConditions))
      .orderBy(asc(documents.docid)),
    flowOf(db, applid),
    districtsByCode(db, [
      l.permDistrictCode,
      l.presDistrictCode,
      t.permDistrictCode,
      t.presDistrictCode,
      ...family.map((f) => f.permDistrictCode),
      ...helpers.map((h) => h.permDistrictCode),
      u.districtCode,
    ]),
  ]);
  const refs = (pick: (d: (typeof docs)[number]) => boolean): DocumentRef[] =>
    docs.filter(pick).map(({ docid, doctype, contenttype, size }) => ({ docid, doctype, contenttype, size }));
  const photoOf = (list: DocumentRef[]) => list.find((d) => d.doctype === 'PHOTO')?.docid ?? null;
  const address = (
    address1: string | null,
    address2: string | null,
    pinCode: string | null,
    district: string | null,
  ) => ({
    address1,
    address2,
    pinCode,
    district: (district && districtMap.get(district)) || null,
  });

  const facts = toWorkflowRow(a);
  return {
    applid: a.applid,
    ...statusFields(a.status, staff.role),
    appltype: a.applType,
    remarks: a.remarks,
    logby: a.logby,
    version: a.version,
    complete: a.completedAt !== null,
    closed: closedAs(facts),
    officialActed: a.officialActed,
    certified: a.certifiedAt !== null,
    certificateNo: a.certificateNo,
    certifiedAt: iso(a.certifiedAt),
    certifiedBy: a.certifiedBy,
    leftLocalityOn: a.leftLocalityOn,
    localAuthorityCode: a.wardCode,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    ...tenantConsentOf(a),
    landlord: {
      id: l.id,
      landlord_id: l.id,
      firstName: l.firstName,
      middleName: l.middleName,
      lastName: l.lastName,
      occupation: l.occupation,
      mobile: l.mobile,
      epicNo: l.epicNo,
      email: l.email,
      permanentAddress: address(l.permAddress1, l.permAddress2, l.permPinCode, l.permDistrictCode),
      presentAddress: address(l.presAddress1, l.presAddress2, l.presPinCode, l.presDistrictCode),
    },
    tenant: {
      id: t.id,
      epicNo: t.epicNo,
      individualEpic: t.individualEpic,
      firstName: t.firstName,
      middleName: t.middleName,
      lastName: t.lastName,
      parentOrSpouseName: t.parentOrSpouseName,
      nationality: t.nationality,
      age: t.dateOfBirth,
      occupation: t.occupation,
      mobile: t.mobile,
      email: t.email,
      type: t.tenancyType,
      permanentAddress: address(t.permAddress1, t.permAddress2, t.permPinCode, t.permDistrictCode),
      presentAddress: address(t.presAddress1, t.presAddress2, t.presPinCode, t.presDistrictCode),
      documents: refs((d) => d.tenantId === t.id),
    },
    familyInApplication: family.map((f) => {
      const own = refs((d) => d.familyMemberCode === f.memberCode);
      return {
        memberCode: f.memberCode,
        memberName: f.memberName,
        age: f.dateOfBirth,
        relationship: f.relationship,
        occupation: f.occupation,
        permanentAddress: address(f.permAddress1, f.permAddress2, f.permPinCode, f.permDistrictCode),
        leftOn: f.leftOn,
        photoDocid: photoOf(own),
        documents: own,
      };
    }),
    helperInApplication: helpers.map((h) => {
      const own = refs((d) => d.helperCode === h.memberCode);
      return {
        memberCode: h.memberCode,
        memberName: h.memberName,
        age: h.dateOfBirth,
        permanentAddress: address(h.permAddress1, h.permAddress2, h.permPinCode, h.permDistrictCode),
        leftOn: h.leftOn,
        photoDocid: photoOf(own),
        documents: own,
      };
    }),
    rentalUnit: {
      rentcode: u.rentcode,
      houseNo: u.houseNo,
      floorNo: u.floorNo,
      address1: u.address1,
      address2: u.address2,
      pinCode: u.pinCode,
      district: districtMap.get(u.districtCode) ?? null,
      laCode: u.wardCode,
      wardName: row.wardName,
      localityCode: a.localityCode,
      localityName: row.localityName,
      policeStationCode: a.stationCode,
      policeStationName: row.stationName,
      vacant: u.vacant,
    },
    flow,
    allowedEvents: allowedEventsFor(facts, staff),
  };
}
