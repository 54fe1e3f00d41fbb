import { and, assign, or, setup } from 'xstate';
import { isWithinJurisdiction, jurisdictionLevelOf, type JurisdictionLevel } from './jurisdiction';
import {
  declinePayloadSchema,
  recommendRejectionPayloadSchema,
  rectificationPayloadSchema,
  type LifecycleActor,
  type LifecycleEvent,
  type StaffRole,
} from './lifecycle.events';
import { reasonText } from './rejection-reasons';
import { FLOW_TEXTS, remarkFor, type FlowStep, type StatusCode } from './statuses';

/** The application facts the rules need; the rest of the application (tenant, documents) never decides a step. */
export interface LifecycleInput {
  wardCode: string;
  /** Username of the official who logged the application, or 'landlord:<id>' when the landlord did. */
  logby: string;
  landlordId: string;
  officialActed?: boolean;
  /**
   * Not applied yet and the tenant has not given its code (docs/tenant-consent.md): a draft that reaches nothing,
   * which the official who logged it may withdraw.
   */
  awaitingConsent?: boolean;
}

/** What the last step wrote: the application's remarks, the flow-timeline text and the official's own words. */
export interface LifecycleStepRecord {
  step: FlowStep;
  remark: string;
  flowText: string;
  comments: string | null;
}

export interface LifecycleContext {
  wardCode: string;
  logby: string;
  landlordId: string;
  /** Set by the first official step; from then on the landlord can no longer withdraw the application. */
  officialActed: boolean;
  /** An incomplete application whose tenant has not consented yet (a fact of the row, not of a step). */
  awaitingConsent: boolean;
  /** A soft delete keeps the stored status: this is it, once the application is deleted or cancelled. */
  statusWhenClosed: StatusCode | null;
  lastStep: LifecycleStepRecord | null;
}

export type LifecycleTag = 'holder.ward' | 'holder.locality' | 'holder.police' | 'holder.applicant';

/** `status` names the stored code of a state; `closed` marks the soft-deleted end states. */
export interface LifecycleStateMeta {
  status?: StatusCode;
  closed?: 'deleted' | 'cancelled';
}

/** The jurisdiction level a role's usercode must name to act on a case (a verifier may be district or state wide). */
const OFFICIAL_LEVELS = {
  MODERATOR: ['ward'],
  SUPERMODERATOR: ['locality'],
  VERIFIER: ['district', 'state'],
} as const satisfies Partial<Record<StaffRole, readonly JurisdictionLevel[]>>;

/** Roles that may log an application themselves and so answer a rectification request for it. */
const APPLICANT_ROLES: readonly StaffRole[] = ['USER', 'MODERATOR', 'SUPERMODERATOR', 'VERIFIER'];

/**
 * The roles each actor guard lets through. The guards below read their role from here and the machine's root
 * `meta.guardRoles` carries it, so the workflow diagrams label each arrow with the role it needs from the
 * definition itself (machines/graph), never from a hand-kept copy.
 */
export const LIFECYCLE_GUARD_ROLES = {
  isWardModerator: ['MODERATOR'],
  isLocalityOfficer: ['SUPERMODERATOR'],
  isDistrictVerifier: ['VERIFIER'],
  isOwningLandlord: ['LANDLORD'],
  isStaffApplicant: APPLICANT_ROLES,
} as const satisfies Record<string, readonly (StaffRole | 'LANDLORD')[]>;

/** The sender of an event; a malformed event (no actor) is simply refused, never an exception inside `can`. */
function actorOf(event: LifecycleEvent): LifecycleActor | null {
  const actor = (event as Partial<LifecycleEvent>).actor;
  return actor && typeof actor === 'object' ? actor : null;
}

function isOfficialOf(event: LifecycleEvent, role: keyof typeof OFFICIAL_LEVELS, wardCode: string): boolean {
  const actor = actorOf(event);
  if (actor?.kind !== 'staff' || actor.role !== role || typeof actor.usercode !== 'string') return false;
  const level = jurisdictionLevelOf(actor.usercode);
  const levels: readonly JurisdictionLevel[] = OFFICIAL_LEVELS[role];
  return level !== null && levels.includes(level) && isWithinJurisdiction(actor.usercode, wardCode);
}

