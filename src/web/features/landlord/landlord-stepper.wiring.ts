import { fromPromise } from 'xstate';
import { landlordStepperMachine } from '../../../../machines/access/landlord-stepper.machine';
import type {
  LandlordLoad,
  LandlordLookup,
  LandlordRecord,
} from '../../../../machines/access/landlord-stepper.types';
import { otpAccessMachine } from '../../../../machines/access/otp-access.machine';
import type { Landlord } from '../../../contract/landlords.contract';
import { requestOtp, verifyOtp } from '../../api/citizen-otp';
import { checkLandlordExists, landlordByEpic } from './landlord-api';

/** What the stepper keeps of a landlord the server sent: the page reads `details` back as a Landlord. */
export function landlordRecordOf(landlord: Landlord): LandlordRecord {
  return { landlordId: String(landlord.id), epicNo: landlord.epicNo, details: landlord };
}

/**
 * The landlord stepper with the real calls: the OTP child seals its code and the key is kept for this tab.
 * `downloadForm` is not provided: the server has no landlord form PDF yet, so the final step offers no download.
 */
export const landlordStepperLogic = landlordStepperMachine.provide({
  actors: {
    otpAccess: otpAccessMachine.provide({
      actors: {
        requestOtp: fromPromise(({ input, signal }) => requestOtp(input, signal)),
        verifyOtp: fromPromise(({ input, signal }) => verifyOtp(input, signal)),
      },
    }),
    checkLandlord: fromPromise<void, LandlordLookup>(({ input, signal }) =>
      checkLandlordExists(input.epic, signal),
    ),
    loadLandlord: fromPromise<LandlordRecord, LandlordLoad>(async ({ input, signal }) =>
      landlordRecordOf(await landlordByEpic(input.epic, signal)),
    ),
  },
});
