import { useEffect, useRef, type FormEvent } from 'react';
import { Button, Group, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  PASSWORD_CHANGE_MESSAGES,
  passwordChangeHint,
  passwordChangeOtpActor,
  type PasswordField,
} from '../../../../machines/session/password-change.machine';
import { canVerifyOtp, otpFieldEnabled } from '../../../../machines/access/otp-access.selectors';
import { OtpField } from '../../components/otp-field';
import { PasswordChangeActor } from './password-change-actor';

/**
 * The fields and buttons of the current step. The username field is one element from step 1 to step 3, so that
 * typing in it on the OTP step (which voids the code and goes back to Get OTP) keeps the focus where it is.
 */
export function PasswordChangeForm({
  step,
  onSubmit,
  onDone,
}: {
  step: 0 | 1 | 2 | 3;
  onSubmit: (event: FormEvent) => void;
  onDone: () => void;
}) {
  const formRef = useFocusOnNewStep(step);
  const username = PasswordChangeActor.useSelector((s) => s.context.username);
  const usernameEditable = PasswordChangeActor.useSelector((s) =>
    s.can({ type: 'username.change', value: '' }),
  );
  const actor = PasswordChangeActor.useActorRef();

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Change password">
      <Stack gap="sm">
        {step < 3 ? (
          <TextInput
            label="Username"
            autoComplete="username"
            data-autofocus
            value={username}
            disabled={!usernameEditable}
            onChange={(e) => actor.send({ type: 'username.change', value: e.currentTarget.value })}
          />
        ) : null}
        {step === 0 ? <UsernameStep /> : null}
        {step === 1 ? <OtpStep /> : null}
        {step === 2 ? <NewPasswordStep /> : null}
        {step === 3 ? <ChangedStep onDone={onDone} /> : null}
      </Stack>
    </form>
  );
}

/** Step 1 (0): Get OTP waits for a username; Enter asks too. */
function UsernameStep() {
  const canRequest = PasswordChangeActor.useSelector((s) => s.can({ type: 'otp.request' }));
  return (
    <>
      <Text size="sm">The OTP goes to the email address registered for this username.</Text>
      <Group justify="flex-end">
        <Button type="submit" disabled={!canRequest}>
          Get OTP
        </Button>
      </Group>
    </>
  );
}

/** Step 2 (1): the OTP field of the otp-access child, Verify, and a new code when the first did not come. */
function OtpStep() {
  const actor = PasswordChangeActor.useActorRef();
  const otpActor = PasswordChangeActor.useSelector(passwordChangeOtpActor);
  // The child's own snapshot: the parent's does not change while the code is typed.
  const canVerify = useSelector(otpActor, canVerifyOtp);
  const canResend = PasswordChangeActor.useSelector((s) => s.can({ type: 'otp.request' }));
  const requesting = useSelector(otpActor, (s) => s?.matches('requesting') ?? false);
  const verifying = useSelector(otpActor, (s) => s?.matches({ codeSent: { code: 'verifying' } }) ?? false);
  return (
    <>
      <OtpField actor={otpActor} />
      <Group justify="flex-end">
        <Button
          variant="default"
          disabled={!canResend || requesting}
          loading={requesting}
          onClick={() => actor.send({ type: 'otp.request' })}
        >
          Resend OTP
        </Button>
        <Button
          disabled={!canVerify}
          loading={verifying}
          onClick={() => otpActor?.send({ type: 'otp.verify' })}
        >
          Verify
        </Button>
      </Group>
    </>
  );
}

/** Step 3 (2): the new password twice; the hint under them says what Apply still waits for. */
function NewPasswordStep() {
  const actor = PasswordChangeActor.useActorRef();
  const { password, confirmation } = PasswordChangeActor.useSelector((s) => s.context);
  const editable = PasswordChangeActor.useSelector((s) =>
    s.can({ type: 'password.change', field: 'password', value: '' }),
  );
  const canApply = PasswordChangeActor.useSelector((s) => s.can({ type: 'password.apply' }));
  const busy = PasswordChangeActor.useSelector((s) => s.hasTag('busy'));
  const hint = PasswordChangeActor.useSelector(passwordChangeHint);
  const change = (field: PasswordField) => (value: string) =>
    actor.send({ type: 'password.change', field, value });
  return (
    <>
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        value={password}
        disabled={!editable}
        onChange={(e) => change('password')(e.currentTarget.value)}
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the new password' }}
      />
      <PasswordInput
        label="Confirm new password"
        autoComplete="new-password"
        value={confirmation}
        disabled={!editable}
        description={hint}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        onChange={(e) => change('confirmation')(e.currentTarget.value)}
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the confirmation' }}
      />
      <Group justify="flex-end">
        <Button type="submit" disabled={!canApply} loading={busy}>
          Apply
        </Button>
      </Group>
    </>
  );
}

/** Done: the spec's success text; the person goes back to the login dialog to sign in with the new password. */
function ChangedStep({ onDone }: { onDone: () => void }) {
  return (
    <>
      {/* Dark text on a pale green panel: Mantine's light green alert fails the AA contrast of the theme. */}
      <Paper p="md" bg="green.0" style={{ borderLeft: '4px solid var(--mantine-color-green-9)' }}>
        <Text fw={700}>Password changed</Text>
        <Text>{PASSWORD_CHANGE_MESSAGES.changed}</Text>
      </Paper>
      <Group justify="flex-end">
        <Button onClick={onDone}>Back to login</Button>
      </Group>
    </>
  );
}

/**
 * Focus follows the step (STYLE.md): the OTP field once it opens, the new password, then Back to login. The
 * first step's field is focused by the modal itself (data-autofocus).
 */
function useFocusOnNewStep(step: 0 | 1 | 2 | 3) {
  const formRef = useRef<HTMLFormElement>(null);
  const otpActor = PasswordChangeActor.useSelector(passwordChangeOtpActor);
  const otpOpen = useSelector(otpActor, otpFieldEnabled);
  const previous = useRef(step);
  useEffect(() => {
    const form = formRef.current;
    const moved = previous.current !== step;
    previous.current = step;
    if (!form) return;
    const target =
      step === 1 && otpOpen
        ? form.querySelector<HTMLElement>('input[autocomplete="one-time-code"]')
        : step === 2 && moved
          ? form.querySelector<HTMLElement>('input[autocomplete="new-password"]')
          : step === 3
            ? form.querySelector<HTMLElement>('button')
            : step === 0 && moved
              ? form.querySelector<HTMLElement>('input[autocomplete="username"]')
              : null;
    target?.focus();
  }, [step, otpOpen]);
  return formRef;
}
