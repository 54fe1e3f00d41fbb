import { useEffect, type ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { canReset, isEditing } from '../../../../machines/search';
import type { PersonSearchResult } from '../../../contract/search.contract';
import { showSnackbar } from '../../app/snackbar';
import { DeleteTenantDialog } from './delete-tenant-dialog';
import { SearchForm } from './search-form';
import { SearchResults } from './search-results';
import { useSearch } from './use-search';

export const UPDATE_TENANT_TITLE = 'Search Tenants & Landlords';
export const EDIT_TENANT_TITLE = 'Edit Tenant Details';

/** What the page hands the edit form the route plugs in: the tenant's row, and how to come back. */
export interface EditTenantEntry {
  tenant: PersonSearchResult;
  onClose: () => void;
}

export interface UpdateTenantPageProps {
  /** 'Edit Tenant Details': the officials' tenant profile, joined in by the route (features do not import each other). */
  renderEdit: (entry: EditTenantEntry) => ReactNode;
}

/**
 * /app/update-tenant ('Delete Tenant' in the MODERATOR and SUPERMODERATOR menus): search by name, EPIC, PAN or ID;
 * Enter searches, Reset clears; each tenant row has Edit and Delete (backoffice.md, docs/search.md).
 */
export function UpdateTenantPage({ renderEdit }: UpdateTenantPageProps) {
  const [snapshot, send] = useSearch(true);
  const { notice, target } = snapshot.context;
  const failedSearch = snapshot.matches('failed');
  // The delete's answer, success or refusal, is the server's own message.
  useEffect(() => {
    if (notice && !failedSearch) showSnackbar(notice.text, notice.kind);
  }, [notice, failedSearch]);

  if (isEditing(snapshot) && target) {
    return (
      <Stack gap="md">
        <Title order={1} fz={26}>
          {EDIT_TENANT_TITLE}
        </Title>
        {renderEdit({ tenant: target as PersonSearchResult, onClose: () => send({ type: 'edit.close' }) })}
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={26}>
          {UPDATE_TENANT_TITLE}
        </Title>
        <Text size="sm" c="dimmed">
          Find a tenant or landlord of your jurisdiction; a tenant can be edited or deleted from the results.
        </Text>
      </Stack>
      <SearchForm
        snapshot={snapshot}
        send={send}
        label="Name, EPIC, PAN or ID"
        secondary={{ label: 'Reset', onClick: () => send({ type: 'reset' }), disabled: !canReset(snapshot) }}
      />
      <SearchResults snapshot={snapshot} send={send} />
      <DeleteTenantDialog snapshot={snapshot} send={send} />
    </Stack>
  );
}
