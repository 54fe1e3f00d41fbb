import type { LifecycleEvent, StaffRole } from '../../../../machines/application/lifecycle.events';
import { DEMO_ACCOUNTS } from './demo-hierarchy';
import { W } from './demo-landlords.data';

// The demo applications as stories: who applied, for which tenant and unit, and what each official did next.
// demo-applications.ts plays every story through the lifecycle machine, so statuses, remarks and flow
// entries are exactly what the real workflow would have written.

export interface DemoOfficial {
  username: string;
  role: StaffRole;
  usercode: string;
}

/** Without the actor, which the seed adds from `by`. */
type EventBody = LifecycleEvent extends infer E
  ? E extends LifecycleEvent
    ? Omit<E, 'actor'>
    : never
  : never;

export interface DemoStep {
  /** Days after the previous step (or the submission). */
  after: number;
  by: 'landlord' | DemoOfficial;
  event: EventBody;
}

export interface DemoApplicationPlan {
  /** Indexes into DEMO_TENANTS and DEMO_LANDLORDS, and the landlord's unit. */
  tenant: number;
  landlord: number;
  unit: number;
  loggedBy: 'landlord' | DemoOfficial;
  daysAgo: number;
  steps?: DemoStep[];
  /** False for an application generated but not yet applied (no members chosen). Default true. */
  complete?: boolean;
}

const account = (username: (typeof DEMO_ACCOUNTS)[number]['username']): DemoOfficial => {
  const a = DEMO_ACCOUNTS.find((x) => x.username === username)!;
  return { username: a.username, role: a.role, usercode: a.usercode };
};

// Officials of wards and localities that have no demo account. They acted in the past; the demo only
// creates one account per role (docs/data-model.md).
const wardOfficer = (ward: string): DemoOfficial => ({
  username: `mod.${ward.toLowerCase()}`,
  role: 'MODERATOR',
  usercode: ward,
});
const localityOfficer = (locality: string): DemoOfficial => ({
  username: `smod.${locality.toLowerCase()}`,
  role: 'SUPERMODERATOR',
  usercode: locality,
});

const moderator = account('moderator');
const moderator2 = account('moderator2');
const supermoderator = account('supermoderator');
const supermoderator2 = account('supermoderator2');
const verifier = account('verifier');
const user = account('user');

const approve = (after: number, by: DemoOfficial): DemoStep => ({
  after,
  by,
  event: { type: 'application.recommendApproval' },
});
const accept = (after: number, by: DemoOfficial): DemoStep => ({
  after,
  by,
  event: { type: 'application.accept' },
});
const certify = (after: number, by: DemoOfficial): DemoStep => ({
  after,
  by,
  event: { type: 'application.certify' },
});
const vacate = (after: number): DemoStep => ({ after, by: 'landlord', event: { type: 'tenant.vacate' } });

