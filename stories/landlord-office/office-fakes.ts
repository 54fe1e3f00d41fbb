import { updatedReply, type PendingChannelChange } from '../../src/contract/channel-changes.contract';
import {
  RENTAL_UNIT_MESSAGES,
  type OfficeRentalUnit,
  type RentalUnitsPage,
} from '../../src/contract/rental-units.contract';
import type { OfficeServices } from '../../src/web/features/landlord/office/office-services';
import {
  KNOWN_EPIC,
  fakeServices,
  sampleLandlord,
  unit,
  type FakeServicesOptions,
} from '../landlord/landlord-fakes';

/** Stand-ins for the officials' calls, so stories and jsdom tests show every state of both screens. */

export { KNOWN_EPIC, NEW_EPIC, sampleLandlord, unit } from '../landlord/landlord-fakes';
/** A landlord whose units all lie outside the official's jurisdiction: found by EPIC, withheld (missing by id). */
export const OUTSIDE_EPIC = 'OUT1234567';
/** An EPIC whose lookup never answers (the loading state). */
export const PENDING_EPIC = 'WAI1234567';
/** An EPIC whose lookup gets no answer at all (network down). */
export const OFFLINE_EPIC = 'NET1234567';
/** The landlord's consent code the fakes take (any other 6 digits are refused with one try taken). */
export const UNIT_CONSENT_CODE = '123456';
export const UNIT_CONSENT_SENT_TO = 'mobile ••••••1234';
export const UNIT_CONSENT_WRONG = 'This code is not right. 4 tries left.';
export const OUTSIDE_MESSAGE =
  'This landlord is outside your jurisdiction: its record stays with the office where the landlord registered or where it registered its own rental units.';

const forever = <T>() => new Promise<T>(() => {});
const refuse = (status: number | undefined, message?: string): Promise<never> =>
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
  Promise.reject({ status, message });

export const officeUnit = (n: number, vacant: boolean): OfficeRentalUnit => ({
  ...unit(n, vacant),
  rentcode: `RU${String(n).padStart(9, '0')}`,
  landlord: {
    id: sampleLandlord.id,
    epicNo: KNOWN_EPIC,
    firstName: sampleLandlord.firstName,
    middleName: null,
    lastName: sampleLandlord.lastName,
  },
});

export interface FakeOfficeOptions extends FakeServicesOptions {
  /** The list call: rows (two pages of units), empty, pending (loading) or failed (server message). */
  list?: 'rows' | 'empty' | 'pending' | 'failed';
  /** Receives every list query, for tests. */
  onList?(query: { page: number; q?: string }): void;
  /** The found landlord's record carries this held change of its mobile or email. */
  recordPendingChange?: PendingChannelChange;
  /** A save holds this change of the mobile or email (an official's change, docs/otp-channel-changes.md). */
  holdsChannelChange?: PendingChannelChange;
  /** The landlord's consent calls never answer (the confirming and resending states). */
  unitConsent?: 'answers' | 'pending';
}

const listPage = (pageNumber: number, content: OfficeRentalUnit[], total: number): RentalUnitsPage => {
  const totalPages = Math.ceil(total / 10);
  return {
    content,
    totalPages,
    totalElements: total,
    pageNumber,
    pageSize: 10,
    iscurrentPageFirst: pageNumber === 0,
    iscurrentPageLast: pageNumber >= totalPages - 1,
  };
};

/** The officials' calls over the landlord page's fakes, plus EPIC lookups and the paged list. */
export function fakeOfficeServices(options: FakeOfficeOptions = {}): OfficeServices {
  const base = fakeServices({ units: [unit(1, false), unit(2, true)], ...options });
  const { list = 'rows', onList, recordPendingChange = null, holdsChannelChange, unitConsent } = options;
  // Twelve units (the first page occupied and vacant by turns), so the list has two pages; the third awaits its
  // landlord's consent (an official added it for a landlord it does not reach).
  let rows = Array.from({ length: 12 }, (_, i) => ({
    ...officeUnit(i + 1, i % 3 !== 0),
    landlordConsent: i === 2 ? ('pending' as const) : ('given' as const),
  }));
  const consentCall = <T>(answer: () => Promise<T>): Promise<T> =>
    unitConsent === 'pending' ? forever() : answer();
  return {
    ...base,
    landlord: async (id) =>
      id === '77'
        ? refuse(404, 'Landlord ID does not exist.')
        : { ...(await base.landlord(id)), pendingChannelChange: recordPendingChange },
    updateLandlord: async (body) => {
      const reply = await base.updateLandlord(body);
      return updatedReply(reply.message, holdsChannelChange ?? null, 'citizen');
    },
    landlordByEpic: async (epic) => {
      if (epic === PENDING_EPIC) return forever();
      if (epic === OFFLINE_EPIC) return refuse(undefined);
      if (epic === KNOWN_EPIC) return sampleLandlord;
      if (epic === OUTSIDE_EPIC)
        return { ...sampleLandlord, id: 77, landlord_id: 77, epicNo: OUTSIDE_EPIC, recordWithheld: true };
      return refuse(404, 'No landlord is registered with this EPIC number.');
    },
    // A unit for the landlord outside reach (id 77) awaits the landlord's code (docs/reach.md).
    createRentalUnit: async (body) => {
      const reply = await base.createRentalUnit(body);
      if (body.landlordId !== 77) return reply;
      return {
        ...reply,
        message: RENTAL_UNIT_MESSAGES.savedAwaitingConsent,
        landlordReached: false,
        landlordConsent: 'pending' as const,
        consentCodeSentTo: UNIT_CONSENT_SENT_TO,
      };
    },
    confirmUnitConsent: (rentcode, code) =>
      consentCall(async () => {
        options.onCall?.('confirmUnitConsent', rentcode, code);
        if (code !== UNIT_CONSENT_CODE) return refuse(400, UNIT_CONSENT_WRONG);
        rows = rows.map((r) => (r.rentcode === rentcode ? { ...r, landlordConsent: 'given' as const } : r));
        return {
          message: RENTAL_UNIT_MESSAGES.landlordConsentGiven,
          rentcode,
          landlordConsent: 'given' as const,
          landlordConsentedAt: '2026-11-27T10:00:00.000Z',
        };
      }),
    resendUnitConsent: (rentcode) =>
      consentCall(() =>
        Promise.resolve({
          message: RENTAL_UNIT_MESSAGES.landlordConsentResent,
          rentcode,
          landlordConsent: 'pending' as const,
          consentCodeSentTo: UNIT_CONSENT_SENT_TO,
        }),
      ),
    markVacant: async (landlordId, rentcode) => {
      const reply = await base.markVacant(landlordId, rentcode);
      rows = rows.map((r) => (r.rentcode === rentcode ? { ...r, vacant: true } : r));
      return reply;
    },
    rentalUnitsPage: async ({ page, q }) => {
      onList?.({ page, q });
      if (list === 'pending') return forever();
      if (list === 'failed') return refuse(500, 'Error in Server');
      if (list === 'empty') return listPage(page, [], 0);
      const found = q
        ? rows.filter((r) => r.landlord.epicNo === q.toUpperCase() || r.address1.includes(q))
        : rows;
      return listPage(page, found.slice(page * 10, page * 10 + 10), found.length);
    },
  };
}
