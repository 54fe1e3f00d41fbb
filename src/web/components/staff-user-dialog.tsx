import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { messageOr } from '../../../machines/access/failures';
import type { Role } from '../../contract/roles';
import { useStaffUserApi } from './staff-user-api';
import { newStaffUser, StaffAccountInputs, StaffRoleSelect, StaffUserAlerts } from './staff-user-fields';
import { useStaffUserForm } from './staff-user-form-state';

export interface StaffUserDialogProps {
  opened: boolean;
  title: string;
  /** The jurisdiction code the new account works in (a station, locality or ward code). */
  usercode: string;
  /** The roles offered in the picker, after its placeholder. */
  roles: readonly Role[];
  onClose(): void;
  onCreated(user: { id: number; username: string }): void;
}

/**
 * The create-user dialog of the Police Stations, Localities and Sub-Localities/Wards screens: username, email,
 * password (show/hide, the policy under it) and role. The password is sealed as at sign-in and sent with the
 * given usercode to users/sign-up; a refusal shows the server's reason (docs/users-admin.md).
 */
export function StaffUserDialog(props: StaffUserDialogProps) {
  const { opened, title, usercode, roles } = props;
  const api = useStaffUserApi();
  const form = useStaffUserForm();
  const { fields } = form;
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    form.reset();
    setFailure(null);
    props.onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!form.validate() || !fields.role) return;
    setSending(true);
    try {
      const reply = await api.createUser(newStaffUser({ ...fields, role: fields.role }, usercode));
      form.reset();
      props.onCreated({ id: reply.id, username: reply.username });
    } catch (err) {
      setFailure(messageOr(err, 'Server Issue. Please try again later!'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <StaffUserAlerts invalid={form.invalid} failure={failure} />
          <StaffAccountInputs form={form} autoFocus />
          <StaffRoleSelect form={form} roles={roles} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={sending}>
              Create User
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
