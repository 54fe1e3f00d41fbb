import { assign, fromPromise, setup } from 'xstate';
import { SERVER_FALLBACK_MESSAGE, messageOr, statusOf } from '../../../../../machines/access/failures';
import { isValidEpic, normalizeEpic } from '../../../../../machines/access/identity-rules';
import type { PendingChannelChange } from '../../../../contract/channel-changes.contract';
import type { LandlordFormValues } from '../landlord-form';

/**
 * The officials' Landlords screen (/app/landlord/tenants, docs/staff-registration.md): the official types the
 * EPIC of the election card in front of it; a registered landlord inside its reach opens on the landlord page, an
 * unknown EPIC opens a fresh registration (no OTP: the card was seen in person), a landlord outside the
 * jurisdiction shows the server's refusal. 'Find another landlord' starts again from any state.
 */

/** A landlord the official may edit: its id, the Basic Details form's values and a held change of its channel. */
export interface OfficeLandlord {
  landlordId: string;
  values: LandlordFormValues;
  /** The change of its mobile or email an official asked for, waiting (docs/otp-channel-changes.md). */
  pendingChannelChange?: PendingChannelChange | null;
}

export type LandlordLookupResult = { kind: 'found'; landlord: OfficeLandlord } | { kind: 'fresh' };

export type LandlordLookupEvent =
  | { type: 'epic.change'; value: string }
  | { type: 'epic.submit' }
  | { type: 'landlord.registered'; landlord: OfficeLandlord }
  | { type: 'lookup.retry' }
  | { type: 'lookup.reset' };

export interface LandlordLookupContext {
  epic: string;
  landlord: OfficeLandlord | null;
  /** The refusal or failure shown in `refused` and `failed`. */
  message: string | null;
  /**
   * In `refused`: the id of the registered landlord outside the official's reach, when the lookup found one. The
   * official may still add that landlord's house in its own ward (docs/landlords-api.md "Adding a unit").
   */
  outsideLandlordId: string | null;
  /** With `outsideLandlordId`: the landlord's full name, as the EPIC lookup gave it. */
  outsideLandlordName: string | null;
  /** Which tab the landlord page opens on: Rental Units right after a fresh registration. */
  openTab: 'details' | 'rentalUnits';
}

export const FRESH_REGISTRATION_MESSAGE = (epic: string) =>
  `Welcome! This will be a fresh registration for landlord with EPIC Number ${epic}`;

const initialContext: LandlordLookupContext = {
  epic: '',
  landlord: null,
  message: null,
  outsideLandlordId: null,
  outsideLandlordName: null,
  openTab: 'details',
};

/** The lookup's refusal of a landlord outside the official's reach: the words, and the landlord it found. */
export interface OutsideReachRefusal {
  message: string;
  landlordId: string;
  landlordName: string;
}

/** A refusal of the lookup may name the landlord it found (the wiring's OutsideReachRefusal). */
const outsideLandlordIdOf = (error: unknown): string | null => {
  const id = (error as { landlordId?: unknown } | null)?.landlordId;
  return typeof id === 'string' ? id : null;
};
const outsideLandlordNameOf = (error: unknown): string | null => {
  const name = (error as { landlordName?: unknown } | null)?.landlordName;
  return typeof name === 'string' ? name : null;
};

export const landlordLookupMachine = setup({
  types: {
    context: {} as LandlordLookupContext,
    events: {} as LandlordLookupEvent,
  },
  actors: {
    // The browser wiring, stories and tests provide the real one (landlord-lookup.wiring.ts).
    findLandlord: fromPromise<LandlordLookupResult, { epic: string }>(() =>
      Promise.reject(new Error('findLandlord is not provided: use landlordLookupMachine.provide()')),
    ),
  },
  guards: {
    epicValid: ({ context }) => isValidEpic(context.epic),
    // Outside reach (the wiring names the landlord), or any other refusal of the server (403).
    refused: ({ event }) =>
      'error' in event && (outsideLandlordIdOf(event.error) !== null || statusOf(event.error) === 403),
  },
}).createMachine({
  id: 'landlordLookup',
  context: initialContext,
  initial: 'enteringEpic',
  on: {
    'lookup.reset': { target: '.enteringEpic', actions: assign(() => initialContext) },
  },
  states: {
    // The official types the EPIC (upper-cased, at most 10); Enter or Find submits a well-formed one.
    enteringEpic: {
      on: {
        'epic.change': { actions: assign({ epic: ({ event }) => normalizeEpic(event.value) }) },
        'epic.submit': { guard: 'epicValid', target: 'lookingUp' },
      },
    },
    // Asking the server for the landlord and whether it is within the official's reach.
    lookingUp: {
      invoke: {
        src: 'findLandlord',
        input: ({ context }) => ({ epic: context.epic }),
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'found',
            target: 'landlordFound',
            actions: assign({
              landlord: ({ event }) => (event.output.kind === 'found' ? event.output.landlord : null),
              openTab: 'details',
            }),
          },
          { target: 'registering' },
        ],
        onError: [
          {
            guard: 'refused',
            target: 'refused',
            actions: assign({
              message: ({ event }) => messageOr(event.error, SERVER_FALLBACK_MESSAGE),
              outsideLandlordId: ({ event }) => outsideLandlordIdOf(event.error),
              outsideLandlordName: ({ event }) => outsideLandlordNameOf(event.error),
            }),
          },
          {
            target: 'failed',
            actions: assign({ message: ({ event }) => messageOr(event.error, SERVER_FALLBACK_MESSAGE) }),
          },
        ],
      },
    },
    // No landlord has this EPIC: Basic Details only, until the first save creates it.
    registering: {
      on: {
        'landlord.registered': {
          target: 'landlordFound',
          actions: assign({ landlord: ({ event }) => event.landlord, openTab: 'rentalUnits' }),
        },
      },
    },
    // The landlord page for staff: Basic Details and Rental Units, changed through register/ calls.
    landlordFound: {},
    // The landlord is outside the official's reach (or the server refused): the message. A unit the official adds in its own
    // ward gives reach over that unit alone (docs/reach.md), so the page says so and does not look it up again.
    refused: {
      on: {
        'lookup.retry': {
          target: 'lookingUp',
          actions: assign({ outsideLandlordId: null, outsideLandlordName: null }),
        },
      },
    },
    // No answer, or an unexpected one: the message, and a second try.
    failed: {
      on: { 'lookup.retry': { target: 'lookingUp' } },
    },
  },
});
