import { useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { messageOr, SERVER_FALLBACK_MESSAGE } from '../../../../machines/access/failures';
import type { Tenant } from '../../../contract/tenants.contract';
import { showFormSnackbar } from '../../app/snackbar';
import { AddressFields } from './address-fields';
import { focusFirstError } from './focus-first-error';
import { fieldProps } from './registration-field';
import {
  SOME_FIELDS_EMPTY,
  emptyTenantForm,
  hasEmptyField,
  tenantBodyOf,
  tenantFormOf,
  tenantFormSchema,
  type AddressValues,
  type TenantFormValues,
} from './tenant-form';
import { useTenantServices } from './tenant-services';
import { placeNames, useDistricts, useTenantLookups } from './use-lookups';

interface BasicDetailsFormProps {
  /** The tenant as the server sent it, or null for a new registration. */
  tenant: Tenant | null;
  /** The ID typed at step 0 (a new tenant's form starts with it). */
  epicNo: string;
  onSaved: (saved: TenantSaved) => void;
}

/** A save the server accepted: the tenant as stored, the server's message, and whether it was the first save. */
export interface TenantSaved {
  tenant: Tenant;
  message: string;
  created: boolean;
  /** When the save held its contact (an ID whose earlier record was deleted): the date it takes effect. */
  contactHeldUntil: string | null;
}

const field = (name: string) => fieldProps('tenant', name);

const sameAddress = (a: AddressValues, b: AddressValues) =>
  (Object.keys(a) as (keyof AddressValues)[]).every((key) => a[key] === b[key]);

/**
 * Basic Details (public-portal.md section 5 'Tenant save'): a new tenant's form is open; a registered tenant is
 * shown read-only until Edit, so a look at the profile cannot change it by accident.
 */
export function BasicDetailsForm({ tenant, epicNo, onSaved }: BasicDetailsFormProps) {
  const services = useTenantServices();
  const lookups = useTenantLookups();
  const [editing, setEditing] = useState(tenant === null);
  const [saving, setSaving] = useState(false);
  const form = useForm<TenantFormValues>({
    mode: 'controlled',
    initialValues: tenant ? tenantFormOf(tenant) : emptyTenantForm(epicNo),
    validate: schemaResolver(tenantFormSchema, { sync: true }),
    validateInputOnChange: ['mobile'],
    // While 'Same as Permanent Address' is ticked, the present address follows every change of the permanent one.
    onValuesChange: (next) => {
      if (next.sameAsPermanent && !sameAddress(next.permanentAddress, next.presentAddress)) {
        form.setFieldValue('presentAddress', { ...next.permanentAddress });
      }
    },
  });
  const { values } = form;
  const present = values.presentAddress;
  const districts = useDistricts([values.permanentAddress.stateCode, present.stateCode]);
  const readOnly = !editing || saving;

  const save = form.onSubmit(
    async (submitted) => {
      setSaving(true);
      const tenantId = tenant?.id ?? null;
      try {
        const reply = await services.saveTenant(
          tenantBodyOf(submitted, tenantId, placeNames(lookups.states, districts)),
          tenantId,
        );
        // A first save is announced by the host (the stepper also asks for the registration number's OTP).
        if (tenantId !== null) showFormSnackbar(reply.message, 'success');
        setEditing(false);
        onSaved({
          tenant: reply.tenant,
          message: reply.message,
          created: tenantId === null,
          contactHeldUntil: reply.channelChange?.effectiveAtText ?? null,
        });
      } catch (failure) {
        showFormSnackbar(messageOr(failure, SERVER_FALLBACK_MESSAGE), 'error');
      } finally {
        setSaving(false);
      }
    },
    (errors, _values, event) => {
      if (hasEmptyField(errors)) showFormSnackbar(SOME_FIELDS_EMPTY, 'error');
      focusFirstError(event?.currentTarget);
    },
  );

  const sameAsPermanent = values.sameAsPermanent;
  return (
    <form onSubmit={save} noValidate aria-label="Tenant basic details">
      <Stack gap="md">
        <Paper withBorder p="md">
          <Title order={3} fz="md" mb="sm">
            Basic Details
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
            <TextInput {...field('epicNo')} {...form.getInputProps('epicNo')} disabled />
            <TextInput {...field('firstName')} {...form.getInputProps('firstName')} disabled={readOnly} />
            <TextInput {...field('middleName')} {...form.getInputProps('middleName')} disabled={readOnly} />
            <TextInput {...field('lastName')} {...form.getInputProps('lastName')} disabled={readOnly} />
            <TextInput
              {...field('parentOrspouseName')}
              {...form.getInputProps('parentOrspouseName')}
              disabled={readOnly}
            />
            <TextInput
              {...field('age')}
              description={undefined}
              type="date"
              max={new Date().toISOString().slice(0, 10)}
              {...form.getInputProps('age')}
              disabled={readOnly}
            />
            <Radio.Group
              {...field('nationality')}
              description={undefined}
              {...form.getInputProps('nationality')}
            >
              <Group mt={6}>
                <Radio value="Indian" label="Indian" disabled={readOnly} />
                <Radio value="Others" label="Others" disabled={readOnly} />
              </Group>
            </Radio.Group>
            <Select
              {...field('occupation')}
              data={lookups.occupations}
              searchable
              {...form.getInputProps('occupation')}
              disabled={readOnly}
            />
            <TextInput
              {...field('mobile')}
              inputMode="numeric"
              maxLength={10}
              {...form.getInputProps('mobile')}
              disabled={readOnly}
            />
            <TextInput
              {...field('email')}
              type="email"
              {...form.getInputProps('email')}
              disabled={readOnly}
            />
            <Select
              {...field('type')}
              data={lookups.tenancyTypes.map((t) => ({ value: t.tenancyCode, label: t.type }))}
              {...form.getInputProps('type')}
              disabled={readOnly}
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md">
          <Title order={3} fz="md" mb="sm">
            Permanent Address
          </Title>
          <AddressFields
            form={form}
            entity="tenant"
            prefix="permanentAddress"
            states={lookups.states}
            districts={districts[values.permanentAddress.stateCode] ?? []}
            stateCode={values.permanentAddress.stateCode}
            disabled={readOnly}
          />
        </Paper>
        <Paper withBorder p="md">
          <Group justify="space-between" mb="sm">
            <Title order={3} fz="md">
              Present Address
            </Title>
            <Checkbox
              label="Same as Permanent Address"
              {...form.getInputProps('sameAsPermanent', { type: 'checkbox' })}
              disabled={readOnly}
            />
          </Group>
          <AddressFields
            form={form}
            entity="tenant"
            prefix="presentAddress"
            states={lookups.states}
            districts={districts[present.stateCode] ?? []}
            stateCode={present.stateCode}
            disabled={readOnly || sameAsPermanent}
          />
        </Paper>
        <Group>
          {/* Keys keep the two buttons apart: were Edit's element reused as Save's, the browser would submit the
              form at the end of the very click that asked to edit (the type turns to submit during the click). */}
          {editing ? (
            <Button key="save" type="submit" loading={saving}>
              Save
            </Button>
          ) : (
            <Button key="edit" variant="default" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
