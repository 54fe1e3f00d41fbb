import type { PendingChannelChange } from '../../src/contract/channel-changes.contract';
import { pendingMobileChange } from '../components/channel-change-fakes';
import { fakeChannelChangeCalls } from '../components/channel-change-fakes';
import type { DocumentListItem } from '../../src/contract/documents.contract';
import type { FamilyMember, Helper, Tenant } from '../../src/contract/tenants.contract';
import type { TenantServices } from '../../src/web/features/tenant/tenant-services';
import { sampleTenant } from './tenant-fakes';

/** An in-memory tenant profile behind the TenantServices calls: saves and uploads change what the lists show. */

// A 1x1 white JPEG, so a viewed photo or signature is a real image.
export const TINY_JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==';

export const sampleFamily: FamilyMember[] = [
  {
    memberCode: 501,
    tenantId: 1001,
    memberName: 'Dari Kharkongor',
    age: '2015-02-01',
    occupation: 'Student',
    relationship: 'Daughter',
    leftOn: null,
    active: true,
    documents: [{ docid: 9001, doctype: 'PHOTO', contenttype: 'image/jpeg' }],
  },
  {
    memberCode: 502,
    tenantId: 1001,
    memberName: 'Kyrmen Lyngdoh',
    age: null,
    occupation: 'Business',
    relationship: 'Brother',
    leftOn: '2026-03-14',
    active: false,
    documents: [],
  },
];

export const sampleHelpers: Helper[] = [
  {
    memberCode: 601,
    tenantId: 1001,
    memberName: 'Bah Shanbor',
    age: '1980-07-09',
    permanentAddress: {
      address1: 'Mawlai Phudmuri',
      address2: null,
      pinCode: '793008',
      district: { districtCode: '1701', districtName: 'East Khasi Hills' },
      statename: { stateCode: '17', stateName: 'Meghalaya' },
    },
    presentAddress: { pinCode: null },
    leftOn: null,
    active: true,
    documents: [],
  },
];

export interface FakeServicesOptions {
  family?: FamilyMember[];
  helpers?: Helper[];
  documents?: DocumentListItem['doctype'][];
  /** 'refuses' answers every save with 400 and this message. */
  /** 'holdsContact': a first save of an ID whose earlier record was deleted holds the new contact. */
  saveTenant?: 'saves' | 'refuses' | 'holdsContact';
  refusal?: string;
  /** 'works' draws a moving picture; 'denied' rejects like a refused permission. */
  camera?: 'works' | 'denied';
  /** 'expired': the key behind the lists ran out (revoked elsewhere): they answer 401. */
  key?: 'live' | 'expired';
  /** Receives every call's name and arguments, for tests. */
  onCall?(name: keyof TenantServices, args: unknown[]): void;
  /** A change of the tenant's mobile or email asked by an official, waiting (docs/otp-channel-changes.md). */
  pendingChange?: PendingChannelChange;
}

/** What the server answers a call made with an ended key. */
export const EXPIRED_KEY_FAILURE = { status: 401, message: 'Authentication Failed' };

/** A drawn, changing picture as a camera stream (browsers only: jsdom has no canvas streams). */
function drawnStream(facing: string): Promise<MediaStream> {
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 480;
  const context = canvas.getContext('2d');
  if (!context || typeof canvas.captureStream !== 'function') {
    return Promise.reject(new Error('no camera in this environment'));
  }
  let frame = 0;
  const draw = () => {
    frame += 1;
    context.fillStyle = facing === 'user' ? '#1c5d99' : '#2b8a3e';
    context.fillRect(0, 0, 640, 480);
    context.fillStyle = '#fff';
    context.font = '36px sans-serif';
    context.fillText(`${facing === 'user' ? 'Front' : 'Back'} camera ${frame}`, 40, 240);
  };
  draw();
  const timer = setInterval(draw, 100);
  const stream = canvas.captureStream(10);
  stream.getTracks().forEach((track) => track.addEventListener('ended', () => clearInterval(timer)));
  const stop = stream.getTracks().map((track) => track.stop.bind(track));
  stream.getTracks().forEach((track, i) => {
    track.stop = () => {
      clearInterval(timer);
      stop[i]();
    };
  });
  return Promise.resolve(stream);
}

const KEYED_LISTS: (keyof TenantServices)[] = ['familyMembers', 'helpers', 'documents'];

