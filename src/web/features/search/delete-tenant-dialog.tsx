import { Button, Group, Modal, Text } from '@mantine/core';
import { isConfirmingDelete, isDeleting } from '../../../../machines/search';
import { personName, type PersonSearchResult } from '../../../contract/search.contract';
import type { SearchSnapshot, SendSearch } from './use-search';

/** backoffice.md's warning, with its misspelling 'assiocated' fixed (STYLE.md). */
export const DELETE_TENANT_WARNING =
  'This action will delete all the data associated with this tenant (including family members, helpers and documents). Are you sure you want to delete?';

/** The confirmation before a tenant is deleted; stays open, busy, while the delete runs. */
export function DeleteTenantDialog({ snapshot, send }: { snapshot: SearchSnapshot; send: SendSearch }) {
  const deleting = isDeleting(snapshot);
  const target = snapshot.context.target as PersonSearchResult | null;
  return (
    <Modal
      opened={isConfirmingDelete(snapshot) || deleting}
      onClose={() => send({ type: 'delete.cancel' })}
      title="Delete Tenant"
      closeOnClickOutside={!deleting}
      withCloseButton={!deleting}
      closeButtonProps={{ 'aria-label': 'Cancel' }}
    >
      <Text>{DELETE_TENANT_WARNING}</Text>
      {target && (
        <Text size="sm" mt="sm" c="dimmed">
          {personName(target)}, registration number {target.id}, ID {target.epicNo}
        </Text>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => send({ type: 'delete.cancel' })} disabled={deleting}>
          Cancel
        </Button>
        <Button color="red.9" loading={deleting} onClick={() => send({ type: 'delete.confirm' })}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
