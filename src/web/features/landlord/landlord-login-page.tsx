import './landlord-styles';
import { useEffect, useEffectEvent, useMemo } from 'react';
import { Button, Container, Group, Modal, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { LOGOUT_QUESTION } from '../../../../machines/access/citizen-session';
import type { LandlordStepperMachine } from '../../../../machines/access/landlord-stepper.machine';
import {
  canDownloadLandlordForm,
  canLandlordProceed,
  isConfirmingLandlordLogout,
  isLandlordDownloading,
  isLandlordBusy,
  isLandlordLoggedIn,
  landlordActiveStep,
  landlordOtpActor,
} from '../../../../machines/access/landlord-stepper.selectors';
import { ModalsLayer } from '../../app/modals-layer';
import { logoutCitizen } from '../../api/citizen-otp';
import { PublicLayout } from '../../components/public-layout';
import { clearCitizenKey } from '../../lib/citizen-key-store';
import { LandlordActor } from './landlord-actor';
import { landlordApi } from './landlord-api';
import { LandlordEpicStep } from './landlord-epic-step';
import { ClearanceTabProvider, type ClearanceTabView } from './clearance-tab-slot';
import { LandlordPage } from './landlord-page';
import { watchingKeyExpiry } from '../../lib/key-expiry-watch';
import { LandlordServicesContext, type LandlordServices } from './landlord-services';
import { useNoticeSnackbar } from '../../app/use-notice-snackbar';
import { inspectOptions } from '../../lib/machine-inspector';

export const LANDLORD_PAGE_TITLE = 'Register / Login as Landlord';

export interface LandlordLoginPageProps {
  /** The stepper with its calls provided; the real API wiring unless a story or test swaps it. */
  logic?: LandlordStepperMachine;
  /** The landlord page's calls; the real API unless a story or test swaps them. */
  services?: LandlordServices;
  /** Logout: ends the key on the server (POST apikey/logout) and forgets it; stories and tests swap it. */
  logout?: () => Promise<void>;
  /** The Clearance tab's view, from the clearance feature (clearance-tab-slot.tsx). */
  clearanceTab: ClearanceTabView;
}

/**
 * /landlord-login: the landlord login and registration wizard (public-portal.md "Landlord stepper"), a view of
 * the landlord-stepper machine. Its state lives while the page is open; leaving it forgets the citizen key.
 */
export function LandlordLoginPage({
  logic,
  services = landlordApi,
  logout = logoutCitizen,
  clearanceTab,
}: LandlordLoginPageProps) {
  // A key left in this tab by an earlier visit belongs to a machine that no longer exists.
  useEffect(() => {
    clearCitizenKey();
    return clearCitizenKey;
  }, []);
  return (
    <ModalsLayer>
      <ClearanceTabProvider value={clearanceTab}>
        <LandlordActor.Provider logic={logic} options={inspectOptions()}>
          <LandlordStepperView services={services} logout={logout} />
        </LandlordActor.Provider>
      </ClearanceTabProvider>
    </ModalsLayer>
  );
}

function LandlordStepperView({
  services,
  logout,
}: Required<Pick<LandlordLoginPageProps, 'services' | 'logout'>>) {
  const actor = LandlordActor.useActorRef();
  // A 401 on any of the page's own calls means the key ended (expired or revoked): the session ends with it.
  const watched = useMemo(
    () => watchingKeyExpiry(services, () => actor.send({ type: 'session.expired' })),
    [services, actor],
  );
  const snapshot = LandlordActor.useSelector((s) => s);
  const phone = useMediaQuery('(max-width: 48em)');
  // The main button on the Login tab is the OTP child's Verify: re-render when the child changes too.
  useSelector(landlordOtpActor(snapshot), (otp) => otp);
  const step = landlordActiveStep(snapshot);
  const onLoginTab = step === 0 && snapshot.context.tab === 'login';
  useNoticeSnackbar(snapshot.context.notice);
  // Logout ends the key on the server and forgets it; a key the server refused is only forgotten (it has ended).
  const loggedOut = useEffectEvent((reason: 'logout' | 'authenticationFailed') => {
    if (reason === 'logout') void logout();
    else clearCitizenKey();
  });
  useEffect(() => {
    const subscription = actor.on('session.loggedOut', (event) => loggedOut(event.reason));
    return () => subscription.unsubscribe();
  }, [actor]);

  const proceed = () => {
    if (onLoginTab) landlordOtpActor(snapshot)?.send({ type: 'otp.verify' });
    else actor.send({ type: 'step.next' });
  };
  const logoutButton = isLandlordLoggedIn(snapshot) ? (
    <Button variant="outline" color="red.9" onClick={() => actor.send({ type: 'logout.request' })}>
      Logout
    </Button>
  ) : null;

  return (
    <LandlordServicesContext value={watched}>
      <PublicLayout headerActions={logoutButton}>
        <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'xs', sm: 'md' }}>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'xl' }}>
            <Stack gap="lg">
              <Title order={1} fz={{ base: 'xl', sm: 26 }} c="govBlue.9">
                {LANDLORD_PAGE_TITLE}
              </Title>
              <Stepper
                active={step}
                orientation={phone ? 'vertical' : 'horizontal'}
                allowNextStepsSelect={false}
                size="sm"
              >
                <Stepper.Step label="Landlord Election ID" description="Login or register">
                  <LandlordEpicStep />
                </Stepper.Step>
                <Stepper.Step label="Landlord Details" description="Details and rental units">
                  <LandlordPage />
                </Stepper.Step>
                <Stepper.Completed>
                  <Stack gap="xs" py="md" align="flex-start">
                    <Title order={2} fz="lg">
                      All steps completed
                    </Title>
                    <Text size="sm">
                      Your landlord details are saved. Download the completed registration form, or Reset to
                      start again from the first step.
                    </Text>
                    <Button
                      variant="outline"
                      disabled={!canDownloadLandlordForm(snapshot)}
                      loading={isLandlordDownloading(snapshot)}
                      onClick={() => actor.send({ type: 'pdf.download' })}
                    >
                      Download Registration Form
                    </Button>
                  </Stack>
                </Stepper.Completed>
              </Stepper>
              <Group gap="sm">
                {step < 2 ? (
                  <Button
                    disabled={!canLandlordProceed(snapshot)}
                    loading={isLandlordBusy(snapshot)}
                    onClick={proceed}
                  >
                    {onLoginTab ? 'Login' : 'Next'}
                  </Button>
                ) : null}
                <Button variant="default" onClick={() => actor.send({ type: 'stepper.reset' })}>
                  Reset
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Container>
        <Modal
          opened={isConfirmingLandlordLogout(snapshot)}
          onClose={() => actor.send({ type: 'logout.cancel' })}
          title="Logout"
          centered
          closeButtonProps={{ 'aria-label': 'Close' }}
        >
          <Text>{LOGOUT_QUESTION}</Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => actor.send({ type: 'logout.cancel' })}>
              Cancel
            </Button>
            <Button color="red.9" onClick={() => actor.send({ type: 'logout.confirm' })}>
              Logout
            </Button>
          </Group>
        </Modal>
      </PublicLayout>
    </LandlordServicesContext>
  );
}
