import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import {
  allowedEvents,
  applyEvent,
  isWithinJurisdiction,
  LIFECYCLE_EVENT_TYPES,
  lifecycleMachine,
  rectificationPayloadSchema,
  recommendRejectionPayloadSchema,
  REJECTION_REASONS,
  STAFF_ROLES,
  STATUS_CODES,
  statusOf,
  type ApplicationFacts,
  type LifecycleActor,
  type LifecycleEvent,
  type LifecycleEventType,
} from '../../machines/application';

/*
 * Property tests. The oracle below is a second, deliberately plain reading of the rules in
 * docs/application-lifecycle.md (explicit codes, no jurisdiction helper). Random sequences of events by random
 * actors must move the machine, and the server's applyEvent, exactly where the oracle says, and nowhere else.
 */

const WARD = 'PS1701001LA01W01';
const LOCALITY = 'PS1701001LA01';
const LANDLORD = 'L1';
const RUNS = 1000;
/**
 * Fixed unless FUZZ_SEED is set, so a CI failure replays exactly and the coverage check below cannot fail by
 * chance (a random seed left 'certified' unreached about once in a few hundred runs); set it to explore.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

const usercodes = [
  WARD,
  'PS1701001LA01W02',
  LOCALITY,
  'PS1701001LA02',
  'PS1701001',
  'PS1701002',
  '1701',
  '1702',
  '17',
  '18',
  '',
  'PS1701001LA0',
  'PS1701001LA01W0',
];
const staffActor = fc.record({
  kind: fc.constant('staff' as const),
  role: fc.constantFrom(...STAFF_ROLES),
  username: fc.constantFrom('mod.a', 'user.b', 'sup.c'),
  usercode: fc.constantFrom(...usercodes),
});
const landlordActor = fc.record({
  kind: fc.constant('landlord' as const),
  landlordId: fc.constantFrom(LANDLORD, 'L2'),
});
/**
 * Rightful actors first, then near misses (next ward, other locality, wrong role, other landlord). Rightful actors
 * come up often in random events, so runs get deep into the workflow instead of being refused at once.
 */
const POOL_ACTORS: LifecycleActor[] = [
  { kind: 'staff', role: 'MODERATOR', username: 'mod.a', usercode: WARD },
  { kind: 'staff', role: 'SUPERMODERATOR', username: 'sup.c', usercode: LOCALITY },
  { kind: 'staff', role: 'VERIFIER', username: 'sup.c', usercode: '17' },
  { kind: 'staff', role: 'USER', username: 'user.b', usercode: 'PS1702001LA01W01' },
  { kind: 'landlord', landlordId: LANDLORD },
  { kind: 'staff', role: 'MODERATOR', username: 'mod.a', usercode: 'PS1701001LA01W02' },
  { kind: 'staff', role: 'SUPERMODERATOR', username: 'mod.a', usercode: 'PS1701001LA02' },
  { kind: 'staff', role: 'VERIFIER', username: 'user.b', usercode: '1701' },
  { kind: 'staff', role: 'POLICE', username: 'user.b', usercode: 'PS1701001' },
  { kind: 'landlord', landlordId: 'L2' },
];
const rightfulActor = fc.constantFrom(...POOL_ACTORS.slice(0, 5));
const anyActor: fc.Arbitrary<LifecycleActor> = fc.oneof(staffActor, landlordActor, rightfulActor);

