import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';

type Fields = Record<string, string>;

/** What the frame and its inputs use of useEntryForm. */
export interface EntryFormView<F extends Fields> {
  fields: F;
  errors: Partial<Record<string, string>>;
  failure: string | null;
  sending: boolean;
  change: (name: keyof F & string, value: string) => void;
  submit: (event: FormEvent) => void;
  reset: () => void;
}

/**
 * The frame of the three creation dialogs: title, fields, the server's refusal, Cancel and the submit button.
 * Closing (Cancel, the close button, Escape) empties the form.
 */
export function EntryDialog<F extends Fields>(props: {
  opened: boolean;
  title: string;
  submitLabel: string;
  form: EntryFormView<F>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { form } = props;
  const close = () => {
    form.reset();
    props.onClose();
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form noValidate onSubmit={form.submit}>
        <Stack gap="sm">
          {props.children}
          {form.failure && (
            <Alert color="red.9" variant="outline" role="alert">
              {form.failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={form.sending}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface EntryInputProps<F extends Fields> {
  form: EntryFormView<F>;
  name: keyof F & string;
  label: string;
}

/** A required text field of a creation dialog, bound to its form. */
export function EntryTextInput<F extends Fields>({
  form,
  name,
  label,
  autoFocus = false,
}: EntryInputProps<F> & { autoFocus?: boolean }) {
  return (
    <TextInput
      label={label}
      withAsterisk
      data-autofocus={autoFocus || undefined}
      value={form.fields[name]}
      error={form.errors[name]}
      onChange={(e) => form.change(name, e.currentTarget.value)}
    />
  );
}

/** A required picker of a creation dialog: the placeholder (value ''), then the choices. */
export function EntrySelect<F extends Fields>({
  form,
  name,
  label,
  placeholder,
  choices,
}: EntryInputProps<F> & { placeholder: string; choices: Array<{ value: string; label: string }> }) {
  return (
    <NativeSelect
      label={label}
      withAsterisk
      value={form.fields[name]}
      error={form.errors[name]}
      onChange={(e) => form.change(name, e.currentTarget.value)}
      data={[{ value: '', label: placeholder }, ...choices]}
    />
  );
}
