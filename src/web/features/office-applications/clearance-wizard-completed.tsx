import { Button, Stack, Text, Title } from '@mantine/core';
import {
  canDownloadCompleteApplication,
  isWizardDownloading,
} from '../../../../machines/clearance/clearance-wizard.selectors';
import { CLEARANCE_WIZARD_MESSAGES } from '../../../../machines/clearance/clearance-wizard.types';
import { WizardActor } from './clearance-wizard-actor';

/** 'All steps completed': the applied application's complete form (the server's PDF), then Reset for another. */
export function ClearanceWizardCompleted() {
  const actor = WizardActor.useActorRef();
  const snapshot = WizardActor.useSelector((s) => s);
  return (
    <Stack gap="xs" py="md" align="flex-start">
      <Title order={2} fz="lg">
        {CLEARANCE_WIZARD_MESSAGES.allCompleted}
      </Title>
      <Text size="sm">
        Application {snapshot.context.applid} is applied. Download the complete application, or Reset to start
        another one.
      </Text>
      <Button
        variant="outline"
        disabled={!canDownloadCompleteApplication(snapshot)}
        loading={isWizardDownloading(snapshot)}
        onClick={() => actor.send({ type: 'pdf.download' })}
      >
        Download the Complete Application
      </Button>
    </Stack>
  );
}