export function fakeTenantServices(options: FakeServicesOptions = {}): TenantServices {
  const family = [...(options.family ?? sampleFamily)];
  const helpers = [...(options.helpers ?? sampleHelpers)];
  const documents: DocumentListItem[] = (options.documents ?? ['PHOTO']).map((doctype, i) => ({
    docid: 8000 + i,
    doctype,
    contenttype: 'image/jpeg',
    size: 48_000,
    ownerid: 1001,
    ownertype: 'tenant',
    uploadedAt: '2026-11-20T10:00:00.000Z',
  }));
  let nextCode = 700;
  const track = <T>(name: keyof TenantServices, args: unknown[], value: T): Promise<T> => {
    options.onCall?.(name, args);
    if (options.key === 'expired' && KEYED_LISTS.includes(name)) {
      // Rejected like the browser wiring: a plain `{status, message}`, not an Error.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      return Promise.reject(EXPIRED_KEY_FAILURE);
    }
    return Promise.resolve(structuredClone(value));
  };
  return {
    states: () =>
      track(
        'states',
        [],
        [
          { stateCode: '17', stateName: 'Meghalaya' },
          { stateCode: '18', stateName: 'Assam' },
        ],
      ),
    districts: (code) =>
      track(
        'districts',
        [code],
        code === '17'
          ? [
              { districtCode: '1701', districtName: 'East Khasi Hills' },
              { districtCode: '1702', districtName: 'West Garo Hills' },
            ]
          : [{ districtCode: '1801', districtName: 'Kamrup Metropolitan' }],
      ),
    occupations: () => track('occupations', [], ['Teacher', 'Student', 'Business', 'Driver', 'Homemaker']),
    relationships: () => track('relationships', [], ['Spouse', 'Son', 'Daughter', 'Brother', 'Mother']),
    tenancyTypes: () =>
      track(
        'tenancyTypes',
        [],
        [
          { tenancyCode: 'T1', type: 'Individual' },
          { tenancyCode: 'T2', type: 'Family' },
        ],
      ),
    saveTenant: async (body, tenantId) => {
      options.onCall?.('saveTenant', [body, tenantId]);
      if (options.saveTenant === 'refuses') throw { status: 400, message: options.refusal ?? '' };
      const tenant = { ...sampleTenant, ...body, id: tenantId ?? 1002 } as Tenant;
      const message =
        tenantId === null
          ? 'Successfully Saved Tenant. Please login to proceed with further data entries.'
          : 'Successfully Updated Tenant Application.';
      if (options.saveTenant === 'holdsContact' && tenantId === null)
        return {
          message,
          tenant,
          channelChange: { ...pendingMobileChange, requestedBy: 'anonymous registration' },
        };
      return { message, tenant };
    },
    familyMembers: (id) => track('familyMembers', [id], family),
    addFamilyMember: (id, body) => {
      const memberCode = (nextCode += 1);
      family.push({
        memberCode,
        tenantId: id,
        memberName: body.memberName,
        age: body.age ?? null,
        occupation: body.occupation,
        relationship: body.relationship,
        leftOn: null,
        active: true,
        documents: [],
      });
      return track('addFamilyMember', [id, body], {
        message: 'Successfully Saved Family Member',
        memberCode,
      });
    },
    removeFamilyMember: (id, code) => {
      const member = family.find((m) => m.memberCode === code);
      if (member) Object.assign(member, { leftOn: '2026-11-23', active: false });
      return track('removeFamilyMember', [id, code], { message: 'Family Member successfully removed!' });
    },
    helpers: (id) => track('helpers', [id], helpers),
    addHelper: (id, body) => {
      const memberCode = (nextCode += 1);
      helpers.push({
        memberCode,
        tenantId: id,
        memberName: body.memberName,
        age: body.age,
        permanentAddress: {
          ...body.permanentAddress,
          address2: body.permanentAddress.address2 ?? null,
          district: {
            districtCode: body.permanentAddress.district.districtCode,
            districtName: 'East Khasi Hills',
          },
          statename: { stateCode: '17', stateName: 'Meghalaya' },
        },
        presentAddress: { pinCode: null },
        leftOn: null,
        active: true,
        documents: [],
      });
      return track('addHelper', [id, body], {
        message: 'Successfully Saved Helper. Please Upload Signature.',
        memberCode,
      });
    },
    removeHelper: (id, code) => {
      const helper = helpers.find((m) => m.memberCode === code);
      if (helper) Object.assign(helper, { leftOn: '2026-11-23', active: false });
      return track('removeHelper', [id, code], { message: 'Helper successfully removed!' });
    },
    documents: (id) => track('documents', [id], documents),
    document: (docid) =>
      track('document', [docid], {
        docid,
        doctype: 'PHOTO' as const,
        contenttype: 'image/jpeg',
        base64img: TINY_JPEG_BASE64,
        ownerid: 1001,
        ownertype: 'tenant' as const,
      }),
    upload: (body) => {
      const docid = (nextCode += 1);
      if (body.ownertype === 'tenant') {
        const kept = documents.filter((d) => d.doctype !== body.doctype);
        documents.splice(0, documents.length, ...kept, {
          docid,
          doctype: body.doctype,
          contenttype: body.contenttype,
          size: 40_000,
          ownerid: 1001,
          ownertype: 'tenant',
          uploadedAt: '2026-11-23T10:00:00.000Z',
        });
      } else {
        const owner = [...family, ...helpers].find((m) => m.memberCode === Number(body.ownerid));
        owner?.documents.push({ docid, doctype: body.doctype, contenttype: body.contenttype });
      }
      return track('upload', [body], { message: `${body.doctype} Uploaded Successfully!`, docid });
    },
    openCamera: (facing) => {
      options.onCall?.('openCamera', [facing]);
      if (options.camera === 'denied') return Promise.reject(new Error('Permission denied'));
      return drawnStream(facing);
    },
    ...ownChannelChange(options),
  };
}

/** The tenant's own held channel change (the citizen's calls have it). */
function ownChannelChange(
  options: FakeServicesOptions,
): Pick<TenantServices, 'pendingChannelChange' | 'stopChannelChange'> {
  const calls = fakeChannelChangeCalls({
    pending: options.pendingChange ?? null,
    onStop: () => options.onCall?.('stopChannelChange', []),
  });
  return { pendingChannelChange: calls.pending, stopChannelChange: calls.stop };
}
