import { assign, fromPromise, setup } from 'xstate';
import { messageOr, SERVER_FALLBACK_MESSAGE, type Notice } from '../access/failures';
import { CONSENT_CODE_LENGTH } from './anonymous-clearance.types';
import { notProvided as notProvidedBy } from '../not-provided';

// The landlord's consent to a rental unit an official added for a landlord it does not reach (docs/reach.md "The
// landlord's consent to a rental unit"): the official enters the code sent to the landlord's own channel, or has
// another one sent. Until the code is confirmed, the unit carries no application.

export interface UnitConsentInput {
  rentcode: string;
  /** Where the landlord's code went, masked; null when not known (the list's Confirm landlord, no channel). */
  sentTo: string | null;
}

export interface UnitConsentContext extends UnitConsentInput {
  code: string;
  notice: Notice | null;
  /** When the landlord's consent was confirmed (ISO), once it was. */
  consentedAt: string | null;
}

export type UnitConsentEvent =
  { type: 'consent.change'; value: string } | { type: 'consent.confirm' } | { type: 'consent.resend' };

export const UNIT_CONSENT_TEXTS = {
  resent: 'A new code was sent to the landlord. The earlier code no longer works.',
  unknownDestination:
    "Ask the landlord for the latest code sent to the landlord's email or mobile, or press Resend code to send a new one. The landlord gives it only if they own this rental unit.",
} as const;

/** The server's own words for a failed call. */
const failed = (error: unknown): Notice => ({
  kind: 'error',
  code: 'unitConsent.serverFailed',
  text: messageOr(error, SERVER_FALLBACK_MESSAGE),
});

const notProvided = notProvidedBy('unitConsentMachine');

export const unitConsentMachine = setup({
  types: {
    context: {} as UnitConsentContext,
    events: {} as UnitConsentEvent,
    input: {} as UnitConsentInput,
  },
  actors: {
    /** POST register/rentalUnit/landlordConsent (the browser seals the code). */
    confirmCode: fromPromise<{ landlordConsentedAt: string }, { rentcode: string; code: string }>(
      notProvided('confirmCode'),
    ),
    /** POST register/rentalUnit/landlordConsent/resend. */
    resendCode: fromPromise<{ consentCodeSentTo: string }, { rentcode: string }>(notProvided('resendCode')),
  },
  guards: {
    codeComplete: ({ context }) => new RegExp(`^[0-9]{${CONSENT_CODE_LENGTH}}$`).test(context.code),
  },
}).createMachine({
  id: 'unitConsent',
  context: ({ input }) => ({ ...input, code: '', notice: null, consentedAt: null }),
  initial: 'awaitingCode',
  states: {
    // The official asks the landlord for the code sent to the landlord's own email or mobile.
    awaitingCode: {
      on: {
        'consent.change': {
          actions: assign({
            code: ({ event }) => event.value.replace(/\D/g, '').slice(0, CONSENT_CODE_LENGTH),
          }),
        },
        'consent.confirm': { guard: 'codeComplete', target: 'confirming' },
        'consent.resend': 'resending',
      },
    },
    // The code is being checked; a refusal (wrong, ended, replaced) comes back as the server's words.
    confirming: {
      invoke: {
        id: 'confirmCode',
        src: 'confirmCode',
        input: ({ context }) => ({ rentcode: context.rentcode, code: context.code }),
        onDone: {
          target: 'confirmed',
          actions: assign({ consentedAt: ({ event }) => event.output.landlordConsentedAt, notice: null }),
        },
        onError: {
          target: 'awaitingCode',
          actions: assign({ code: '', notice: ({ event }) => failed(event.error) }),
        },
      },
    },
    // A new code is being sent (the earlier one ends); too many in 15 minutes is the server's 429.
    resending: {
      invoke: {
        id: 'resendCode',
        src: 'resendCode',
        input: ({ context }) => ({ rentcode: context.rentcode }),
        onDone: {
          target: 'awaitingCode',
          actions: assign({
            code: '',
            sentTo: ({ event }) => event.output.consentCodeSentTo,
            notice: {
              kind: 'success',
              code: 'unitConsent.resent',
              text: UNIT_CONSENT_TEXTS.resent,
            } satisfies Notice,
          }),
        },
        onError: { target: 'awaitingCode', actions: assign({ notice: ({ event }) => failed(event.error) }) },
      },
    },
    // The landlord confirmed the unit: it now carries applications.
    confirmed: { type: 'final' },
  },
});

/** Where the landlord's code went, as the step says it. */
export function unitConsentDestinationText(context: Pick<UnitConsentContext, 'sentTo'>): string {
  return context.sentTo
    ? `A code was sent to the landlord's ${context.sentTo}. Ask the landlord for it: the landlord gives it only if they own this rental unit.`
    : UNIT_CONSENT_TEXTS.unknownDestination;
}