export const DEMO_APPLICATIONS: DemoApplicationPlan[] = [
  // The moderator's ward (Laitumkhrah Main): three waiting, one it logged and forwarded, one certified.
  {
    tenant: 22,
    landlord: 0,
    unit: 0,
    loggedBy: 'landlord',
    daysAgo: 40,
    steps: [{ after: 1, by: 'landlord', event: { type: 'application.delete' } }],
  },
  { tenant: 0, landlord: 0, unit: 0, loggedBy: 'landlord', daysAgo: 3 },
  { tenant: 1, landlord: 0, unit: 1, loggedBy: user, daysAgo: 2 },
  { tenant: 2, landlord: 1, unit: 0, loggedBy: 'landlord', daysAgo: 1 },
  { tenant: 3, landlord: 1, unit: 1, loggedBy: moderator, daysAgo: 9, steps: [approve(1, moderator)] },
  {
    tenant: 4,
    landlord: 2,
    unit: 0,
    loggedBy: 'landlord',
    daysAgo: 45,
    steps: [approve(2, moderator), accept(3, supermoderator), certify(1, supermoderator)],
  },
  // Elsewhere in the supermoderator's locality (Laitumkhrah).
  {
    tenant: 6,
    landlord: 0,
    unit: 2,
    loggedBy: 'landlord',
    daysAgo: 12,
    steps: [
      {
        after: 2,
        by: wardOfficer(W.nongrimHills),
        event: {
          type: 'application.recommendRejection',
          reason: 'Lack of Documents',
          remarks: 'The identity proof scan is not legible.',
        },
      },
    ],
  },
  {
    tenant: 7,
    landlord: 3,
    unit: 0,
    loggedBy: 'landlord',
    daysAgo: 30,
    steps: [approve(2, wardOfficer(W.nongrimHills)), accept(4, supermoderator)],
  },
  {
    tenant: 8,
    landlord: 2,
    unit: 1,
    loggedBy: 'landlord',
    daysAgo: 60,
    steps: [
      {
        after: 3,
        by: wardOfficer(W.lowerLaitumkhrah),
        event: {
          type: 'application.recommendRejection',
          reason: 'Criminal Issues',
          remarks: 'A case is pending against the tenant at Sadar PS.',
        },
      },
      { after: 4, by: supermoderator, event: { type: 'application.decline', reason: 'Criminal Issues' } },
    ],
  },
  {
    tenant: 9,
    landlord: 3,
    unit: 1,
    loggedBy: 'landlord',
    daysAgo: 8,
    steps: [
      {
        after: 1,
        by: wardOfficer(W.lowerLaitumkhrah),
        event: {
          type: 'application.requestRectification',
          remarks: 'Please upload a clear photograph of the tenant.',
        },
      },
    ],
  },
  // Moderator2's ward (Malki Dhankheti) and the rest of supermoderator2's locality (Malki).
  { tenant: 10, landlord: 4, unit: 0, loggedBy: 'landlord', daysAgo: 4 },
  { tenant: 11, landlord: 4, unit: 1, loggedBy: moderator2, daysAgo: 2 },
  { tenant: 12, landlord: 4, unit: 2, loggedBy: 'landlord', daysAgo: 10, steps: [approve(2, moderator2)] },
  {
    tenant: 13,
    landlord: 5,
    unit: 1,
    loggedBy: 'landlord',
    daysAgo: 120,
    steps: [approve(2, moderator2), accept(3, supermoderator2), certify(1, supermoderator2), vacate(60)],
  },
  { tenant: 14, landlord: 5, unit: 1, loggedBy: 'landlord', daysAgo: 20 },
  {
    tenant: 15,
    landlord: 5,
    unit: 0,
    loggedBy: 'landlord',
    daysAgo: 35,
    steps: [approve(1, wardOfficer(W.lawsohtun)), accept(2, supermoderator2), certify(2, supermoderator2)],
  },
  // Sadar police station (Police Bazar, Keating Road, Jail Road).
  { tenant: 16, landlord: 6, unit: 0, loggedBy: 'landlord', daysAgo: 5 },
  {
    tenant: 17,
    landlord: 6,
    unit: 1,
    loggedBy: 'landlord',
    daysAgo: 25,
    steps: [
      approve(2, wardOfficer(W.policeBazar)),
      {
        after: 3,
        by: verifier,
        event: {
          type: 'application.decline',
          reason: 'Duplicate Application',
          remarks: 'Already applied for at Keating Road.',
        },
      },
    ],
  },
  {
    tenant: 18,
    landlord: 7,
    unit: 0,
    loggedBy: 'landlord',
    daysAgo: 28,
    steps: [approve(2, wardOfficer(W.keatingRoad)), accept(5, verifier)],
  },
  {
    tenant: 19,
    landlord: 7,
    unit: 1,
    loggedBy: 'landlord',
    daysAgo: 15,
    steps: [
      approve(1, wardOfficer(W.jailRoadEast)),
      {
        after: 2,
        by: localityOfficer(W.jailRoadEast.slice(0, 13)),
        event: {
          type: 'application.requestRectification',
          remarks: 'The floor number does not match the rental agreement.',
        },
      },
    ],
  },
  // Mawlai police station.
  {
    tenant: 20,
    landlord: 8,
    unit: 0,
    loggedBy: 'landlord',
    daysAgo: 6,
    steps: [
      {
        after: 2,
        by: wardOfficer(W.mawiong),
        event: {
          type: 'application.recommendRejection',
          reason: 'Others',
          otherReason: 'Tenant could not be reached on the given mobile number',
          remarks: 'Called three times over two days.',
        },
      },
    ],
  },
  {
    tenant: 21,
    landlord: 8,
    unit: 1,
    loggedBy: 'landlord',
    daysAgo: 150,
    steps: [
      approve(2, wardOfficer(W.mawiong)),
      accept(4, localityOfficer(W.mawiong.slice(0, 13))),
      vacate(90),
    ],
  },
  // Nongpoh (Ri-Bhoi) and Tura (West Garo Hills).
  {
    tenant: 23,
    landlord: 9,
    unit: 0,
    loggedBy: 'landlord',
    daysAgo: 50,
    steps: [approve(3, wardOfficer(W.nongpohBazar)), accept(3, localityOfficer(W.nongpohBazar.slice(0, 13)))],
  },
  { tenant: 5, landlord: 10, unit: 0, loggedBy: 'landlord', daysAgo: 7 },
  {
    tenant: 13,
    landlord: 11,
    unit: 0,
    loggedBy: 'landlord',
    daysAgo: 18,
    steps: [
      {
        after: 2,
        by: wardOfficer(W.araimileEast),
        event: { type: 'application.requestRectification', remarks: 'Please add the family members.' },
      },
      { after: 3, by: 'landlord', event: { type: 'application.resubmit' } },
      approve(2, wardOfficer(W.araimileEast)),
    ],
  },
  // Generated by the landlord but not applied yet: shows under INCOMPLETE APPLICATION(S).
  { tenant: 24, landlord: 9, unit: 1, loggedBy: 'landlord', daysAgo: 1, complete: false },
  // The same in the moderator's ward (the officials' Tenants page re-visits it); last, so no other applid moves.
  { tenant: 0, landlord: 0, unit: 0, loggedBy: 'landlord', daysAgo: 1, complete: false },
];
