import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { messageOr, SERVER_FALLBACK_MESSAGE } from '../../../../machines/access/failures';
import { displayable } from '../../../contract/display-text';
import type { StateRow } from '../../../contract/master.contract';
import { TENANT_MESSAGES } from '../../../contract/tenants.contract';
import { showFormSnackbar } from '../../app/snackbar';
import { AddressFields } from './address-fields';
import { focusFirstError } from './focus-first-error';
import { fieldProps } from './registration-field';
import { useTenantServices } from './tenant-services';
import { placeNames, useDistricts } from './use-lookups';

const PIN_MESSAGE = 'Invalid Pincode. Must be 6 digits.';
const helperSchema = z.object({
  memberName: z
    .string()
    .trim()
    .min(1, 'Member Name required')
    .refine(...displayable('name')),
  age: z.string().min(1, 'Age is required'),
  permanentAddress: z.object({
    address1: z
      .string()
      .trim()
      .min(1, 'Address Line 1 required!')
      .refine(...displayable('address')),
    address2: z.string().refine(...displayable('address')),
    stateCode: z.string().min(1, 'State required'),
    districtCode: z.string().min(1, 'District required'),
    pinCode: z
      .string()
      .trim()
      .regex(/^\d{6}$/, PIN_MESSAGE),
  }),
  presentPinCode: z
    .string()
    .trim()
    .regex(/^(\d{6})?$/, PIN_MESSAGE),
});
type HelperValues = z.infer<typeof helperSchema>;
const empty: HelperValues = {
  memberName: '',
  age: '',
  permanentAddress: { address1: '', address2: '', stateCode: '', districtCode: '', pinCode: '' },
  presentPinCode: '',
};
const field = (name: string) => fieldProps('domesticHelper', name);

/** New Helper (public-portal.md section 5 'Helper'): on success the signature upload follows. */
export function HelperDialog({
  tenantId,
  opened,
  states,
  onClose,
  onSaved,
}: {
  tenantId: number;
  opened: boolean;
  states: StateRow[];
  onClose: () => void;
  onSaved: (memberCode: number, memberName: string) => void;
}) {
  const services = useTenantServices();
  const [saving, setSaving] = useState(false);
  const form = useForm<HelperValues>({
    mode: 'controlled',
    initialValues: empty,
    validate: schemaResolver(helperSchema, { sync: true }),
  });
  const address = form.values.permanentAddress;
  const districts = useDistricts([address.stateCode]);
  const close = () => {
    form.reset();
    onClose();
  };
  const save = form.onSubmit(
    async (values) => {
      setSaving(true);
      const names = placeNames(states, districts);
      const permanent = values.permanentAddress;
      try {
        const reply = await services.addHelper(tenantId, {
          memberName: values.memberName.trim(),
          age: values.age,
          permanentAddress: {
            address1: permanent.address1.trim(),
            address2: permanent.address2.trim() || null,
            pinCode: permanent.pinCode.trim(),
            district: {
              districtCode: permanent.districtCode,
              districtName: names.districtName(permanent.stateCode, permanent.districtCode),
            },
            statename: { stateCode: permanent.stateCode, stateName: names.stateName(permanent.stateCode) },
          },
          presentAddress: { pinCode: values.presentPinCode.trim() || null },
        });
        showFormSnackbar(reply.message, 'success');
        form.reset();
        onSaved(reply.memberCode, values.memberName.trim());
      } catch (failure) {
        showFormSnackbar(messageOr(failure, SERVER_FALLBACK_MESSAGE), 'error');
      } finally {
        setSaving(false);
      }
    },
    (_errors, _values, event) => {
      showFormSnackbar(TENANT_MESSAGES.recheck, 'error');
      focusFirstError(event?.currentTarget);
    },
  );
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="New Helper"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={save} noValidate aria-label="New helper">
        <Stack gap="sm">
          <TextInput {...field('memberName')} {...form.getInputProps('memberName')} />
          <TextInput
            {...field('age')}
            description={undefined}
            type="date"
            max={new Date().toISOString().slice(0, 10)}
            {...form.getInputProps('age')}
          />
          <AddressFields
            form={form}
            entity="domesticHelper"
            prefix="permanentAddress"
            states={states}
            districts={districts[address.stateCode] ?? []}
            stateCode={address.stateCode}
          />
          <TextInput
            label="Present Address: Pincode"
            description="6 digits, if different"
            inputMode="numeric"
            maxLength={6}
            {...form.getInputProps('presentPinCode')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
