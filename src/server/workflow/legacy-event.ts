import {
  OTHER_REASON,
  REJECTION_REASONS,
  remarkFor,
  STATUS_MEANINGS,
  type LifecycleEventType,
  type StatusCode,
} from '../../../machines/application';
import type { UpdateApplicationRequest } from '../../contract/applications.contract';
import { HttpError } from '../http/errors';

/** A lifecycle event without its actor: the type and the payload fields the lifecycle reads. */
export interface EventChoice {
  type: LifecycleEventType;
  payload: Record<string, string>;
}

/** Text inside one of the lifecycle's remark wrappers, e.g. '(Recommended for rejection: X)' gives 'X'. */
function unwrap(remarks: string, prefix: string): string | null {
  const match = new RegExp(`^\\(${prefix.replace(/[/()]/g, '\\$&')}:\\s*([\\s\\S]*)\\)$`).exec(remarks);
  return match ? match[1].trim() : null;
}

/** A listed reason stands as is; any other text is an 'Others' reason typed by the official. */
function reasonFields(text: string): Record<string, string> {
  if (!text) return {};
  const listed = (REJECTION_REASONS as readonly string[]).includes(text) && text !== OTHER_REASON;
  return listed ? { reason: text } : { reason: OTHER_REASON, otherReason: text };
}

function withoutBlanks(payload: Record<string, string | null | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * The event the legacy client means by asking to move an application from `current` to `target` with these
 * remarks (backoffice.md section 4): LARP -> LAVP with '(May be Accepted)' recommends approval, with
 * '(Recommended for rejection: X)' recommends rejection; LAVP -> PLVP accepts, LAVP -> RJT declines ...
 * A target equal to the current status names no step and is refused (409); certification has no legacy form.
 */
export function legacyEventFor(
  applid: number,
  current: StatusCode,
  target: StatusCode,
  rawRemarks: string | null | undefined,
): EventChoice {
  const remarks = (rawRemarks ?? '').trim();
  const move = `${current}->${target}`;
  switch (move) {
    case 'LARP->LAVP': {
      if (remarks === remarkFor('recommendedApproval'))
        return { type: 'application.recommendApproval', payload: {} };
      const text = unwrap(remarks, 'Recommended for rejection');
      if (text !== null)
        return { type: 'application.recommendRejection', payload: { ...reasonFields(text), remarks: text } };
      throw new HttpError(
        400,
        `To forward an application, the remarks must be '${remarkFor('recommendedApproval')}' or '(Recommended for rejection: <reason>)'.`,
      );
    }
    case 'LAVP->PLVP':
      return { type: 'application.accept', payload: {} };
    case 'LAVP->RJT': {
      const text = unwrap(remarks, 'Rejected by Locality/Cantonment') ?? remarks;
      return { type: 'application.decline', payload: reasonFields(text) };
    }
    case 'LARP->RECT':
    case 'LAVP->RECT':
      return {
        type: 'application.requestRectification',
        payload: { remarks: unwrap(remarks, 'Returned for rectification') ?? remarks },
      };
    case 'RECT->LARP':
      return { type: 'application.resubmit', payload: {} };
    case 'PLVP->APARV':
      return { type: 'tenant.vacate', payload: {} };
    default:
      throw new HttpError(
        409,
        current === target
          ? alreadyAtStatus(applid, current)
          : `Application ${applid} is at status ${current} (${STATUS_MEANINGS[current]}): it cannot be moved to ${target}.`,
      );
  }
}

/**
 * A body naming the status the application already has does not say what to do, so it is refused rather than
 * guessed. It used to mean 'certify' at PLVP: a second locality officer's accept (or a client retrying an accept
 * whose reply was lost) then certified the application nobody asked to certify. Certification is asked for by
 * name only.
 */
function alreadyAtStatus(applid: number, current: StatusCode): string {
  const hint =
    current === 'PLVP'
      ? " To issue the clearance certificate, name the action: event 'application.certify'."
      : ' Name the action to take in the event field.';
  return `Application ${applid} is already at status ${current} (${STATUS_MEANINGS[current]}): nothing was changed.${hint}`;
}

/** The payload of an event our web client names: only the fields that event reads, blank ones left out. */
export function namedEventFor(body: UpdateApplicationRequest & { event: LifecycleEventType }): EventChoice {
  const { event: type } = body;
  const remarks = body.remarks ?? undefined;
  switch (type) {
    case 'application.recommendRejection':
    case 'application.decline':
      return {
        type,
        payload: withoutBlanks({ reason: body.reason, otherReason: body.otherReason, remarks }),
      };
    case 'application.requestRectification':
      return { type, payload: withoutBlanks({ remarks }) };
    default:
      return { type, payload: {} };
  }
}
