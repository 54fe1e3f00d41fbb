import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { StaffRole } from '../../../../machines/application/lifecycle.events';
import type { ClearanceWizardMachine } from '../../../../machines/clearance/clearance-wizard.machine';
import {
  canWizardGoBack,
  canWizardProceed,
  isWizardBusy,
  isWizardLastStep,
  wizardActiveStep,
} from '../../../../machines/clearance/clearance-wizard.selectors';
import {
  CLEARANCE_WIZARD_STEPS,
  type WizardLandlord,
} from '../../../../machines/clearance/clearance-wizard.types';
import { WizardActor } from './clearance-wizard-actor';
import { ClearanceWizardCompleted } from './clearance-wizard-completed';
import { ClearanceWizardEpicStep } from './clearance-wizard-epic-step';
import { ClearanceWizardTenantStep, type WizardTenantProfileSlot } from './clearance-wizard-tenant-step';
import { clearanceWizardWith, opensTenantProfiles } from './clearance-wizard.wiring';
import { useOfficeApplicationsApi, type OfficeApplicationChannel } from './office-applications-api';
import { inspectOptions } from '../../lib/machine-inspector';

export const WIZARD_TITLES: Record<OfficeApplicationChannel, string> = {
  own: 'New Application',
  office: 'Offline Application',
};
/** /app/offlineapplication says whose application it is (backoffice.md: entered at the office). */
export const OFFICE_CHANNEL_NOTE =
  "This application is entered at the office on the landlord's behalf (the landlord is not signed in).";

const STEP_DESCRIPTIONS = ['EPIC number', 'Details and rental units', 'Find or register', 'Create and apply'];

/** What the route's landlord page (the landlord feature's, for officials) is given at step 1. */
export interface WizardLandlordSlot {
  epic: string;
  /** The landlord is found within the official's reach, or registered now. */
  onSaved: (landlord: WizardLandlord) => void;
}

/** What the Tenant Applications panel is given at step 3 (the route adds the viewer and the channel). */
export interface WizardApplicationsSlot {
  landlord: WizardLandlord;
  tenantIdNumber: string;
  onApplied: (applid: number) => void;
}

export interface ClearanceWizardPageProps {
  channel: OfficeApplicationChannel;
  viewer: { role: StaffRole; username: string; usercode: string };
  /** Step 1: the officials' landlord page for the EPIC (the route plugs in the landlord feature's). */
  renderLandlord: (slot: WizardLandlordSlot) => ReactNode;
  /** Step 2 for MODERATOR and SUPERMODERATOR: the tenant feature's profile (the route plugs it in). */
  renderTenantProfile?: (slot: WizardTenantProfileSlot) => ReactNode;
  /** Step 3: the Tenant Applications panel (tenant-applications-panel.tsx; stories give a stand-in). */
  renderApplications: (slot: WizardApplicationsSlot) => ReactNode;
  /** The wizard with its calls; the official's by role unless a story or test gives its own. */
  logic?: ClearanceWizardMachine;
}

/**
 * /app/new-application and /app/offlineapplication (public-portal.md "Logged-in clearance wizard", backoffice.md
 * section 2): a view of clearance-wizard.machine.ts. Back, Next (Finish on the last step) and Reset are enabled
 * from the snapshot.
 */
export function ClearanceWizardPage({ logic, ...props }: ClearanceWizardPageProps) {
  const api = useOfficeApplicationsApi();
  const [machine] = useState(() => logic ?? clearanceWizardWith(api, props.viewer.role));
  return (
    <WizardActor.Provider logic={machine} options={inspectOptions()}>
      <ClearanceWizardView {...props} />
    </WizardActor.Provider>
  );
}

function ClearanceWizardView({
  channel,
  viewer,
  renderLandlord,
  renderTenantProfile,
  renderApplications,
}: Omit<ClearanceWizardPageProps, 'logic'>) {
  const actor = WizardActor.useActorRef();
  const snapshot = WizardActor.useSelector((s) => s);
  const phone = useMediaQuery('(max-width: 48em)');
  const step = wizardActiveStep(snapshot);
  const { epic, landlord, tenant, notice } = snapshot.context;
  const profiles = opensTenantProfiles(viewer.role) ? renderTenantProfile : undefined;
  const steps: ReactNode[] = [
    <ClearanceWizardEpicStep key="epic" />,
    step === 1
      ? renderLandlord({ epic, onSaved: (saved) => actor.send({ type: 'landlord.saved', landlord: saved }) })
      : null,
    <ClearanceWizardTenantStep key="tenant" renderProfile={profiles} />,
    step === 3 && landlord && tenant
      ? renderApplications({
          landlord,
          tenantIdNumber: tenant.idNumber,
          onApplied: (applid) => actor.send({ type: 'application.applied', applid }),
        })
      : null,
  ];

  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 'xl', sm: 26 }}>
            {WIZARD_TITLES[channel]}
          </Title>
          {channel === 'office' ? <Text size="sm">{OFFICE_CHANNEL_NOTE}</Text> : null}
        </Stack>
        <Stepper
          active={step}
          orientation={phone ? 'vertical' : 'horizontal'}
          allowNextStepsSelect={false}
          size="sm"
        >
          {CLEARANCE_WIZARD_STEPS.map((label, index) => (
            <Stepper.Step key={label} label={label} description={STEP_DESCRIPTIONS[index]}>
              {steps[index]}
            </Stepper.Step>
          ))}
          <Stepper.Completed>
            <ClearanceWizardCompleted />
          </Stepper.Completed>
        </Stepper>
        {/* The machine's notices are all refusals or failures; they stand under the steps until the next move. */}
        {notice ? (
          <Alert color="red.9" variant="outline" role="alert">
            {notice.text}
          </Alert>
        ) : null}
        <Group gap="sm">
          {step > 0 && step < 4 ? (
            <Button
              variant="default"
              disabled={!canWizardGoBack(snapshot)}
              onClick={() => actor.send({ type: 'step.back' })}
            >
              Back
            </Button>
          ) : null}
          {step < 4 ? (
            <Button
              disabled={!canWizardProceed(snapshot)}
              loading={isWizardBusy(snapshot)}
              onClick={() => actor.send({ type: 'step.next' })}
            >
              {isWizardLastStep(snapshot) ? 'Finish' : 'Next'}
            </Button>
          ) : null}
          <Button variant="default" onClick={() => actor.send({ type: 'stepper.reset' })}>
            Reset
          </Button>
        </Group>
        {isWizardLastStep(snapshot) && !canWizardProceed(snapshot) ? (
          <Text size="sm" c="dimmed">
            Finish opens once an application is applied.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
