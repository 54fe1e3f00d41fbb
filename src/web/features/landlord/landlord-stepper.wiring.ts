import { fromPromise } from 'xstate';
import { landlordStepperMachine } from '../../../../machines/access/landlord-stepper.machine';
import type {
  LandlordFormRequest,
  LandlordLoad,
  LandlordLookup,
  LandlordRecord,
} from '../../../../machines/access/landlord-stepper.types';
import type { Landlord } from '../../../contract/landlords.contract';
import { otpAccessLogic } from '../../api/citizen-otp';
import { saveBase64File } from '../../lib/pdf-download';
import { checkLandlordExists, landlordByEpic, landlordRegistrationForm } from './landlord-api';

/** What the stepper keeps of a landlord the server sent: the page reads `details` back as a Landlord. */
export function landlordRecordOf(landlord: Landlord): LandlordRecord {
  return { landlordId: String(landlord.id), epicNo: landlord.epicNo, details: landlord };
}

/**
 * The landlord stepper with the real calls: the OTP child seals its code and the key is kept for this tab; the
 * final step's download fetches the landlord registration form and saves it (the browser's PDF viewer opens it).
 */
export const landlordStepperLogic = landlordStepperMachine.provide({
  actors: {
    otpAccess: otpAccessLogic,
    checkLandlord: fromPromise<void, LandlordLookup>(({ input, signal }) =>
      checkLandlordExists(input.epic, signal),
    ),
    loadLandlord: fromPromise<LandlordRecord, LandlordLoad>(async ({ input, signal }) =>
      landlordRecordOf(await landlordByEpic(input.epic, signal)),
    ),
    downloadForm: fromPromise<void, LandlordFormRequest>(async ({ input, signal }) => {
      const form = await landlordRegistrationForm(input.landlordId, signal);
      saveBase64File(form.base64img, form.contenttype, form.filename);
    }),
  },
});
