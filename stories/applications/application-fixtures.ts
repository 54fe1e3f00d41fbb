import {
  updateApplicationReplySchema,
  type ApplicationDetail,
  type ApplicationPage,
  type ApplicationRow,
  type FlowEntryReply,
} from '../../src/contract/applications.contract';
import {
  FLOW_TEXTS,
  statusListLabel,
  type LifecycleEventType,
  type StaffRole,
  type StatusCode,
} from '../../machines/application';
import { FetchError } from 'ofetch';
import type { ApplicationsApi } from '../../src/web/features/applications/applications-api';

// Fake data for the application screens' stories and dom tests: no network.

const WARD = 'PS1701001LA01W01';
const district = {
  districtCode: '1701',
  districtName: 'East Khasi Hills',
  statename: { stateCode: '17', stateName: 'Meghalaya' },
};
const address = (address1: string) => ({ address1, address2: 'Shillong', pinCode: '793003', district });

const TENANTS = [
  'Banshan Lyngdoh',
  'Iohbor Kharkongor',
  'Mebanri Syiem',
  'Daphisha Marbaniang',
  'Kyrshan Nongrum',
];
const LANDLORDS = ['Wanphrang Nongbri', 'Ibalari Warjri', 'Rikynti Dkhar'];

export function demoRow(applid: number, status: StatusCode, role: StaffRole = 'MODERATOR'): ApplicationRow {
  return {
    applid,
    tenantname: TENANTS[applid % TENANTS.length],
    landlordname: LANDLORDS[applid % LANDLORDS.length],
    rentaladdress: `House ${applid}, Laitumkhrah Main Road, Shillong`,
    applstatus: status,
    statusLabel: statusListLabel(status, role),
    logby: 'moderator',
    wardCode: WARD,
    wardName: 'Laitumkhrah Main',
    leftLocalityOn: status === 'APARV' ? '2026-09-14' : null,
    updatedAt: '2026-11-20T10:00:00.000Z',
    version: 1,
    allowedEvents: [],
  };
}

export function demoPage(rows: ApplicationRow[], pageNumber = 0, totalPages = 1): ApplicationPage {
  return {
    applDto: rows,
    totalPages,
    totalElements: totalPages * 10,
    pageNumber,
    pageSize: 10,
    iscurrentPageFirst: pageNumber === 0,
    iscurrentPageLast: pageNumber >= totalPages - 1,
  };
}

const flowEntry = (
  id: number,
  status: StatusCode,
  text: string,
  day: string,
  actor = 'moderator',
): FlowEntryReply => ({
  id,
  logdt: `${day}T09:30:00.000Z`,
  aplstatus: status,
  remarks: text,
  comments: null,
  actor,
});

export const DEMO_FLOW: FlowEntryReply[] = [
  flowEntry(1, 'LARP', FLOW_TEXTS.submitted, '2026-11-10', 'landlord:1'),
  flowEntry(2, 'LAVP', FLOW_TEXTS.recommendedApproval, '2026-11-12'),
  flowEntry(3, 'PLVP', FLOW_TEXTS.accepted, '2026-11-15', 'supermoderator'),
];

