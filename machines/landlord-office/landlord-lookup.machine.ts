import { assign, fromPromise, setup } from 'xstate';
import { SERVER_FALLBACK_MESSAGE, messageOr, statusOf } from '../access/failures';
import { isValidEpic, normalizeEpic } from '../access/identity-rules';

/**
 * The officials' Landlords screen (/app/landlord/tenants, docs/staff-registration.md): the official types the
 * EPIC of the election card in front of it; a registered landlord inside its reach opens on the landlord page, an
 * unknown EPIC opens a fresh registration (no OTP: the card was seen in person), a landlord outside the
 * jurisdiction shows the server's refusal. 'Find another landlord' starts again from any state.
 */

/**
 * A landlord the lookup found or the counter registered: the machine needs its id only; the page's own record
 * (the form's values, a held change of its channel) rides along as the type parameter `L`.
 */
export interface LookedUpLandlord {
  landlordId: string;
}

export type LandlordLookupResult<L extends LookedUpLandlord = LookedUpLandlord> =
  { kind: 'found'; landlord: L } | { kind: 'fresh' };

export type LandlordLookupEvent<L extends LookedUpLandlord = LookedUpLandlord> =
  | { type: 'epic.change'; value: string }
  | { type: 'epic.submit' }
  | { type: 'landlord.registered'; landlord: L }
  | { type: 'lookup.retry' }
  | { type: 'lookup.reset' };

export interface LandlordLookupContext<L extends LookedUpLandlord = LookedUpLandlord> {
  epic: string;
  landlord: L | null;
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

function initialContext<L extends LookedUpLandlord>(): LandlordLookupContext<L> {
  return {
    epic: '',
    landlord: null,
    message: null,
    outsideLandlordId: null,
    outsideLandlordName: null,
    openTab: 'details',
  };
}

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

/**
 * The lookup for a landlord record of type `L` (the web's record with its form values); the registry draws and
 * tests `landlordLookupMachine`, the same machine over the id alone.
 */
export function createLandlordLookupMachine<L extends LookedUpLandlord>() {
  return setup({
    types: {
      context: {} as LandlordLookupContext<L>,
      events: {} as LandlordLookupEvent<L>,
    },
    actors: {
      // The browser wiring, stories and tests provide the real one (landlord-lookup.wiring.ts).
      findLandlord: fromPromise<LandlordLookupResult<L>, { epic: string }>(() =>
        Promise.reject(new Error('findLandlord is not provided: use landlordLookupMachine.provide()')),
      ),
    },
    guards: {
      epicValid: ({ context }) => isValidEpic(context.epic),
      // The lookup found a landlord in reach (else the EPIC is free: a fresh registration).
      landlordFound: ({ event }) =>
        'output' in event && (event.output as LandlordLookupResult<L> | undefined)?.kind === 'found',
      // Outside reach (the wiring names the landlord), or any other refusal of the server (403).
      refused: ({ event }) =>
        'error' in event && (outsideLandlordIdOf(event.error) !== null || statusOf(event.error) === 403),
    },
  }).createMachine({
    id: 'landlordLookup',
    context: initialContext<L>(),
    initial: 'enteringEpic',
    on: {
      'lookup.reset': { target: '.enteringEpic', actions: assign(() => initialContext<L>()) },
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
          id: 'findLandlord',
          src: 'findLandlord',
          input: ({ context }) => ({ epic: context.epic }),
          onDone: [
            {
              guard: 'landlordFound',
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
}

export const landlordLookupMachine = createLandlordLookupMachine<LookedUpLandlord>();
export type LandlordLookupMachine<L extends LookedUpLandlord = LookedUpLandlord> = ReturnType<
  typeof createLandlordLookupMachine<L>
>;
