import { useEffect, useState } from 'react';
import { Button, Card, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { PendingChannelChange } from '../../../contract/channel-changes.contract';
import { landlordInputSchema } from '../../../contract/landlords.contract';
import { PendingChannelNote } from '../../components/channel-change-alert';
import { AddressCard } from './address-card';
import {
  landlordBodyOf,
  registrationField,
  type AddressValues,
  type LandlordFormValues,
} from './landlord-form';
import { useLandlordServices } from './landlord-services';
import { showLandlordFailure, showLandlordSnackbar } from './landlord-snackbar';
import { formPaths, serverFieldError } from './server-field-error';
import { useLookup } from './use-lookup';

/** How Save goes: a new landlord is created anonymously; a known one is updated with its key. */
export type LandlordSaveMode = 'create' | 'update' | 'awaitingOtp';

export interface LandlordDetailsFormProps {
  initialValues: LandlordFormValues;
  landlordId: string | null;
  saveMode: LandlordSaveMode;
  /** The landlord was saved: the stepper hears of it (and a fresh registration then asks for the OTP). */
  onSaved: (landlordId: string, values: LandlordFormValues) => void;
  /**
   * An official's view: the record's held change of its mobile or email (docs/otp-channel-changes.md), shown above
   * the form, and replaced by the change a save holds.
   */
  pendingChange?: PendingChannelChange | null;
}

/**
 * The Basic Details tab: three cards (Basic Details, Permanent Address, Present Address) checked with the
 * contract's landlord schema, so the messages under the fields are the spec's (section 5) and the server's.
 */
export function LandlordDetailsForm({
  initialValues,
  landlordId,
  saveMode,
  onSaved,
  pendingChange = null,
}: LandlordDetailsFormProps) {
  const services = useLandlordServices();
  const [saving, setSaving] = useState(false);
  const [pending, setPending] = useState(pendingChange);
  const [sameAsPermanent, setSameAsPermanent] = useState(false);
  const form = useForm<LandlordFormValues>({
    initialValues,
    validate: schemaResolver(landlordInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const occupations = useLookup('all', () => services.occupations());
  // Compared as text: the form hands out a new object on every change, which would re-run the copy forever.
  const permanent = JSON.stringify(form.values.permanentAddress);

  // While 'Same as Permanent Address' is ticked the present address follows the permanent one.
  useEffect(() => {
    if (sameAsPermanent) form.setFieldValue('presentAddress', JSON.parse(permanent) as AddressValues);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sameAsPermanent, permanent]);

  const field = (name: keyof LandlordFormValues) => {
    const { label, required, hint } = registrationField('landlord', name);
    return { label, withAsterisk: required, description: hint, ...form.getInputProps(name) };
  };
  const readOnly = saveMode === 'awaitingOtp' || saving;

  // A 400 names its field ('presentAddress.pinCode: ...'): the message stands under that field as well.
  const showRefusal = (error: unknown) => {
    const refusal = serverFieldError(error, formPaths(form.values));
    if (refusal?.field) {
      form.setFieldError(refusal.field, refusal.text);
      const field = refusal.field;
      // The form is disabled while saving: the field takes the focus once the form is enabled again.
      setTimeout(() => form.getInputNode(field)?.focus(), 0);
    }
    showLandlordFailure(error, refusal?.text);
  };

  const save = async (values: LandlordFormValues) => {
    setSaving(true);
    try {
      const body = landlordBodyOf(values);
      if (saveMode === 'create') {
        const reply = await services.createLandlord(body);
        onSaved(String(reply.landlord_id), values);
      } else if (landlordId !== null) {
        const reply = await services.updateLandlord({ ...body, id: Number(landlordId) });
        showLandlordSnackbar(reply.message, 'success');
        // A held change is not the record yet: the fields show the mobile and email in use, the note the change.
        const held = reply.channelChange;
        const saved = held ? withChannelInUse(values, form.getInitialValues(), held) : values;
        if (held) setPending(held);
        form.setInitialValues(saved);
        form.setValues(saved);
        onSaved(landlordId, saved);
      }
    } catch (error) {
      showRefusal(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) => void save(values),
        (errors) => form.getInputNode(Object.keys(errors)[0] ?? '')?.focus(),
      )}
    >
      <Stack gap="md">
        <PendingChannelNote change={pending} reveal={pending !== pendingChange} />
        <Card withBorder radius="md" padding="md" component="section" aria-label="Basic Details">
          <Title order={3} fz="md" mb="sm">
            Basic Details
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput {...field('epicNo')} readOnly disabled />
            <TextInput {...field('firstName')} disabled={readOnly} />
            <TextInput {...field('middleName')} disabled={readOnly} />
            <TextInput {...field('lastName')} disabled={readOnly} />
            <Select
              {...field('occupation')}
              data={withCurrent(occupations, form.values.occupation)}
              searchable
              disabled={readOnly}
              onChange={(value: string | null) => form.setFieldValue('occupation', value ?? '')}
            />
            <TextInput {...field('mobile')} inputMode="numeric" maxLength={10} disabled={readOnly} />
            <TextInput {...field('email')} type="email" disabled={readOnly} />
          </SimpleGrid>
        </Card>
        <AddressCard form={form} kind="permanentAddress" readOnly={readOnly} />
        <AddressCard
          form={form}
          kind="presentAddress"
          readOnly={readOnly}
          sameAsPermanent={{ checked: sameAsPermanent, onChange: setSameAsPermanent }}
        />
        <Group>
          <Button type="submit" loading={saving} disabled={saveMode === 'awaitingOtp'}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The saved values with the held mobile or email back to the one in use (the change takes effect later). */
function withChannelInUse(
  saved: LandlordFormValues,
  inUse: LandlordFormValues,
  held: PendingChannelChange,
): LandlordFormValues {
  return {
    ...saved,
    mobile: held.newMobile === null ? saved.mobile : inUse.mobile,
    email: held.newEmail === null ? saved.email : inUse.email,
  };
}

/** The occupations offered, with the landlord's stored one kept even if the list no longer has it. */
function withCurrent(options: string[], current: string): string[] {
  return current && !options.includes(current) ? [current, ...options] : options;
}