export function demoDetail(
  status: StatusCode,
  allowedEvents: LifecycleEventType[],
  role: StaffRole = 'MODERATOR',
  applid = 1042,
): ApplicationDetail {
  return {
    applid,
    status,
    statusLabel: statusListLabel(status, role),
    applStatus: { applstatus: status },
    appltype: 'APPLPS',
    remarks: status === 'RJT' ? '(Rejected by Locality/Cantonment: Criminal Issues)' : '(Submitted)',
    logby: 'moderator',
    version: 3,
    complete: true,
    closed: null,
    officialActed: status !== 'LARP',
    certified: false,
    certificateNo: null,
    certifiedAt: null,
    certifiedBy: null,
    leftLocalityOn: status === 'APARV' ? '2026-09-14' : null,
    localAuthorityCode: WARD,
    createdAt: '2026-11-10T09:30:00.000Z',
    updatedAt: '2026-11-12T09:30:00.000Z',
    tenantConsent: 'notAsked',
    tenantConsentedAt: null,
    landlord: {
      id: 1,
      landlord_id: 1,
      firstName: 'Wanphrang',
      middleName: null,
      lastName: 'Nongbri',
      occupation: 'Business',
      mobile: '9862012345',
      epicNo: 'MLA1234567',
      email: 'wanphrang@example.in',
      permanentAddress: address('Laitumkhrah'),
      presentAddress: address('Laitumkhrah'),
    },
    tenant: {
      id: 7,
      epicNo: 'MLB7654321',
      individualEpic: true,
      firstName: 'Banshan',
      middleName: null,
      lastName: 'Lyngdoh',
      parentOrSpouseName: 'Kyrmen Lyngdoh',
      nationality: 'Indian',
      age: '1994-03-21',
      occupation: 'Teacher',
      mobile: '9774011122',
      email: null,
      type: 'tenant',
      permanentAddress: address('Jowai'),
      presentAddress: address('Laitumkhrah'),
      documents: [
        { docid: 501, doctype: 'PHOTO', contenttype: 'image/jpeg', size: 2048 },
        { docid: 502, doctype: 'IDENTITYPROOF', contenttype: 'application/pdf', size: 40960 },
      ],
    },
    familyInApplication: [
      {
        memberCode: 1,
        memberName: 'Ibashisha Lyngdoh',
        age: '1996-07-02',
        relationship: 'Wife',
        occupation: 'Nurse',
        permanentAddress: address('Jowai'),
        leftOn: null,
        photoDocid: 503,
        documents: [],
      },
    ],
    helperInApplication: [
      {
        memberCode: 2,
        memberName: 'Dapbiang Rymbai',
        age: '2001-01-15',
        permanentAddress: address('Nongpoh'),
        leftOn: null,
        photoDocid: null,
        documents: [],
      },
    ],
    rentalUnit: {
      rentcode: 'RU-1',
      houseNo: '12B',
      floorNo: '1',
      address1: 'Laitumkhrah Main Road',
      address2: 'Near Don Bosco Square',
      pinCode: '793003',
      district,
      laCode: WARD,
      wardName: 'Laitumkhrah Main',
      localityCode: 'PS1701001LA01',
      localityName: 'Laitumkhrah',
      policeStationCode: 'PS1701001',
      policeStationName: 'Laitumkhrah Police Station',
      vacant: false,
    },
    flow: DEMO_FLOW,
    allowedEvents,
  };
}

/**
 * The detail as the server sends it to an official that reaches the application by its ward but neither person
 * (a decoy unit and an office application for a tenant held elsewhere, docs/reach.md): names and ID numbers only.
 */
export function withheldDetail(detail: ApplicationDetail): ApplicationDetail {
  const blank = { address1: null, address2: null, pinCode: null, district };
  const member = <M extends object>(m: M) => ({
    ...m,
    age: null,
    permanentAddress: blank,
    photoDocid: null,
    documents: [],
  });
  return {
    ...detail,
    landlord: {
      ...detail.landlord,
      mobile: '',
      email: null,
      permanentAddress: blank,
      presentAddress: blank,
      recordWithheld: true,
    },
    tenant: {
      ...detail.tenant,
      parentOrSpouseName: '',
      age: null,
      mobile: '',
      email: null,
      permanentAddress: blank,
      presentAddress: blank,
      documents: [],
      recordWithheld: true,
    },
    familyInApplication: detail.familyInApplication.map(member),
    helperInApplication: detail.helperInApplication.map(member),
  };
}

/** A 1x1 white JPEG, for the photo and document viewers. */
export const TINY_JPEG =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==';

export const DEMO_WARDS = [
  { localAuthorityCode: 'PS1701001LA01W01', localAuthorityName: 'Laitumkhrah Main' },
  { localAuthorityCode: 'PS1701001LA01W02', localAuthorityName: 'Nongrim Hills' },
];

/** An error as ofetch raises it for a 4xx reply carrying the server's message. */
export function serverRefusal(message: string, status = 409): FetchError {
  const err = new FetchError(message);
  Object.assign(err, { data: { message }, response: new Response(null, { status }), status });
  return err;
}

/** Fake calls: a fixed page and detail; actions answer the server's success message (or `failWith`). */
export function fakeApplicationsApi(options: {
  page?: ApplicationPage | 'loading' | 'fail';
  detail?: ApplicationDetail;
  actMessage?: string;
  failWith?: string;
  onAct?: (event: string, input: unknown) => void;
}): ApplicationsApi {
  const never = new Promise<never>(() => {});
  const answer = async <T>(value: T): Promise<T> => {
    if (options.failWith) throw serverRefusal(options.failWith);
    return value;
  };
  return {
    listPage: async () => {
      if (options.page === 'loading') return never;
      if (options.page === 'fail' || !options.page) throw new Error('offline');
      return options.page;
    },
    detail: async () => options.detail ?? never,
    act: async (detail, event, input) => {
      options.onAct?.(event, input);
      return answer(
        updateApplicationReplySchema.parse({
          ...detail,
          message: options.actMessage ?? 'Successfully Approved Application',
        }),
      );
    },
    remove: async () => answer({ message: options.actMessage ?? 'Successfully deleted the application.' }),
    flow: async () => DEMO_FLOW,
    document: async () => ({ base64img: TINY_JPEG, contenttype: 'image/jpeg' }),
    completeForm: async () => never,
    wards: async () => DEMO_WARDS,
  };
}
