import { fromPromise } from 'xstate';
import { statusOf } from '../../../../../machines/access/failures';
import { landlordFormOf } from '../landlord-form';
import { landlordLookupMachine, type LandlordLookupResult } from './landlord-lookup.machine';
import type { OfficeServices } from './office-services';

/**
 * The lookup with the official's calls: by EPIC (404 = a fresh registration), then the landlord by id, which the
 * server answers only within the official's reach (403 'This landlord is outside your jurisdiction: its record stays with the office where the landlord registered or where it registered its own rental units.',
 * passed on with the landlord's id).
 */
export function landlordLookupWith(services: OfficeServices) {
  return landlordLookupMachine.provide({
    actors: {
      findLandlord: fromPromise<LandlordLookupResult, { epic: string }>(async ({ input, signal }) => {
        let id: number;
        let name: string;
        try {
          const found = await services.landlordByEpic(input.epic, signal);
          id = found.id;
          name = [found.firstName, found.middleName, found.lastName].filter(Boolean).join(' ');
        } catch (error) {
          if (statusOf(error) === 404) return { kind: 'fresh' };
          throw error;
        }
        let landlord;
        try {
          landlord = await services.landlord(String(id));
        } catch (error) {
          // Outside reach: the refusal names the landlord, whose house in this ward the official may still add.
          if (statusOf(error) === 403)
            throw { ...(error as object), landlordId: String(id), landlordName: name };
          throw error;
        }
        return {
          kind: 'found',
          landlord: {
            landlordId: String(landlord.id),
            values: landlordFormOf(landlord),
            pendingChannelChange: landlord.pendingChannelChange ?? null,
          },
        };
      }),
    },
  });
}
