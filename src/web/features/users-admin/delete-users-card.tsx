import { useState, type FormEvent } from 'react';
import { Button, Card, Group, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { messageOr } from '../../../../machines/access/failures';
import { showSnackbar } from '../../app/snackbar';
import { useUsersAdminApi } from './users-admin-api';

export const DELETE_USER_QUESTION = 'Deletion is irreversible. Are you sure you want to delete this user?';

/**
 * Delete Users (backoffice.md "Users page"): a user ID, Delete (disabled while the field is empty), the spec's
 * confirmation, and the server's message either way.
 */
export function DeleteUsersCard({ onDeleted }: { onDeleted: () => void }) {
  const api = useUsersAdminApi();
  const [userId, setUserId] = useState('');
  const [sending, setSending] = useState(false);
  const id = userId.trim();

  const remove = async () => {
    setSending(true);
    try {
      showSnackbar(await api.deleteUser(Number(id)), 'success');
      setUserId('');
      onDeleted();
    } catch (err) {
      showSnackbar(messageOr(err, 'Server Issue. Please try again later!'), 'error');
    } finally {
      setSending(false);
    }
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!id) return;
    modals.openConfirmModal({
      title: 'Delete user',
      children: <Text>{DELETE_USER_QUESTION}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () => void remove(),
    });
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="delete-users-title">
      <Title order={2} fz={20} id="delete-users-title" mb="sm">
        Delete Users
      </Title>
      <form onSubmit={confirm} noValidate aria-label="Delete Users">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="User ID"
            inputMode="numeric"
            value={userId}
            description="The ID is in the users table below."
            onChange={(e) => setUserId(e.currentTarget.value.replace(/\D/g, ''))}
            style={{ flex: '1 1 12rem' }}
          />
          <Button type="submit" color="red.9" disabled={!id} loading={sending}>
            Delete
          </Button>
        </Group>
      </form>
    </Card>
  );
}
