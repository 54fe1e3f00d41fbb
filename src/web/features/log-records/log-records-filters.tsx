import { useState, type FormEvent } from 'react';
import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { AUDIT_KIND_LABELS, AUDIT_KINDS, LOG_DATES_REVERSED } from '../../../contract/log-records.contract';
import type { LogFilterValues } from './use-log-records';

const KIND_OPTIONS = AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] }));

export interface LogRecordsFiltersProps {
  applied: LogFilterValues;
  onApply: (filter: LogFilterValues) => void;
}

/** Filter by user, kind and a range of days (India's); applied with Search, cleared with Reset. */
export function LogRecordsFilters({ applied, onApply }: LogRecordsFiltersProps) {
  const [draft, setDraft] = useState<LogFilterValues>(applied);
  const reversed = Boolean(draft.from && draft.to && draft.to < draft.from);
  const set = (field: keyof LogFilterValues) => (value: string | null) =>
    setDraft((d) => ({ ...d, [field]: value || undefined }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reversed) return;
    onApply({ ...draft, username: draft.username?.trim() || undefined });
  };
  const reset = () => {
    setDraft({});
    onApply({});
  };

  return (
    <form onSubmit={submit} aria-label="Filter the log records">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TextInput
          label="User"
          placeholder="Username"
          value={draft.username ?? ''}
          onChange={(e) => set('username')(e.currentTarget.value)}
          maxLength={64}
        />
        <Select
          label="Kind"
          placeholder="All kinds"
          data={KIND_OPTIONS}
          value={draft.kind ?? null}
          onChange={set('kind')}
          clearable
        />
        <TextInput
          type="date"
          label="From"
          value={draft.from ?? ''}
          onChange={(e) => set('from')(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label="To"
          value={draft.to ?? ''}
          onChange={(e) => set('to')(e.currentTarget.value)}
          error={reversed ? LOG_DATES_REVERSED.replace(/^to: /, '') : undefined}
        />
      </SimpleGrid>
      <Group mt="sm" gap="sm">
        <Button type="submit" disabled={reversed}>
          Search
        </Button>
        <Button type="button" variant="default" onClick={reset}>
          Reset
        </Button>
      </Group>
    </form>
  );
}
