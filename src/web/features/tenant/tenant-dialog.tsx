import './tenant-styles';
import { useEffect, useEffectEvent, useMemo } from 'react';
import { Button, Group, Modal, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { LOGOUT_QUESTION } from '../../../../machines/access/citizen-session';
import {
  canTenantGoBack,
  canTenantGoNext,
  isConfirmingTenantLogout,
  isTenantBusy,
  isTenantLoggedIn,
  tenantActiveStep,
  tenantOtpActor,
} from '../../../../machines/access/tenant-stepper.selectors';
import type { TenantStepperMachine } from '../../../../machines/access/tenant-stepper.machine';
import { ModalsLayer } from '../../app/modals-layer';
import { logoutCitizen } from '../../api/citizen-otp';
import { clearCitizenKey, getCitizenApiKey } from '../../lib/citizen-key-store';
import { TenantActor } from './tenant-actor';
import { TenantCompletedStep } from './tenant-completed-step';
import { TenantIdStep } from './tenant-id-step';
import { TenantProfile } from './tenant-profile';
import { tenantApi } from './tenant-api';
import { watchingKeyExpiry } from '../../lib/key-expiry-watch';
import { TenantServicesContext, type TenantServices } from './tenant-services';
import { useNoticeSnackbar } from '../../app/use-notice-snackbar';
import { inspectOptions } from '../../lib/machine-inspector';

export interface TenantDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The stepper with its calls provided; the real API wiring unless a story or test swaps it. */
  logic?: TenantStepperMachine;
  /** The profile's calls; the real API unless a story or test swaps them. */
  services?: TenantServices;
  /** Ends the citizen key on the server and forgets it (POST apikey/logout); a story or test swaps it. */
  logout?: () => Promise<void>;
}

export const TENANT_DIALOG_TITLE = 'Register / Login as Tenant';

/**
 * The full-screen tenant dialog (public-portal.md "Tenant stepper"): a view of the tenant-stepper machine. Its
 * state lives while the dialog is open; closing it forgets the tenant and the citizen key with it.
 */
export function TenantDialog({
  opened,
  onClose,
  logic,
  services = tenantApi,
  logout = logoutCitizen,
}: TenantDialogProps) {
  // Logout, and closing the dialog while a key is held, end the key on the server too (not just in this tab).
  const close = () => {
    if (getCitizenApiKey()) void logout();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      fullScreen
      title={TENANT_DIALOG_TITLE}
      closeButtonProps={{ 'aria-label': 'Close the tenant dialog' }}
    >
      <ModalsLayer>
        <TenantActor.Provider logic={logic} options={inspectOptions()}>
          <TenantStepperView services={services} onClose={close} />
        </TenantActor.Provider>
      </ModalsLayer>
    </Modal>
  );
}

function TenantStepperView({ services, onClose }: { services: TenantServices; onClose: () => void }) {
  const actor = TenantActor.useActorRef();
  // A 401 on any of the profile's calls means the key expired or was revoked: back to the start, with a message.
  const watched = useMemo(
    () =>
      watchingKeyExpiry(services, () => {
        clearCitizenKey();
        actor.send({ type: 'session.expired' });
      }),
    [services, actor],
  );
  const snapshot = TenantActor.useSelector((s) => s);
  const phone = useMediaQuery('(max-width: 48em)');
  // Next is the OTP child's Verify at step 0: the view follows the child's snapshot too.
  useSelector(tenantOtpActor(snapshot), (s) => s);
  const step = tenantActiveStep(snapshot);
  const busy = isTenantBusy(snapshot);
  useNoticeSnackbar(snapshot.context.notice);
  const loggedOut = useEffectEvent(() => onClose());

  // Logging out (or a refused key) ends the visit: the key is forgotten and the dialog closes.
  useEffect(() => {
    const subscription = actor.on('session.loggedOut', () => loggedOut());
    return () => subscription.unsubscribe();
  }, [actor]);

  const next = () => {
    const otp = tenantOtpActor(snapshot);
    const onOtpStep = step === 0 && !snapshot.matches({ steps: { tenantId: 'register' } });
    if (onOtpStep) otp?.send({ type: 'otp.verify' });
    else actor.send({ type: 'step.next' });
  };

  return (
    <TenantServicesContext value={watched}>
      <Stack gap="md">
        {isTenantLoggedIn(snapshot) ? (
          <Group justify="flex-end">
            <Button variant="outline" color="red.9" onClick={() => actor.send({ type: 'logout.request' })}>
              Logout
            </Button>
          </Group>
        ) : null}
        <Stepper
          active={step}
          orientation={phone ? 'vertical' : 'horizontal'}
          allowNextStepsSelect={false}
          size="sm"
        >
          <Stepper.Step label="Tenant ID" description="Login or register">
            <TenantIdStep />
          </Stepper.Step>
          <Stepper.Step label="Tenant Details" description="Profile and documents">
            <TenantProfile />
          </Stepper.Step>
          <Stepper.Completed>
            <TenantCompletedStep />
          </Stepper.Completed>
        </Stepper>
        {step < 2 ? (
          <Group justify="flex-start" gap="sm">
            <Button
              variant="default"
              disabled={!canTenantGoBack(snapshot)}
              onClick={() => actor.send({ type: 'step.back' })}
            >
              Back
            </Button>
            <Button disabled={!canTenantGoNext(snapshot)} loading={busy} onClick={next}>
              {step === 1 ? 'Finish' : 'Next'}
            </Button>
            <Button variant="subtle" onClick={() => actor.send({ type: 'stepper.reset' })}>
              Reset
            </Button>
          </Group>
        ) : null}
        <Modal
          opened={isConfirmingTenantLogout(snapshot)}
          onClose={() => actor.send({ type: 'logout.cancel' })}
          title="Logout"
          centered
          closeButtonProps={{ 'aria-label': 'Close' }}
        >
          <Text>{LOGOUT_QUESTION}</Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => actor.send({ type: 'logout.cancel' })}>
              No
            </Button>
            <Button color="red.9" onClick={() => actor.send({ type: 'logout.confirm' })}>
              Yes
            </Button>
          </Group>
        </Modal>
      </Stack>
    </TenantServicesContext>
  );
}