const remarksText = fc.oneof(
  { arbitrary: fc.constantFrom('', '   ', '\n\t', 'x'.repeat(500), 'x'.repeat(501)), weight: 1 },
  { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
  { arbitrary: fc.constant('Photo is blurred'), weight: 2 },
);
const anyEvent = fc.record(
  {
    type: fc.constantFrom(...LIFECYCLE_EVENT_TYPES),
    actor: anyActor,
    reason: fc.constantFrom<string>(...REJECTION_REASONS, 'Bribery'),
    otherReason: fc.constantFrom('', '  ', 'Tenant absconded'),
    remarks: remarksText,
  },
  { requiredKeys: ['type', 'actor'] },
) as fc.Arbitrary<LifecycleEvent>;

/** A "guided" step picks a pool event the oracle allows, so runs go deep; a "near" step picks any, to probe refusals. */
const POOL: LifecycleEvent[] = LIFECYCLE_EVENT_TYPES.flatMap((type) =>
  POOL_ACTORS.map((actor) => ({
    type,
    actor,
    reason: 'Others',
    otherReason: 'Forged rent deed',
    remarks: 'Checked',
  })),
);
type Step = { guided: number } | { near: number } | { event: LifecycleEvent };
const anyStep: fc.Arbitrary<Step> = fc.oneof(
  anyEvent.map((event) => ({ event })),
  fc.nat().map((guided) => ({ guided })),
  fc.nat().map((near) => ({ near })),
);

type Leaf =
  | 'ward'
  | 'locality'
  | 'awaitingCertificate'
  | 'certified'
  | 'RJT'
  | 'RECT'
  | 'APARV'
  | 'deleted'
  | 'cancelled';
const LEAF_STATUS: Record<Leaf, string | null> = {
  ward: 'LARP',
  locality: 'LAVP',
  awaitingCertificate: 'PLVP',
  certified: 'PLVP',
  RJT: 'RJT',
  RECT: 'RECT',
  APARV: 'APARV',
  deleted: null,
  cancelled: null,
};
interface OracleState {
  leaf: Leaf;
  officialActed: boolean;
  logby: string;
  /** A draft whose tenant has not consented (a fact of the row, which no step changes here). */
  awaitingConsent?: boolean;
}

/** The rules, written out plainly. Returns the next leaf, or null when the event must be refused. */
function oracle(
  state: OracleState,
  e: LifecycleEvent & { reason?: string; otherReason?: string; remarks?: string },
): Leaf | null {
  const a = e.actor;
  const staff = (role: string) => a.kind === 'staff' && a.role === role;
  const wardModerator = staff('MODERATOR') && a.kind === 'staff' && a.usercode === WARD;
  const localityOfficer = staff('SUPERMODERATOR') && a.kind === 'staff' && a.usercode === LOCALITY;
  const verifier = staff('VERIFIER') && a.kind === 'staff' && (a.usercode === '1701' || a.usercode === '17');
  const owner = a.kind === 'landlord' && a.landlordId === LANDLORD;
  const staffApplicant =
    a.kind === 'staff' &&
    a.username === state.logby &&
    ['USER', 'MODERATOR', 'SUPERMODERATOR', 'VERIFIER'].includes(a.role);
  const remarksOk =
    typeof e.remarks === 'string' && e.remarks.trim().length > 0 && e.remarks.trim().length <= 500;
  const optionalRemarksOk = e.remarks === undefined || e.remarks.trim().length <= 500;
  const reasonOk =
    (REJECTION_REASONS as readonly string[]).includes(e.reason ?? '') &&
    (e.reason !== 'Others' || (e.otherReason ?? '').trim().length > 0);
  const mayVacate = owner || wardModerator || localityOfficer;
  const t = e.type;
  switch (state.leaf) {
    case 'ward':
      if (t === 'application.recommendApproval' && wardModerator) return 'locality';
      if (t === 'application.recommendRejection' && wardModerator && reasonOk && remarksOk) return 'locality';
      if (t === 'application.requestRectification' && wardModerator && remarksOk) return 'RECT';
      if (t === 'application.delete' && owner && !state.officialActed) return 'deleted';
      if (t === 'application.delete' && staffApplicant && !state.officialActed && state.awaitingConsent)
        return 'deleted';
      if (t === 'tenant.vacate' && mayVacate) return 'cancelled';
      return null;
    case 'locality':
      if (t === 'application.accept' && (localityOfficer || verifier)) return 'awaitingCertificate';
      if (t === 'application.decline' && (localityOfficer || verifier) && reasonOk && optionalRemarksOk)
        return 'RJT';
      if (t === 'application.requestRectification' && localityOfficer && remarksOk) return 'RECT';
      if (t === 'application.delete' && wardModerator && a.kind === 'staff' && a.username === state.logby)
        return 'deleted';
      if (t === 'tenant.vacate' && mayVacate) return 'cancelled';
      return null;
    case 'awaitingCertificate':
    case 'certified':
      if (t === 'application.certify' && localityOfficer && state.leaf === 'awaitingCertificate')
        return 'certified';
      if (t === 'tenant.vacate' && mayVacate) return 'APARV';
      return null;
    case 'RECT':
      if (t === 'application.resubmit' && (owner || staffApplicant)) return 'ward';
      if (t === 'tenant.vacate' && mayVacate) return 'cancelled';
      return null;
    default:
      return null;
  }
}

const OFFICIAL_EVENTS: LifecycleEventType[] = [
  'application.recommendApproval',
  'application.recommendRejection',
  'application.requestRectification',
  'application.accept',
  'application.decline',
  'application.certify',
];

function leafOf(value: unknown): Leaf {
  const map: Record<string, Leaf> = {
    pendingAtWard: 'ward',
    pendingAtLocality: 'locality',
    rejected: 'RJT',
    returnedForRectification: 'RECT',
    tenantShifted: 'APARV',
    deleted: 'deleted',
    cancelled: 'cancelled',
  };
  if (typeof value === 'string') return map[value];
  return (value as { approved: 'awaitingCertificate' | 'certified' }).approved;
}

describe('application lifecycle: properties', () => {
  it('moves exactly where the rules allow, for any events by any actors; machine and server agree', () => {
    const reached = new Set<Leaf>();
    fc.assert(
      fc.property(
        fc.constantFrom('landlord:L1', 'mod.a', 'user.b'),
        fc.boolean(),
        fc.array(anyStep, { maxLength: 25 }),
        (logby, awaitingConsent, steps) => {
          const input = { wardCode: WARD, logby, landlordId: LANDLORD, awaitingConsent };
          let [snapshot] = initialTransition(lifecycleMachine, input);
          let row: ApplicationFacts = {
            ...input,
            status: 'LARP',
            officialActed: false,
            certified: false,
            deleted: false,
          };
          const state: OracleState = { leaf: 'ward', officialActed: false, logby, awaitingConsent };
          for (const step of steps) {
            const allowed = POOL.filter((candidate) => oracle(state, candidate) !== null);
            if ('guided' in step && allowed.length === 0) continue;
            const event =
              'guided' in step
                ? allowed[step.guided % allowed.length]
                : 'near' in step
                  ? POOL[step.near % POOL.length]
                  : step.event;
            const expected = oracle(state, event);
            const outcome = applyEvent(row, event);
            const [next] = transition(lifecycleMachine, snapshot, event);
            expect(outcome.ok).toBe(expected !== null);
            if (expected === null) {
              expect(next.value).toEqual(snapshot.value);
              continue;
            }
            // Whoever moved the case was the owner, its applicant, or an official whose code covers the ward.
            const { actor } = event;
            expect(
              actor.kind === 'landlord'
                ? actor.landlordId === LANDLORD
                : isWithinJurisdiction(actor.usercode, WARD) || actor.username === logby,
            ).toBe(true);
            expect(leafOf(next.value)).toBe(expected);
            if (outcome.ok) {
              row = {
                ...row,
                status: outcome.nextStatus,
                certified: outcome.certified,
                deleted: outcome.deleted,
                cancelled: outcome.cancelled,
                officialActed: outcome.officialActed,
              };
            }
            expect(STATUS_CODES).toContain(row.status);
            expect(row.status).toBe(statusOf(next));
            if (LEAF_STATUS[expected]) expect(row.status).toBe(LEAF_STATUS[expected]);
            state.leaf = expected;
            reached.add(expected);
            state.officialActed ||= OFFICIAL_EVENTS.includes(event.type);
            snapshot = next;
          }
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    // The runs must have walked the whole workflow, or the property proves little.
    expect([...reached].sort()).toEqual(Object.keys(LEAF_STATUS).sort());
  });

  it('offers the browser exactly the actions the rules allow', () => {
    const reachable: Array<[Leaf, ApplicationFacts]> = [
      [
        'ward',
        { status: 'LARP', wardCode: WARD, logby: 'mod.a', landlordId: LANDLORD, officialActed: false },
      ],
      [
        'ward',
        { status: 'LARP', wardCode: WARD, logby: 'user.b', landlordId: LANDLORD, officialActed: true },
      ],
      [
        'locality',
        { status: 'LAVP', wardCode: WARD, logby: 'mod.a', landlordId: LANDLORD, officialActed: true },
      ],
      [
        'awaitingCertificate',
        { status: 'PLVP', wardCode: WARD, logby: 'mod.a', landlordId: LANDLORD, officialActed: true },
      ],
      [
        'certified',
        {
          status: 'PLVP',
          wardCode: WARD,
          logby: 'mod.a',
          landlordId: LANDLORD,
          officialActed: true,
          certified: true,
        },
      ],
      [
        'RECT',
        { status: 'RECT', wardCode: WARD, logby: 'user.b', landlordId: LANDLORD, officialActed: true },
      ],
      ['RJT', { status: 'RJT', wardCode: WARD, logby: 'mod.a', landlordId: LANDLORD, officialActed: true }],
      [
        'deleted',
        {
          status: 'LAVP',
          wardCode: WARD,
          logby: 'mod.a',
          landlordId: LANDLORD,
          officialActed: true,
          deleted: true,
        },
      ],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...reachable), anyActor, ([leaf, row], actor) => {
        const state = { leaf, officialActed: row.officialActed, logby: row.logby };
        const valid = { reason: 'Lack of Documents', remarks: 'Checked at the ward office' };
        const expected = LIFECYCLE_EVENT_TYPES.filter(
          (type) => oracle(state, { type, actor, ...valid } as LifecycleEvent) !== null,
        );
        expect(allowedEvents(row, actor)).toEqual(expected);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('refuses blank remarks wherever remarks are required', () => {
    const moderator = { kind: 'staff', role: 'MODERATOR', username: 'mod.a', usercode: WARD } as const;
    const row: ApplicationFacts = {
      status: 'LARP',
      wardCode: WARD,
      logby: 'mod.a',
      landlordId: LANDLORD,
      officialActed: false,
    };
    fc.assert(
      fc.property(fc.stringMatching(/^[ \t\n\r]*$/), (blank) => {
        expect(rectificationPayloadSchema.safeParse({ remarks: blank }).success).toBe(false);
        expect(
          recommendRejectionPayloadSchema.safeParse({ reason: 'Criminal Issues', remarks: blank }).success,
        ).toBe(false);
        for (const type of ['application.recommendRejection', 'application.requestRectification'] as const) {
          const outcome = applyEvent(row, {
            type,
            actor: moderator,
            reason: 'Criminal Issues',
            remarks: blank,
          });
          expect(outcome).toEqual({ ok: false, reason: 'invalid-payload', message: 'Remarks are required.' });
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
