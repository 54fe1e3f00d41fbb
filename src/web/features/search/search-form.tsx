import type { FormEvent } from 'react';
import { Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { canSearch, isSearchBusy, type SearchEntity } from '../../../../machines/search';
import { SEARCH_MAX_LENGTH } from '../../../contract/search.contract';
import type { SearchSnapshot, SendSearch } from './use-search';

export const ENTITY_LABELS: Record<SearchEntity, string> = { tenant: 'Tenant', landlord: 'Landlord' };

export interface SearchFormProps {
  snapshot: SearchSnapshot;
  send: SendSearch;
  /** The text field's label: the dialog's and the page's words differ (backoffice.md). */
  label: string;
  /** Close (the dialog) or Reset (the page). */
  secondary: { label: string; onClick: () => void; disabled?: boolean };
}

/** The search text, tenant or landlord, Search and the dialog's Close or the page's Reset; Enter searches. */
export function SearchForm({ snapshot, send, label, secondary }: SearchFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'search' });
  };
  return (
    <form onSubmit={submit} aria-label="Search tenants and landlords">
      <Stack gap="sm">
        <TextInput
          label={label}
          value={snapshot.context.text}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          data-autofocus
          description="At least 2 characters: a name, part of a name, or an ID number"
          onChange={(event) => send({ type: 'text.change', value: event.currentTarget.value })}
        />
        <Radio.Group
          label="Search for"
          value={snapshot.context.entity}
          onChange={(value) => send({ type: 'entity.change', entity: value })}
        >
          <Group gap="lg" mt={4}>
            {(Object.keys(ENTITY_LABELS) as SearchEntity[]).map((entity) => (
              <Radio key={entity} value={entity} label={ENTITY_LABELS[entity]} />
            ))}
          </Group>
        </Radio.Group>
        <Group gap="sm">
          <Button type="submit" disabled={!canSearch(snapshot)} loading={isSearchBusy(snapshot)}>
            Search
          </Button>
          <Button variant="default" onClick={secondary.onClick} disabled={secondary.disabled}>
            {secondary.label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
