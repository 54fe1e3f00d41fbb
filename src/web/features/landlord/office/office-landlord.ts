import {
  createLandlordLookupMachine,
  type LandlordLookupMachine,
} from '../../../../../machines/landlord-office/landlord-lookup.machine';
import type { PendingChannelChange } from '../../../../contract/channel-changes.contract';
import type { LandlordFormValues } from '../landlord-form';

/** A landlord the official may edit: its id, the Basic Details form's values and a held change of its channel. */
export interface OfficeLandlord {
  landlordId: string;
  values: LandlordFormValues;
  /** The change of its mobile or email an official asked for, waiting (docs/otp-channel-changes.md). */
  pendingChannelChange?: PendingChannelChange | null;
}

/** The Landlords screen's lookup (machines/landlord-office) over the official's landlord record. */
export const officeLandlordLookupMachine = createLandlordLookupMachine<OfficeLandlord>();
export type OfficeLandlordLookupMachine = LandlordLookupMachine<OfficeLandlord>;
