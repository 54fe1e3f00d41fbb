import { Card, Checkbox, Select, SimpleGrid, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { registrationField, type AddressKind, type LandlordFormValues } from './landlord-form';
import { useLandlordServices } from './landlord-services';
import { useLookup } from './use-lookup';

const CARD_TITLES: Record<AddressKind, string> = {
  permanentAddress: 'Permanent Address',
  presentAddress: 'Present Address',
};

/**
 * One address card of the Basic Details form: line 1 and 2, the state and district pickers (master lookups)
 * and the pincode. The present address may copy the permanent one ('Same as Permanent Address').
 */
export function AddressCard({
  form,
  kind,
  readOnly,
  sameAsPermanent,
}: {
  form: UseFormReturnType<LandlordFormValues>;
  kind: AddressKind;
  readOnly: boolean;
  sameAsPermanent?: { checked: boolean; onChange: (checked: boolean) => void };
}) {
  const services = useLandlordServices();
  const address = form.values[kind];
  const stateCode = address.district.statename.stateCode;
  const states = useLookup('all', () => services.states());
  const districts = useLookup(stateCode || null, (code) => services.districts(code));
  const copied = sameAsPermanent?.checked ?? false;
  const locked = readOnly || copied;
  const field = (name: string) => {
    const { label, required, hint } = registrationField('landlord', `${kind}.${name}`);
    return { label, withAsterisk: required, description: hint, disabled: locked };
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={CARD_TITLES[kind]}>
      <Title order={3} fz="md" mb="sm">
        {CARD_TITLES[kind]}
      </Title>
      {sameAsPermanent ? (
        <Checkbox
          mb="sm"
          label="Same as Permanent Address"
          checked={copied}
          disabled={readOnly}
          onChange={(e) => sameAsPermanent.onChange(e.currentTarget.checked)}
        />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput {...field('address1')} {...form.getInputProps(`${kind}.address1`)} />
        <TextInput {...field('address2')} {...form.getInputProps(`${kind}.address2`)} />
        <Select
          {...field('statename')}
          data={states.map((s) => ({ value: s.stateCode, label: s.stateName }))}
          searchable
          {...form.getInputProps(`${kind}.district.statename.stateCode`)}
          onChange={(value: string | null) => {
            form.setFieldValue(`${kind}.district.statename.stateCode`, value ?? '');
            form.setFieldValue(`${kind}.district.districtCode`, '');
          }}
        />
        <Select
          {...field('district')}
          data={districts.map((d) => ({ value: d.districtCode, label: d.districtName }))}
          searchable
          {...form.getInputProps(`${kind}.district.districtCode`)}
          onChange={(value: string | null) =>
            form.setFieldValue(`${kind}.district.districtCode`, value ?? '')
          }
        />
        <TextInput
          {...field('pinCode')}
          inputMode="numeric"
          maxLength={6}
          {...form.getInputProps(`${kind}.pinCode`)}
        />
      </SimpleGrid>
    </Card>
  );
}
