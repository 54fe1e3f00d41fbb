import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  listStatusFor,
  REFUSALS,
  statusListLabel,
  trackerView,
  type ApplicationFacts,
  type LifecycleActor,
} from '../../machines/application';

/* What the server answers and the screens say: refusal messages, payload messages, the outcome to store, labels. */

const WARD = 'PS1701001LA01W01';
const moderator: LifecycleActor = { kind: 'staff', role: 'MODERATOR', username: 'mod.a', usercode: WARD };
const otherModerator: LifecycleActor = { ...moderator, username: 'mod.b', usercode: 'PS1701001LA01W02' };
const localityOfficer: LifecycleActor = {
  kind: 'staff',
  role: 'SUPERMODERATOR',
  username: 'sup.c',
  usercode: 'PS1701001LA01',
};
const landlord: LifecycleActor = { kind: 'landlord', landlordId: 'L1' };
const pending: ApplicationFacts = {
  status: 'LARP',
  wardCode: WARD,
  logby: 'landlord:L1',
  landlordId: 'L1',
  officialActed: false,
};

describe('applyEvent: the official withdraws its own draft awaiting consent', () => {
  const draft: ApplicationFacts = { ...pending, logby: 'mod.a', awaitingConsent: true };
  it('lets its logger withdraw it, only while consent is awaited and no official acted', () => {
    expect(applyEvent(draft, { type: 'application.delete', actor: moderator })).toMatchObject({
      ok: true,
      nextStatus: 'LARP',
      deleted: true,
    });
    for (const facts of [
      { ...draft, awaitingConsent: false },
      { ...draft, officialActed: true },
    ])
      expect(applyEvent(facts, { type: 'application.delete', actor: moderator })).toMatchObject({
        ok: false,
      });
  });
});

describe('applyEvent: refusals in words', () => {
  it.each([
    ['deleted', { ...pending, deleted: true }, { type: 'application.recommendApproval', actor: moderator }],
    ['cancelled', { ...pending, deleted: true, cancelled: true }, { type: 'tenant.vacate', actor: landlord }],
    ['closed', { ...pending, status: 'RJT' }, { type: 'tenant.vacate', actor: landlord }],
    [
      'notAtYourLevel',
      { ...pending, status: 'LAVP' },
      { type: 'application.recommendApproval', actor: moderator },
    ],
    [
      'alreadyCertified',
      { ...pending, status: 'PLVP', certified: true },
      { type: 'application.certify', actor: localityOfficer },
    ],
    ['outsideJurisdiction', pending, { type: 'application.recommendApproval', actor: otherModerator }],
    ['notYours', pending, { type: 'application.delete', actor: { kind: 'landlord', landlordId: 'L2' } }],
    // A draft awaiting the tenant's consent is its logging official's alone to withdraw (docs/tenant-consent.md).
    [
      'notYours',
      { ...pending, logby: 'sup.c', awaitingConsent: true },
      { type: 'application.delete', actor: moderator },
    ],
    ['alreadyActedOn', { ...pending, officialActed: true }, { type: 'application.delete', actor: landlord }],
    ['notPermitted', pending, { type: 'application.recommendApproval', actor: localityOfficer }],
  ] as const)('%s', (refusal, application, event) => {
    expect(applyEvent(application, event)).toEqual({
      ok: false,
      reason: 'not-allowed',
      message: REFUSALS[refusal],
    });
  });

  it('explains a bad body before judging the actor', () => {
    const others = {
      type: 'application.recommendRejection',
      actor: moderator,
      reason: 'Others',
      remarks: 'x',
    };
    expect(applyEvent(pending, others)).toMatchObject({
      reason: 'invalid-payload',
      message: 'Please type the reason for rejection.',
    });
    expect(applyEvent(pending, { type: 'application.approveEverything', actor: moderator })).toMatchObject({
      reason: 'invalid-payload',
      message: 'Unknown action.',
    });
    const longRemarks = {
      type: 'application.requestRectification',
      actor: moderator,
      remarks: 'x'.repeat(501),
    };
    expect(applyEvent(pending, longRemarks)).toMatchObject({
      message: 'Remarks must be at most 500 characters.',
    });
  });
});

describe('applyEvent: what the server stores', () => {
  it('a rejection recommendation forwards with the spec remark and keeps the typed remarks apart', () => {
    const outcome = applyEvent(pending, {
      type: 'application.recommendRejection',
      actor: moderator,
      reason: 'Others',
      otherReason: '  Rent deed is forged ',
      remarks: '  Landlord could not produce the original. ',
    });
    expect(outcome).toEqual({
      ok: true,
      step: 'recommendedRejection',
      nextStatus: 'LAVP',
      remark: '(Recommended for rejection: Rent deed is forged)',
      flowText: 'Application forwarded to Locality by Sub-Locality/Wards',
      comments: 'Landlord could not produce the original.',
      deleted: false,
      cancelled: false,
      certified: false,
      officialActed: true,
      holder: 'locality',
    });
  });

  it('a decline quotes the reason; a landlord withdrawal keeps the status and sets the deleted flag', () => {
    const forwarded = { ...pending, status: 'LAVP', officialActed: true };
    const decline = {
      type: 'application.decline',
      actor: localityOfficer,
      reason: 'Criminal Issues',
      remarks: ' ',
    };
    expect(applyEvent(forwarded, decline)).toMatchObject({
      nextStatus: 'RJT',
      remark: '(Rejected by Locality/Cantonment: Criminal Issues)',
      comments: null,
      holder: null,
    });
    expect(applyEvent(pending, { type: 'application.delete', actor: landlord })).toMatchObject({
      ok: true,
      nextStatus: 'LARP',
      deleted: true,
      cancelled: false,
      flowText: 'Application deleted',
    });
  });
});

describe('status words', () => {
  it('labels lists per viewer and reads the tracker', () => {
    expect(statusListLabel('LAVP', 'MODERATOR')).toBe('Pending at Locality/Cantonment level');
    expect(statusListLabel('LAVP', 'SUPERMODERATOR')).toBe('Pending');
    expect(statusListLabel('PLVP')).toBe('APPROVED');
    expect(statusListLabel('RJT')).toBe('REJECTED');
    expect(trackerView('LAVP')).toEqual({
      message: 'Application is pending at Local Authority.',
      colour: 'amber',
    });
    expect(trackerView('PLVP').colour).toBe('green');
    expect(trackerView('XYZ')).toEqual({ message: 'Application has been rejected.', colour: 'red' });
  });

  it('picks the status of each list page by role', () => {
    expect(listStatusFor('pending', 'MODERATOR')).toBe('LARP');
    expect(listStatusFor('pending', 'VERIFIER')).toBe('LAVP');
    expect(listStatusFor('forwarded', 'SUPERMODERATOR')).toBe('LAVP');
    expect(listStatusFor('forwarded', 'VERIFIER')).toBe('PLVP');
    expect(listStatusFor('shiftedTenants', 'USER')).toBe('APARV');
  });
});
