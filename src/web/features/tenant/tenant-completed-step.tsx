import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { isTenantBusy, missingTenantDocuments } from '../../../../machines/access/tenant-stepper.selectors';
import { TenantActor } from './tenant-actor';

const DOCUMENT_NAMES: Record<string, string> = {
  PHOTO: 'Photo',
  IDENTITYPROOF: 'Identity proof',
  SIGNATURE: 'Signature',
};

/** The final screen: the registration form as a PDF once PHOTO, IDENTITYPROOF and SIGNATURE are uploaded. */
export function TenantCompletedStep() {
  const actor = TenantActor.useActorRef();
  const snapshot = TenantActor.useSelector((s) => s);
  const loading = snapshot.matches({ steps: { completed: 'loadingDocuments' } });
  const missing = loading ? [] : missingTenantDocuments(snapshot);
  return (
    <Stack gap="md" maw={560}>
      <Title order={2} fz="h3">
        All steps completed
      </Title>
      <Text>
        Registration number: <strong>{snapshot.context.tenant?.tenantId}</strong>
      </Text>
      {missing.length > 0 ? (
        <Alert color="yellow" title="Documents still to upload">
          <List size="sm">
            {missing.map((type) => (
              <List.Item key={type}>{DOCUMENT_NAMES[type] ?? type}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button variant="default" onClick={() => actor.send({ type: 'step.back' })}>
          Go Back
        </Button>
        <Button
          loading={isTenantBusy(snapshot)}
          disabled={!snapshot.can({ type: 'form.download' })}
          onClick={() => actor.send({ type: 'form.download' })}
        >
          Download Completed Form
        </Button>
      </Group>
    </Stack>
  );
}
