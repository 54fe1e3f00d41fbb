import { useState } from 'react';
import { Button } from '@mantine/core';
import type { Role } from '../../../contract/roles';
import { STAFF_USER_MESSAGES } from '../../../contract/staff-users.contract';
import { showSnackbar } from '../../app/snackbar';
import { StaffUserDialog } from '../../components/staff-user-dialog';

/** The row's Add User: opens the shared create-user dialog for this unit's code; the table reloads after. */
export function AddUserButton(props: {
  label: string;
  title: string;
  usercode: string;
  unitName: string;
  roles: readonly Role[];
  onCreated: () => void;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        aria-label={`${props.label} for ${props.unitName}`}
        onClick={() => setOpened(true)}
      >
        {props.label}
      </Button>
      <StaffUserDialog
        opened={opened}
        title={props.title}
        usercode={props.usercode}
        roles={props.roles}
        onClose={() => setOpened(false)}
        onCreated={() => {
          setOpened(false);
          showSnackbar(STAFF_USER_MESSAGES.created, 'success');
          props.onCreated();
        }}
      />
    </>
  );
}
