import { fromPromise } from 'xstate';
import { statusOf } from '../../../../../machines/access/failures';
import { landlordFormOf } from '../landlord-form';
import { LANDLORD_MESSAGES } from '../../../../contract/landlords.contract';
import type {
  LandlordLookupResult,
  OutsideReachRefusal,
} from '../../../../../machines/landlord-office/landlord-lookup.machine';
import { officeLandlordLookupMachine, type OfficeLandlord } from './office-landlord';
import type { OfficeServices } from './office-services';

/**
 * The lookup with the official's calls: by EPIC (404 = a fresh registration), which finds any landlord and marks
 * one outside the official's reach `recordWithheld` (docs/reach.md "Limits"): that one is refused here with the
 * contract's words and its id and name, so the official may still add its house in its own ward. A landlord in
 * reach is then read by id (the server answers an id outside reach as a missing one: 404).
 */
export function landlordLookupWith(services: OfficeServices) {
  return officeLandlordLookupMachine.provide({
    actors: {
      findLandlord: fromPromise<LandlordLookupResult<OfficeLandlord>, { epic: string }>(
        async ({ input, signal }) => {
          let found;
          try {
            found = await services.landlordByEpic(input.epic, signal);
          } catch (error) {
            if (statusOf(error) === 404) return { kind: 'fresh' };
            throw error;
          }
          if (found.recordWithheld) {
            // Outside reach: the refusal names the landlord, whose house in this ward the official may still add.
            const name = [found.firstName, found.middleName, found.lastName].filter(Boolean).join(' ');
            const refusal: OutsideReachRefusal = {
              message: LANDLORD_MESSAGES.outsideJurisdiction,
              landlordId: String(found.id),
              landlordName: name,
            };
            throw refusal;
          }
          const landlord = await services.landlord(String(found.id));
          return {
            kind: 'found',
            landlord: {
              landlordId: String(landlord.id),
              values: landlordFormOf(landlord),
              pendingChannelChange: landlord.pendingChannelChange ?? null,
            },
          };
        },
      ),
    },
  });
}
