import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { z } from 'zod';
import { messageOr, SERVER_FALLBACK_MESSAGE } from '../../../../machines/access/failures';
import { normalizeTenantId } from '../../../../machines/access/identity-rules';
import { settleContestBodySchema } from '../../../contract/tenants.contract';
import { useTenantsOfficeApi } from './tenants-office-api';

export const SETTLE_TITLE = 'Settle a contested record';
export const DOCUMENT_CHECKED_LABEL =
  "I have seen the person's identity document: it bears this ID number and the person's photograph.";
export const DOCUMENT_UNCHECKED_MESSAGE = 'Check the identity document first.';

interface SettleValues {
  epicNo: string;
  mobile: string;
  email: string;
  documentChecked: boolean;
}

const settleSchema = settleContestBodySchema.extend({
  documentChecked: z.literal(true, { error: DOCUMENT_UNCHECKED_MESSAGE }),
});

const empty: SettleValues = { epicNo: '', mobile: '', email: '', documentChecked: false };

type Outcome = { kind: 'settled' | 'refused'; message: string } | null;

/**
 * A locality officer settles a contested tenant record at the counter (docs/otp-channel-changes.md, "A contested
 * record"): the ID number from the identity document it checked, and the mobile number and email address the
 * person gives. The server says whether the record keeps its contact at once or the new one is held and told.
 */
export function SettleContestForm({ onCancel }: { onCancel: () => void }) {
  const api = useTenantsOfficeApi();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm<SettleValues>({
    mode: 'controlled',
    initialValues: empty,
    validate: schemaResolver(settleSchema, { sync: true }),
  });
  const settle = async ({ epicNo, mobile, email }: SettleValues) => {
    setSaving(true);
    setOutcome(null);
    try {
      const reply = await api.settleContestedTenant({ epicNo, mobile, email: email || null });
      setOutcome({ kind: 'settled', message: `${epicNo}: ${reply.message}` });
      form.reset();
    } catch (failure) {
      setOutcome({ kind: 'refused', message: messageOr(failure, SERVER_FALLBACK_MESSAGE) });
    } finally {
      setSaving(false);
    }
  };
  // A contact other than the one on record cannot be stopped online once saved: the officer reads it back first
  // (re-attack N3: a one-digit slip was saved at once). A refused form clears an earlier result (P7).
  const submit = form.onSubmit(
    (values) => {
      modals.openConfirmModal({
        title: 'Settle this record?',
        children: (
          <Text size="sm">
            ID {values.epicNo}, mobile number {values.mobile}
            {values.email ? `, email address ${values.email}` : ', the email address on record kept'}. Read
            them back to the person. If they differ from the contact on record, they replace it after the
            waiting period, and the person cannot stop it online.
          </Text>
        ),
        labels: { confirm: 'Settle', cancel: 'Check again' },
        onConfirm: () => void settle(values),
      });
    },
    () => setOutcome(null),
  );
  const epicNo = form.getInputProps('epicNo');
  return (
    <Paper withBorder p="md" maw={560}>
      <form onSubmit={submit} aria-label={SETTLE_TITLE} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="md">
            {SETTLE_TITLE}
          </Title>
          <Text size="sm">
            A record registered again after it was deleted, with another mobile number or email address, stays
            closed until it is settled here. With the person at the counter, check its identity document, then
            enter the ID number and the contact the person gives. The kept contact is told; a new one takes
            effect after the waiting period and cannot be stopped online.
          </Text>
          <TextInput
            label="ID number on the document"
            required
            maxLength={20}
            autoComplete="off"
            {...epicNo}
            onChange={(event) =>
              form.setFieldValue('epicNo', normalizeTenantId('id', event.currentTarget.value))
            }
          />
          <TextInput
            label="Mobile number"
            required
            inputMode="numeric"
            maxLength={10}
            autoComplete="off"
            {...form.getInputProps('mobile')}
          />
          <TextInput
            label="Email address"
            description="Leave empty to keep the email address on record."
            type="email"
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <Checkbox
            label={DOCUMENT_CHECKED_LABEL}
            {...form.getInputProps('documentChecked', { type: 'checkbox' })}
          />
          {outcome ? (
            <Alert
              color={outcome.kind === 'settled' ? 'green' : 'red'}
              role={outcome.kind === 'settled' ? 'status' : 'alert'}
            >
              {outcome.message}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={saving}>
              Settle
            </Button>
            <Button variant="default" onClick={onCancel}>
              Close
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
