import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { DistrictRow, StateRow } from '../../../contract/master.contract';
import type { RegistrationEntity } from '../../../contract/registration-fields';
import { fieldProps } from './registration-field';

interface AddressFieldsProps {
  // The tenant and helper forms both hold addresses under a path; the fields only use these names.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturnType<any>;
  entity: RegistrationEntity;
  /** 'permanentAddress' or 'presentAddress'. */
  prefix: string;
  states: StateRow[];
  districts: DistrictRow[];
  stateCode: string;
  disabled?: boolean;
}

/** Address Line 1 and 2, State, District (of that state) and Pincode, labelled from the registration fields. */
export function AddressFields({
  form,
  entity,
  prefix,
  states,
  districts,
  stateCode,
  disabled,
}: AddressFieldsProps) {
  const field = (name: string) => fieldProps(entity, `${prefix}.${name}`);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput {...field('address1')} {...form.getInputProps(`${prefix}.address1`)} disabled={disabled} />
      <TextInput {...field('address2')} {...form.getInputProps(`${prefix}.address2`)} disabled={disabled} />
      <Select
        {...field('statename')}
        data={states.map((s) => ({ value: s.stateCode, label: s.stateName }))}
        searchable
        {...form.getInputProps(`${prefix}.stateCode`)}
        onChange={(value) => {
          form.setFieldValue(`${prefix}.stateCode`, value ?? '');
          form.setFieldValue(`${prefix}.districtCode`, '');
        }}
        disabled={disabled}
      />
      <Select
        {...field('district')}
        data={districts.map((d) => ({ value: d.districtCode, label: d.districtName }))}
        searchable
        {...form.getInputProps(`${prefix}.districtCode`)}
        onChange={(value) => form.setFieldValue(`${prefix}.districtCode`, value ?? '')}
        disabled={disabled || stateCode === ''}
      />
      <TextInput
        {...field('pinCode')}
        inputMode="numeric"
        maxLength={6}
        {...form.getInputProps(`${prefix}.pinCode`)}
        disabled={disabled}
      />
    </SimpleGrid>
  );
}
