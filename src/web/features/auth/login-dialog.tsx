import { Suspense, useEffect, useEffectEvent, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Overlay,
  PasswordInput,
  Stack,
  TextInput,
} from '@mantine/core';
import { createActorContext } from '@xstate/react';
import type { StaffLoginMachine } from '../../../../machines/session/staff-login.machine';
import { signinReplySchema, type SigninReply } from '../../../contract/users.contract';
import { CaptchaField } from './captcha-field';
import { staffLoginLogic } from './login.wiring';
import { inspectOptions } from '../../lib/machine-inspector';

const LoginActor = createActorContext(staffLoginLogic);

function OpeningPasswordChange() {
  return (
    <Overlay fixed backgroundOpacity={0.35} zIndex={300}>
      <Center h="100%" role="status" aria-label="Opening the password change dialog">
        <Loader color="white" />
      </Center>
    </Overlay>
  );
}

export interface LoginDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Called once the session is saved; the host page moves on to the dashboard. */
  onSignedIn: (reply: SigninReply) => void;
  /** The login machine with its calls provided; the real API wiring unless a story or test swaps it. */
  logic?: StaffLoginMachine;
  /**
   * The password change dialog the 'Forgot/Change Password' link opens in place of this one. Another feature:
   * the app layer supplies it (app/login-dialog.tsx, lazily loaded, shown with a spinner while it loads).
   * Without it the link is not shown.
   */
  renderPasswordChange?: (props: PasswordChangeSlotProps) => ReactNode;
}

/** What the login dialog gives the password change it opens: closing it brings the login dialog back. */
export interface PasswordChangeSlotProps {
  opened: boolean;
  onClose: () => void;
}

/** The staff login dialog (public-portal.md "User login dialog"): a view of the staff-login machine. */
export function LoginDialog({ logic, ...props }: LoginDialogProps) {
  return (
    <LoginActor.Provider logic={logic} options={inspectOptions()}>
      <LoginDialogView {...props} />
    </LoginActor.Provider>
  );
}

function LoginDialogView({
  opened,
  onClose,
  onSignedIn,
  renderPasswordChange,
}: Omit<LoginDialogProps, 'logic'>) {
  const actor = LoginActor.useActorRef();
  const snapshot = LoginActor.useSelector((s) => s);
  const { context } = snapshot;
  const errorRef = useRef<HTMLDivElement>(null);
  const signedIn = useEffectEvent((reply: SigninReply) => onSignedIn(reply));
  // 'Forgot/Change Password' swaps this dialog for the password change one; closing that one comes back here.
  const [changingPassword, setChangingPassword] = useState(false);
  const [passwordChangeWanted, setPasswordChangeWanted] = useState(false);
  // The host closing the login dialog ends a password change too (state adjusted while rendering, not in an effect).
  const [wasOpened, setWasOpened] = useState(opened);
  if (wasOpened !== opened) {
    setWasOpened(opened);
    if (!opened) setChangingPassword(false);
  }

  // The host owns `opened`; the machine learns of it (closing wipes the form, opening fetches a captcha).
  useEffect(() => {
    actor.send({ type: opened ? 'dialog.open' : 'dialog.close' });
  }, [actor, opened]);

  useEffect(() => {
    const subscription = actor.subscribe((next) => {
      if (next.status === 'done' && next.context.signedInUser) {
        signedIn(signinReplySchema.parse(next.context.signedInUser));
      }
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  // Focus moves to the banner so a screen reader announces why the login was refused.
  useEffect(() => {
    if (context.error) errorRef.current?.focus();
  }, [context.error]);

  const change = (field: 'username' | 'password' | 'captcha') => (value: string) =>
    actor.send({ type: 'field.change', field, value });
  const editable = (field: 'username' | 'password' | 'captcha') =>
    snapshot.can({ type: 'field.change', field, value: '' });
  const close = () => {
    actor.send({ type: 'dialog.close' });
    onClose();
  };
  const openPasswordChange = () => {
    setPasswordChangeWanted(true);
    setChangingPassword(true);
  };
  // Back from the password change: the captcha shown before may have expired meanwhile, so a fresh one comes.
  const closePasswordChange = () => {
    setChangingPassword(false);
    if (actor.getSnapshot().can({ type: 'captcha.refresh' })) actor.send({ type: 'captcha.refresh' });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'login.submit' });
  };

  return (
    <>
      <Modal
        opened={snapshot.matches('open') && !changingPassword}
        onClose={close}
        title="USER LOGIN"
        centered
        closeButtonProps={{ 'aria-label': 'Close the login dialog' }}
      >
        <form onSubmit={submit} noValidate aria-label="User login">
          <Stack gap="sm">
            {context.error ? (
              <Alert ref={errorRef} tabIndex={-1} color="red" variant="light" title="Login failed">
                {context.error}
              </Alert>
            ) : null}
            <TextInput
              label="Username"
              autoComplete="username"
              data-autofocus
              value={context.username}
              disabled={!editable('username')}
              onChange={(event) => change('username')(event.currentTarget.value)}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              value={context.password}
              disabled={!editable('password')}
              onChange={(event) => change('password')(event.currentTarget.value)}
              visible={context.showPassword}
              visibilityToggleFocusable
              onVisibilityChange={() => actor.send({ type: 'password.toggle' })}
              visibilityToggleButtonProps={{
                'aria-label': context.showPassword ? 'Hide password' : 'Show password',
              }}
            />
            <CaptchaField
              challenge={context.challenge}
              loading={snapshot.hasTag('captcha.pending')}
              failed={snapshot.hasTag('captcha.failed')}
              answer={context.captcha}
              answerEditable={editable('captcha')}
              refreshable={snapshot.can({ type: 'captcha.refresh' })}
              onAnswerChange={change('captcha')}
              onRefresh={() => actor.send({ type: 'captcha.refresh' })}
            />
            <Button
              type="submit"
              fullWidth
              disabled={!snapshot.can({ type: 'login.submit' })}
              loading={snapshot.hasTag('busy')}
            >
              Login
            </Button>
            {renderPasswordChange ? (
              <Group justify="center">
                <Anchor component="button" type="button" size="sm" onClick={openPasswordChange}>
                  Forgot/Change Password
                </Anchor>
              </Group>
            ) : null}
          </Stack>
        </form>
      </Modal>
      {passwordChangeWanted && renderPasswordChange ? (
        <Suspense fallback={<OpeningPasswordChange />}>
          {renderPasswordChange({ opened: changingPassword, onClose: closePasswordChange })}
        </Suspense>
      ) : null}
    </>
  );
}
