import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { messageOr, SERVER_FALLBACK_MESSAGE, statusOf } from '../../../../machines/access/failures';
import { LANDLORD_LIST_MESSAGES } from '../../../contract/landlord-application-lists.contract';
import { epicSchema } from '../../../contract/landlords.contract';
import { useOfficeApplicationsApi } from './office-applications-api';
import { TenantApplicationsPanel, type TenantApplicationsPanelProps } from './tenant-applications-panel';

export const PAGE_TITLE = 'Tenant Applications';

type Lookup =
  | { status: 'idle' }
  | { status: 'finding' }
  | { status: 'found'; landlord: TenantApplicationsPanelProps['landlord'] }
  | { status: 'failed'; message: string };

export interface TenantApplicationsPageProps {
  viewer: TenantApplicationsPanelProps['viewer'];
  /** Shown for USER only (backoffice.md): opens /app/new-application. */
  onNewApplication?: () => void;
  /** The tenant an official proceeded with from its profile (/app/tenants): prefilled in Create New Application. */
  tenantIdNumber?: string | null;
}

/**
 * The Tenant Applications page of an official (/app/applications): the landlord by its EPIC number (Enter works),
 * then the panel of that landlord's applications, entered as the official's own ('own' channel).
 */
export function TenantApplicationsPage({
  viewer,
  onNewApplication,
  tenantIdNumber = null,
}: TenantApplicationsPageProps) {
  const api = useOfficeApplicationsApi();
  const [epic, setEpic] = useState('');
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });
  const valid = epicSchema.safeParse(epic).success;
  const find = async () => {
    const parsed = epicSchema.safeParse(epic);
    if (!parsed.success) return;
    setLookup({ status: 'finding' });
    try {
      const landlord = await api.landlordByEpic(parsed.data);
      const name = [landlord.firstName, landlord.middleName, landlord.lastName].filter(Boolean).join(' ');
      setLookup({ status: 'found', landlord: { id: landlord.id, epic: landlord.epicNo, name } });
    } catch (failure) {
      const message =
        statusOf(failure) === 404
          ? LANDLORD_LIST_MESSAGES.epicNotRegistered
          : messageOr(failure, SERVER_FALLBACK_MESSAGE);
      setLookup({ status: 'failed', message });
    }
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} fz="h3">
          {PAGE_TITLE}
        </Title>
        {onNewApplication ? <Button onClick={onNewApplication}>New Application</Button> : null}
      </Group>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void find();
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Landlord Epic Number"
            description="3 letters and 7 digits, as on the election card"
            value={epic}
            maxLength={10}
            autoComplete="off"
            onChange={(event) => setEpic(event.currentTarget.value.toUpperCase().trim())}
            w={{ base: '100%', xs: 280 }}
          />
          <Button type="submit" disabled={!valid} loading={lookup.status === 'finding'}>
            Find
          </Button>
        </Group>
      </form>
      {lookup.status === 'failed' ? (
        <Alert color="red" variant="light" role="alert">
          {lookup.message}
        </Alert>
      ) : null}
      {lookup.status === 'found' ? (
        <Stack gap="sm">
          <Text>
            Landlord: <strong>{lookup.landlord.name}</strong> ({lookup.landlord.epic})
          </Text>
          <TenantApplicationsPanel
            key={lookup.landlord.id}
            viewer={viewer}
            landlord={lookup.landlord}
            tenantIdNumber={tenantIdNumber}
            channel="own"
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
