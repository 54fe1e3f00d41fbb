import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { normalizeTenantId } from '../../../../machines/access/identity-rules';

/** public-portal.md section 5: a tenant lookup starts at 8 or more characters. */
export const MIN_TENANT_ID_LENGTH = 8;
export const TENANT_ID_FIELD = "Tenant's ID";

export type EntryMode = 'existing' | 'new';

export interface TenantEntryProps {
  mode: EntryMode;
  /** True while the lookup runs. */
  searching: boolean;
  /** The server's refusal (another jurisdiction, a role without tenant screens), shown under the field. */
  refusal: string | null;
  onLookup: (id: string) => void;
  onCancel: () => void;
}

/**
 * Existing-tenant entry (public-portal.md): a Tenant's ID field with Ok; Enter also triggers it. New Tenant asks the
 * same question first, so an ID that is registered already opens that profile instead of a duplicate.
 */
export function TenantEntry({ mode, searching, refusal, onLookup, onCancel }: TenantEntryProps) {
  const [id, setId] = useState('');
  const ready = id.length >= MIN_TENANT_ID_LENGTH && !searching;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) onLookup(id);
  };
  return (
    <Paper withBorder p="md" maw={560}>
      <form onSubmit={submit} aria-label={mode === 'existing' ? 'Existing Tenant' : 'New Tenant'}>
        <Stack gap="sm">
          <Title order={2} fz="md">
            {mode === 'existing' ? 'Existing Tenant' : 'New Tenant'}
          </Title>
          <Text size="sm">
            {mode === 'existing'
              ? "Enter the tenant's ID (driving licence, PAN or EPIC number)."
              : "Enter the new tenant's ID (driving licence, PAN or EPIC number); a registered ID opens its profile."}
          </Text>
          <TextInput
            label={TENANT_ID_FIELD}
            value={id}
            maxLength={20}
            autoComplete="off"
            data-autofocus
            onChange={(event) => setId(normalizeTenantId('id', event.currentTarget.value))}
            description={`At least ${MIN_TENANT_ID_LENGTH} characters`}
          />
          {refusal ? (
            <Alert color="red" variant="light" role="alert" title="Not allowed">
              {refusal}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button type="submit" disabled={!ready} loading={searching}>
              Ok
            </Button>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
