import { useState } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { citizenUnitSchema, type RentalUnit, type UnitSaved } from '../../../contract/rental-units.contract';
import { registrationField } from './landlord-form';
import { useLandlordServices } from './landlord-services';
import { showLandlordFailure, showLandlordSnackbar } from './landlord-snackbar';
import { formPaths, serverFieldError } from './server-field-error';
import {
  emptyRentalUnitForm,
  rentalUnitBodyOf,
  rentalUnitFormOf,
  type RentalUnitFormValues,
} from './rental-unit-form';
import { useLookup } from './use-lookup';

/** The districts a rental unit may lie in: the portal's state, Meghalaya (the spec's district call uses 17). */
export const RENTAL_UNIT_STATE_CODE = '17';

export interface RentalUnitDialogProps {
  landlordId: string;
  /** null: a new unit; otherwise the unit being edited. */
  unit: RentalUnit | null;
  onClose: () => void;
  /** `created`: the create reply (a new unit only), which says whether the landlord's consent is awaited. */
  onSaved: (created?: UnitSaved) => void;
}

/** 'New Rental Unit' / 'Edit Rental Unit' (public-portal.md section 2): Cancel and OK. */
export function RentalUnitDialog({ landlordId, unit, onClose, onSaved }: RentalUnitDialogProps) {
  // On a phone the form takes the whole screen: eight fields do not fit a floating dialog.
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened
      fullScreen={phone}
      onClose={onClose}
      title={unit ? 'Edit Rental Unit' : 'New Rental Unit'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the rental unit dialog' }}
    >
      <RentalUnitForm landlordId={landlordId} unit={unit} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function RentalUnitForm({ landlordId, unit, onClose, onSaved }: RentalUnitDialogProps) {
  const services = useLandlordServices();
  const [saving, setSaving] = useState(false);
  const form = useForm<RentalUnitFormValues>({
    initialValues: unit ? rentalUnitFormOf(unit) : emptyRentalUnitForm(),
    validate: schemaResolver(citizenUnitSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const { districtCode } = form.values.district;
  const stationCode = form.values.la.ps.policeStationCode;
  const districts = useLookup(RENTAL_UNIT_STATE_CODE, (code) => services.districts(code));
  const stations = useLookup(districtCode || null, (code) => services.policeStations(code));
  const wards = useLookup(stationCode || null, (code) => services.wards(code));

  const field = (name: string, path: string = name) => {
    const { label, required, hint } = registrationField('rentalUnit', name);
    return {
      label,
      withAsterisk: required,
      description: hint,
      disabled: saving,
      ...form.getInputProps(path),
    };
  };

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

  const save = async (values: RentalUnitFormValues) => {
    setSaving(true);
    try {
      const body = rentalUnitBodyOf(values, landlordId);
      if (unit) {
        showLandlordSnackbar((await services.editRentalUnit(unit.rentcode, body)).message, 'success');
        onSaved();
      } else {
        const created = await services.createRentalUnit(body);
        showLandlordSnackbar(created.message, 'success');
        onSaved(created);
      }
    } catch (error) {
      showRefusal(error);
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
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput {...field('houseNo')} />
        <TextInput {...field('floorNo')} />
        <TextInput {...field('address1')} />
        <TextInput {...field('address2')} />
        <Select
          {...field('district', 'district.districtCode')}
          data={districts.map((d) => ({ value: d.districtCode, label: d.districtName }))}
          searchable
          onChange={(value: string | null) => {
            form.setFieldValue('district.districtCode', value ?? '');
            form.setFieldValue('la.ps.policeStationCode', '');
            form.setFieldValue('laCode', '');
          }}
        />
        <Select
          {...field('la.ps', 'la.ps.policeStationCode')}
          data={stations.map((s) => ({ value: s.policeStationCode, label: s.policeStationName }))}
          searchable
          onChange={(value: string | null) => {
            form.setFieldValue('la.ps.policeStationCode', value ?? '');
            form.setFieldValue('laCode', '');
          }}
        />
        <Select
          {...field('laCode')}
          data={wards.map((w) => ({ value: w.localAuthorityCode, label: w.localAuthorityName }))}
          searchable
          onChange={(value: string | null) => form.setFieldValue('laCode', value ?? '')}
        />
        <TextInput {...field('pinCode')} inputMode="numeric" maxLength={6} />
      </SimpleGrid>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          OK
        </Button>
      </Group>
    </form>
  );
}
