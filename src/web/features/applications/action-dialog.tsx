import { useState } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { OTHER_REASON, REJECTION_REASONS, type RejectionReason } from '../../../../machines/application';
import { ACTION_SPECS, hasForm, type StaffActionEvent } from './application-actions';
import type { ActionInput } from './applications-api';

export interface ActionDialogProps {
  applid: number;
  event: StaffActionEvent;
  /** Runs the action; rejects with the message to show when the server refuses. */
  onSubmit: (input: ActionInput) => Promise<void>;
  onClose: () => void;
}

/**
 * One processing action: its form (reason and remarks, when the action asks for them), then a confirmation,
 * then the call. The form's rules are the machine's payload schema, so Apply is enabled exactly when the
 * server would accept the input.
 */
export function ActionDialog({ applid, event, onSubmit, onClose }: ActionDialogProps) {
  const spec = ACTION_SPECS[event];
  const [step, setStep] = useState<'form' | 'confirm'>(hasForm(event) ? 'form' : 'confirm');
  const [reason, setReason] = useState<RejectionReason | null>(null);
  const [otherReason, setOtherReason] = useState('');
  const [remarks, setRemarks] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const input: ActionInput = {
    ...(spec.form.reason && reason ? { reason } : {}),
    ...(reason === OTHER_REASON ? { otherReason } : {}),
    ...(spec.form.remarks !== 'none' ? { remarks } : {}),
  };
  const valid = spec.schema ? spec.schema.safeParse(input).success : true;

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSubmit(input);
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={`${spec.label}: application ${applid}`} centered size="lg">
      {step === 'form' ? (
        <Stack gap="sm">
          {spec.form.reason ? (
            <NativeSelect
              label="Reason"
              withAsterisk
              data={[{ value: '', label: 'Select a reason' }, ...REJECTION_REASONS]}
              value={reason ?? ''}
              onChange={(e) => setReason((e.currentTarget.value || null) as RejectionReason | null)}
            />
          ) : null}
          {reason === OTHER_REASON ? (
            <TextInput
              label="Type the reason"
              withAsterisk
              value={otherReason}
              onChange={(e) => setOtherReason(e.currentTarget.value)}
              description="With 'Others' the reason must be typed."
            />
          ) : null}
          {spec.form.remarks !== 'none' ? (
            <Textarea
              label="Remarks"
              withAsterisk={spec.form.remarks === 'required'}
              rows={4}
              value={remarks}
              onChange={(e) => setRemarks(e.currentTarget.value)}
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={!valid} onClick={() => setStep('confirm')}>
              Apply
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text>{spec.confirm(applid)}</Text>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button color={spec.colour} loading={busy} onClick={submit}>
              Yes, {spec.label}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
