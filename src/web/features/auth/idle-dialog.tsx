import { Button, Group, Modal, Text } from '@mantine/core';

export const IDLE_TITLE = 'You Have Been Idle!';
export const IDLE_QUESTION = 'You Will Get Timed Out. You want to stay?';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please login again!';

interface IdleDialogProps {
  opened: boolean;
  /** True once Logout was chosen, while the logout call runs. */
  loggingOut?: boolean;
  onStay: () => void;
  onLogout: () => void;
}

/** backoffice.md section 2: the idle dialog. Escape or the close button mean Stay: the person is clearly here. */
export function IdleDialog({ opened, loggingOut = false, onStay, onLogout }: IdleDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title={IDLE_TITLE}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close and stay signed in' }}
    >
      <Text>{IDLE_QUESTION}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onLogout} loading={loggingOut}>
          Logout
        </Button>
        <Button onClick={onStay} disabled={loggingOut} data-autofocus>
          Stay
        </Button>
      </Group>
    </Modal>
  );
}

interface SessionExpiredNoticeProps {
  opened: boolean;
  /** True while the logout call runs after the person acknowledged. */
  leaving?: boolean;
  onAcknowledge: () => void;
}

/**
 * backoffice.md section 4: the session-expired alert, as an accessible dialog. The backdrop hides the screen
 * behind it: the official has walked away and the data must not stay readable.
 */
export function SessionExpiredNotice({ opened, leaving = false, onAcknowledge }: SessionExpiredNoticeProps) {
  return (
    <Modal
      opened={opened}
      onClose={onAcknowledge}
      title="Session expired"
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      overlayProps={{ backgroundOpacity: 0.85, blur: 6 }}
    >
      <Text role="alert">{SESSION_EXPIRED_MESSAGE}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onAcknowledge} loading={leaving} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
