import '@mantine/core/styles/Stepper.layer.css';
import { useEffect, useRef, type FormEvent } from 'react';
import { Modal, Stepper, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import {
  passwordChangeOtpActor,
  passwordChangeStep,
  type PasswordChangeMachine,
} from '../../../../machines/session/password-change.machine';
import { PasswordChangeActor } from './password-change-actor';
import { PasswordChangeForm } from './password-change-form';
import { forgetPasswordChangeKey } from './password-change.wiring';
import { useNoticeSnackbar } from '../../app/use-notice-snackbar';
import { inspectOptions } from '../../lib/machine-inspector';

export interface PasswordChangeDialogProps {
  opened: boolean;
  /** The host hides the dialog (and shows the login dialog again). */
  onClose: () => void;
  /** The machine with its calls provided; the real API wiring unless a story or test swaps it. */
  logic?: PasswordChangeMachine;
}

export const PASSWORD_CHANGE_TITLE = 'CHANGE PASSWORD';
export const PASSWORD_CHANGE_STEPS = [
  { label: 'Username', description: 'Get OTP' },
  { label: 'OTP', description: 'Verify' },
  { label: 'New password', description: 'Apply' },
] as const;

/**
 * The staff password change by OTP (public-portal.md "Password change dialog"): username and Get OTP, the OTP
 * (sent to the account's email) and Verify, the new password twice and Apply. A view of the password-change
 * machine; the stepper shows where the machine is, the form below renders the step.
 */
export function PasswordChangeDialog({ logic, ...props }: PasswordChangeDialogProps) {
  return (
    <PasswordChangeActor.Provider logic={logic} options={inspectOptions()}>
      <PasswordChangeDialogView {...props} />
    </PasswordChangeActor.Provider>
  );
}

function PasswordChangeDialogView({ opened, onClose }: Omit<PasswordChangeDialogProps, 'logic'>) {
  const actor = PasswordChangeActor.useActorRef();
  const step = PasswordChangeActor.useSelector(passwordChangeStep);
  const notice = PasswordChangeActor.useSelector((s) => s.context.notice);
  const otpActor = PasswordChangeActor.useSelector(passwordChangeOtpActor);
  const otpNotice = useSelector(otpActor, (s) => s?.context.notice);
  const phone = useMediaQuery('(max-width: 36em)');
  const wasOpened = useRef(opened);

  // Errors come as snackbars (spec section 8); the success is the last step's own text, not a second message.
  useNoticeSnackbar(notice?.kind === 'success' ? null : notice);
  useNoticeSnackbar(otpNotice);

  // Hidden by the host: start from an empty dialog next time, and drop the key of an unfinished change.
  useEffect(() => {
    if (wasOpened.current && !opened) {
      actor.send({ type: 'dialog.close' });
      forgetPasswordChangeKey();
    }
    wasOpened.current = opened;
  }, [actor, opened]);

  const close = () => {
    actor.send({ type: 'dialog.close' });
    forgetPasswordChangeKey();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 0) actor.send({ type: 'otp.request' });
    if (step === 2) actor.send({ type: 'password.apply' });
  };

  const current = step < 3 ? PASSWORD_CHANGE_STEPS[step as 0 | 1 | 2] : null;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={PASSWORD_CHANGE_TITLE}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the password change dialog' }}
    >
      <Stepper active={step} size="sm" orientation={phone ? 'vertical' : 'horizontal'} mb="md" aria-hidden>
        {PASSWORD_CHANGE_STEPS.map((s) => (
          <Stepper.Step key={s.label} label={s.label} description={s.description} />
        ))}
      </Stepper>
      <VisuallyHidden role="status">
        {current ? `Step ${step + 1} of 3: ${current.label}` : 'Password changed'}
      </VisuallyHidden>
      <PasswordChangeForm step={step} onSubmit={submit} onDone={close} />
    </Modal>
  );
}