/** The reason or typed remarks that a step's remark quotes, and the official's free-text remarks. */
function stepDetail(event: LifecycleEvent): { detail: string; comments: string | null } {
  switch (event.type) {
    case 'application.recommendRejection': {
      const payload = recommendRejectionPayloadSchema.parse(event);
      return { detail: reasonText(payload), comments: payload.remarks };
    }
    case 'application.decline': {
      const payload = declinePayloadSchema.parse(event);
      return { detail: reasonText(payload), comments: payload.remarks ?? null };
    }
    case 'application.requestRectification':
      return { detail: rectificationPayloadSchema.parse(event).remarks, comments: null };
    default:
      return { detail: '', comments: null };
  }
}

const step = (name: FlowStep) => ({ type: 'recordStep', params: { step: name } }) as const;
const closeAt = (status: StatusCode) => ({ type: 'rememberClosingStatus', params: { status } }) as const;

export const lifecycleMachine = setup({
  types: {
    context: {} as LifecycleContext,
    events: {} as LifecycleEvent,
    input: {} as LifecycleInput,
    tags: {} as LifecycleTag,
    meta: {},
  },
  guards: {
    isWardModerator: ({ context, event }) =>
      isOfficialOf(event, LIFECYCLE_GUARD_ROLES.isWardModerator[0], context.wardCode),
    isLocalityOfficer: ({ context, event }) =>
      isOfficialOf(event, LIFECYCLE_GUARD_ROLES.isLocalityOfficer[0], context.wardCode),
    isDistrictVerifier: ({ context, event }) =>
      isOfficialOf(event, LIFECYCLE_GUARD_ROLES.isDistrictVerifier[0], context.wardCode),
    loggedByThisOfficial: ({ context, event }) => {
      const actor = actorOf(event);
      return actor?.kind === 'staff' && actor.username === context.logby;
    },
    isOwningLandlord: ({ context, event }) => {
      const actor = actorOf(event);
      return actor?.kind === 'landlord' && actor.landlordId === context.landlordId;
    },
    isStaffApplicant: ({ context, event }) => {
      const actor = actorOf(event);
      return (
        actor?.kind === 'staff' &&
        actor.username === context.logby &&
        LIFECYCLE_GUARD_ROLES.isStaffApplicant.includes(actor.role)
      );
    },
    noOfficialHasActed: ({ context }) => !context.officialActed,
    awaitsTenantConsent: ({ context }) => context.awaitingConsent,
    hasRejectionRecommendation: ({ event }) => recommendRejectionPayloadSchema.safeParse(event).success,
    hasDeclineReason: ({ event }) => declinePayloadSchema.safeParse(event).success,
    hasRectificationRemarks: ({ event }) => rectificationPayloadSchema.safeParse(event).success,
  },
  actions: {
    recordStep: assign(({ event }, params: { step: FlowStep }) => {
      const { detail, comments } = stepDetail(event);
      return {
        lastStep: {
          step: params.step,
          remark: remarkFor(params.step, detail),
          flowText: FLOW_TEXTS[params.step],
          comments,
        },
      };
    }),
    markOfficialActed: assign({ officialActed: true }),
    rememberClosingStatus: assign((_, params: { status: StatusCode }) => ({
      statusWhenClosed: params.status,
    })),
  },
}).createMachine({
  id: 'applicationLifecycle',
  meta: { guardRoles: LIFECYCLE_GUARD_ROLES },
  context: ({ input }) => ({
    wardCode: input.wardCode,
    logby: input.logby,
    landlordId: input.landlordId,
    officialActed: input.officialActed ?? false,
    awaitingConsent: input.awaitingConsent ?? false,
    statusWhenClosed: null,
    lastStep: null,
  }),
  initial: 'pendingAtWard',
  states: {
    // Submitted: the sub-locality/ward officer checks the tenant and the documents first.
    pendingAtWard: {
      meta: { status: 'LARP' },
      tags: ['holder.ward'],
      on: {
        'application.recommendApproval': {
          guard: 'isWardModerator',
          target: 'pendingAtLocality',
          actions: ['markOfficialActed', step('recommendedApproval')],
        },
        'application.recommendRejection': {
          guard: and(['isWardModerator', 'hasRejectionRecommendation']),
          target: 'pendingAtLocality',
          actions: ['markOfficialActed', step('recommendedRejection')],
        },
        'application.requestRectification': {
          guard: and(['isWardModerator', 'hasRectificationRemarks']),
          target: 'returnedForRectification',
          actions: ['markOfficialActed', step('rectificationRequested')],
        },
        // One arrow, two who may take it, both until an official has acted: the landlord withdraws its own
        // application, and the official who logged a draft withdraws it while the tenant's consent is awaited (its
        // Reset). One transition, so the workflow diagram has one LARP delete arrow to count moves on.
        'application.delete': {
          guard: and([
            or(['isOwningLandlord', and(['isStaffApplicant', 'awaitsTenantConsent'])]),
            'noOfficialHasActed',
          ]),
          target: 'deleted',
          actions: [closeAt('LARP'), step('deleted')],
        },
        'tenant.vacate': {
          guard: or(['isOwningLandlord', 'isWardModerator', 'isLocalityOfficer']),
          target: 'cancelled',
          actions: [closeAt('LARP'), step('cancelled')],
        },
      },
    },
    // Forwarded with a recommendation: the locality (or the district's verifier) decides.
    pendingAtLocality: {
      meta: { status: 'LAVP' },
      tags: ['holder.locality'],
      on: {
        'application.accept': {
          guard: or(['isLocalityOfficer', 'isDistrictVerifier']),
          target: 'approved',
          actions: ['markOfficialActed', step('accepted')],
        },
        'application.decline': {
          guard: and([or(['isLocalityOfficer', 'isDistrictVerifier']), 'hasDeclineReason']),
          target: 'rejected',
          actions: ['markOfficialActed', step('declined')],
        },
        'application.requestRectification': {
          guard: and(['isLocalityOfficer', 'hasRectificationRemarks']),
          target: 'returnedForRectification',
          actions: ['markOfficialActed', step('rectificationRequested')],
        },
        // A moderator who logged the application itself may take it back while the locality holds it.
        'application.delete': {
          guard: and(['isWardModerator', 'loggedByThisOfficial']),
          target: 'deleted',
          actions: [closeAt('LAVP'), step('deleted')],
        },
        'tenant.vacate': {
          guard: or(['isOwningLandlord', 'isWardModerator', 'isLocalityOfficer']),
          target: 'cancelled',
          actions: [closeAt('LAVP'), step('cancelled')],
        },
      },
    },
    // Approved by the locality: the clearance stands and the police hold the record.
    approved: {
      meta: { status: 'PLVP' },
      initial: 'awaitingCertificate',
      on: {
        'tenant.vacate': {
          guard: or(['isOwningLandlord', 'isWardModerator', 'isLocalityOfficer']),
          target: 'tenantShifted',
          actions: [step('tenantShifted')],
        },
      },
      states: {
        // The locality still has to issue the clearance certificate (once).
        awaitingCertificate: {
          tags: ['holder.locality'],
          on: {
            'application.certify': {
              guard: 'isLocalityOfficer',
              target: 'certified',
              actions: ['markOfficialActed', step('certified')],
            },
          },
        },
        // Certificate issued: nothing is left for the portal's officials, the police station keeps the record.
        certified: { tags: ['holder.police'] },
      },
    },
    // Declined by the locality: the end of this application (a new one may be made).
    rejected: { meta: { status: 'RJT' }, type: 'final' },
    // Sent back to whoever applied, to correct and resubmit; it then starts again at the ward.
    returnedForRectification: {
      meta: { status: 'RECT' },
      tags: ['holder.applicant'],
      on: {
        'application.resubmit': {
          guard: or(['isOwningLandlord', 'isStaffApplicant']),
          target: 'pendingAtWard',
          actions: [step('resubmitted')],
        },
        'tenant.vacate': {
          guard: or(['isOwningLandlord', 'isWardModerator', 'isLocalityOfficer']),
          target: 'cancelled',
          actions: [closeAt('RECT'), step('cancelled')],
        },
      },
    },
    // The approved tenant has left the rental unit: kept for the Shifted Tenants list.
    tenantShifted: { meta: { status: 'APARV' }, type: 'final' },
    // Withdrawn before a decision: a soft delete that keeps the stored status.
    deleted: { meta: { closed: 'deleted' }, type: 'final' },
    // The unit was vacated before a decision, so the application has no object any more.
    cancelled: { meta: { closed: 'cancelled' }, type: 'final' },
  },
});

export type LifecycleMachine = typeof lifecycleMachine;
