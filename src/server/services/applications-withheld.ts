import type { Address, ApplicationDetail } from '../../contract/applications.contract';
import type { Db } from '../db/client';
import type { Caller } from '../security/caller';
import { LANDLORD_DETAIL_READER, loadApplicationDetail } from './applications-detail.service';
import { landlordReach } from './owner-scope';
import { reachTenant } from './tenant-scope';

// An official reaches an application by its ward, but the people in it only by the facts of docs/reach.md: a decoy
// unit (grants_reach = false) or an office application for a tenant held elsewhere gives reach over that row alone.
// So every view of an application an official gets (the detail dialog, the application form, the certificate) is
// cut here to what reach allows: for a landlord or tenant the official does not reach, names and ID number stay and
// the contact details, date of birth, occupation, nationality, tenancy type, addresses (the district too),
// documents and photo go. The tenant's family members and helpers are part of its record: their names and
// relationship stay (what choosing them needs), nothing more (pen-test round 2, staff side, F2 and F5: the
// occupations, nationality and home district still showed).

type Landlord = ApplicationDetail['landlord'];
type Tenant = ApplicationDetail['tenant'];

/** An address with every line and its district blanked. */
const blankAddress = (a: Address): Address => ({
  ...a,
  address1: null,
  address2: null,
  pinCode: null,
  district: null,
});

function withheldLandlord(landlord: Landlord): Landlord {
  return {
    ...landlord,
    occupation: '',
    mobile: '',
    email: null,
    permanentAddress: blankAddress(landlord.permanentAddress),
    presentAddress: blankAddress(landlord.presentAddress),
    recordWithheld: true,
  };
}

function withheldTenant(tenant: Tenant): Tenant {
  return {
    ...tenant,
    parentOrSpouseName: '',
    nationality: '',
    occupation: '',
    type: '',
    age: null,
    mobile: '',
    email: null,
    permanentAddress: blankAddress(tenant.permanentAddress),
    presentAddress: blankAddress(tenant.presentAddress),
    documents: [],
    recordWithheld: true,
  };
}

/** The tenant's family members and helpers keep their names (and relationship): what choosing them needs. */
function withheldMembers(
  detail: ApplicationDetail,
): Pick<ApplicationDetail, 'familyInApplication' | 'helperInApplication'> {
  const member = <M extends { age: string | null; permanentAddress: Address }>(m: M) => ({
    ...m,
    ...('occupation' in m ? { occupation: '' } : {}),
    age: null,
    permanentAddress: blankAddress(m.permanentAddress),
    photoDocid: null,
    documents: [],
  });
  return {
    familyInApplication: detail.familyInApplication.map(member),
    helperInApplication: detail.helperInApplication.map(member),
  };
}

/** The detail as this official may see it: each person it does not reach withheld (reach asked of owner-scope and tenant-scope). */
export async function detailWithinReach(
  db: Db,
  caller: Caller & { kind: 'staff' },
  detail: ApplicationDetail,
): Promise<ApplicationDetail> {
  const [landlord, tenant] = await Promise.all([
    landlordReach(db, caller, detail.landlord.id),
    reachTenant(db, caller, detail.tenant.id),
  ]);
  let shown = detail;
  if (landlord !== 'ok') shown = { ...shown, landlord: withheldLandlord(shown.landlord) };
  if (tenant !== 'ok') shown = { ...shown, tenant: withheldTenant(shown.tenant), ...withheldMembers(shown) };
  return shown;
}

/**
 * The application as `caller` may see it, or null when there is none: an official's view is cut to its reach
 * (detailWithinReach); a landlord's key reads its own application whole (the routes check it is its own).
 */
export async function applicationDetailFor(
  db: Db,
  caller: Caller,
  applid: number,
): Promise<ApplicationDetail | null> {
  if (caller.kind === 'citizen') return loadApplicationDetail(db, applid, LANDLORD_DETAIL_READER);
  const detail = await loadApplicationDetail(db, applid, caller.staff);
  return detail && detailWithinReach(db, caller, detail);
}
