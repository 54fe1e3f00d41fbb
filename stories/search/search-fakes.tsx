import type { ReactNode } from 'react';
import { Button, Paper, Text } from '@mantine/core';
import type { ServerFailure } from '../../machines/access/failures';
import type { PersonSearchResult } from '../../src/contract/search.contract';
import { ModalsLayer } from '../../src/web/app/modals-layer';
import { SearchApiContext, type SearchApi } from '../../src/web/features/search/search-api';
import { SearchDialog } from '../../src/web/features/search/search-dialog';
import { UpdateTenantPage } from '../../src/web/features/search/update-tenant-page';

/** The search dialog and the update-tenant page over in-memory calls (no network), for stories and jsdom tests. */

const person = (id: number, firstName: string, lastName: string, epicNo: string): PersonSearchResult => ({
  id,
  epicNo,
  firstName,
  middleName: null,
  lastName,
  age: '1992-08-11',
  mobile: '9863012345',
  occupation: 'Teacher',
  permanentAddress: { address1: 'House 12, Laitumkhrah Main Road' },
  presentAddress: { address1: 'Flat 2, Nongrim Hills' },
});

export const sampleTenants: PersonSearchResult[] = [
  person(21, 'Wanshnong', 'Lyngdoh', 'ABC1234567'),
  person(34, 'Wanshan', 'Lyngdoh', 'DL0420110012345'),
];
export const sampleLandlords: PersonSearchResult[] = [
  { ...person(7, 'Kyrmenlang', 'Marngar', 'KHS0415588'), age: null },
];

export interface FakeSearchOptions {
  /** What Search answers: the rows for its entity (default), nothing, a refusal, or never. */
  search?: 'found' | 'none' | 'fails' | 'pending';
  /** What Delete answers. */
  remove?: 'ok' | 'fails' | 'pending';
}

const never = () => new Promise<never>(() => {});
/** Rejects the way the browser wiring does: with a plain `{status, message}` (asServerCall), not an Error. */
const refuse = async (failure: ServerFailure): Promise<never> => {
  throw failure;
};

export function fakeSearchApi({ search = 'found', remove = 'ok' }: FakeSearchOptions = {}): SearchApi {
  return {
    search: ({ entity }) => {
      if (search === 'pending') return never();
      if (search === 'fails')
        return refuse({ status: 503, message: 'Server Issue. Please try again later!' });
      if (search === 'none') return Promise.resolve([]);
      return Promise.resolve(entity === 'landlord' ? sampleLandlords : sampleTenants);
    },
    deleteTenant: () => {
      if (remove === 'pending') return never();
      if (remove === 'fails') {
        return refuse({
          status: 409,
          message: 'This tenant has applications outside your jurisdiction and cannot be deleted from here.',
        });
      }
      return Promise.resolve({ message: 'Successfully Deleted Tenant.' });
    },
  };
}

function WithFakes({ options, children }: { options?: FakeSearchOptions; children: ReactNode }) {
  return (
    <ModalsLayer>
      <SearchApiContext value={fakeSearchApi(options)}>{children}</SearchApiContext>
    </ModalsLayer>
  );
}

export function SearchDialogWithFakes({ search }: { search?: FakeSearchOptions }) {
  return (
    <WithFakes options={search}>
      <SearchDialog onClose={() => {}} />
    </WithFakes>
  );
}

export function UpdateTenantPageWithFakes({ search }: { search?: FakeSearchOptions }) {
  return (
    <WithFakes options={search}>
      <UpdateTenantPage
        renderEdit={({ tenant, onClose }) => (
          <Paper withBorder p="md">
            <Text mb="sm">
              The officials&apos; tenant profile of {tenant.firstName} opens here (the route joins it).
            </Text>
            <Button onClick={onClose}>Close</Button>
          </Paper>
        )}
      />
    </WithFakes>
  );
}
