import { Button, Group, TextInput } from '@mantine/core';

export interface EpicEntryProps {
  epic: string;
  /** Find is enabled: the machine can take `epic.submit` (3 letters + 7 digits). */
  canSubmit: boolean;
  busy: boolean;
  onChange: (value: string) => void;
  onSubmit: () => void;
}

/** The EPIC of the landlord's election card, upper-cased as typed; Enter or Find looks it up. */
export function EpicEntry({ epic, canSubmit, busy, onChange, onSubmit }: EpicEntryProps) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit) onSubmit();
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Landlord Epic Number"
          description="3 letters and 7 digits, as on the election card"
          value={epic}
          maxLength={10}
          autoComplete="off"
          disabled={busy}
          onChange={(event) => onChange(event.currentTarget.value)}
          w={{ base: '100%', xs: 280 }}
        />
        <Button type="submit" disabled={!canSubmit} loading={busy}>
          Find
        </Button>
      </Group>
    </form>
  );
}
