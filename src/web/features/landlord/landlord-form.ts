import type { Landlord } from '../../../contract/landlords.contract';
import { REGISTRATION_FIELDS, type RegistrationEntity } from '../../../contract/registration-fields';
import type { LandlordBody } from './landlord-services';

/**
 * The Basic Details form. Its values have the shape of the landlord body (docs/landlords-api.md), so the
 * contract's own schema checks them with the spec's messages (section 5) and its error paths are the fields'.
 */

export interface AddressValues {
  address1: string;
  address2: string;
  pinCode: string;
  district: { districtCode: string; statename: { stateCode: string } };
}

export interface LandlordFormValues {
  epicNo: string;
  firstName: string;
  middleName: string;
  lastName: string;
  occupation: string;
  mobile: string;
  email: string;
  permanentAddress: AddressValues;
  presentAddress: AddressValues;
}

export type AddressKind = 'permanentAddress' | 'presentAddress';

export const emptyAddress = (): AddressValues => ({
  address1: '',
  address2: '',
  pinCode: '',
  district: { districtCode: '', statename: { stateCode: '' } },
});

export function emptyLandlordForm(epicNo: string): LandlordFormValues {
  return {
    epicNo,
    firstName: '',
    middleName: '',
    lastName: '',
    occupation: '',
    mobile: '',
    email: '',
    permanentAddress: emptyAddress(),
    presentAddress: emptyAddress(),
  };
}

const addressValues = (address: Landlord['permanentAddress']): AddressValues => ({
  address1: address.address1,
  address2: address.address2 ?? '',
  pinCode: address.pinCode,
  district: {
    districtCode: address.district.districtCode,
    statename: { stateCode: address.district.statename.stateCode },
  },
});

export function landlordFormOf(landlord: Landlord): LandlordFormValues {
  return {
    epicNo: landlord.epicNo,
    firstName: landlord.firstName,
    middleName: landlord.middleName ?? '',
    lastName: landlord.lastName ?? '',
    occupation: landlord.occupation,
    mobile: landlord.mobile,
    email: landlord.email ?? '',
    permanentAddress: addressValues(landlord.permanentAddress),
    presentAddress: addressValues(landlord.presentAddress),
  };
}

/** The body sent: blank optional fields are left out (the spec drops empty middle names and emails). */
export function landlordBodyOf(values: LandlordFormValues): LandlordBody {
  const optional = (value: string) => (value.trim() ? value.trim() : undefined);
  const address = (a: AddressValues) => ({ ...a, address2: optional(a.address2) });
  return {
    ...values,
    middleName: optional(values.middleName),
    lastName: optional(values.lastName),
    email: optional(values.email),
    permanentAddress: address(values.permanentAddress),
    presentAddress: address(values.presentAddress),
  };
}

/** "First Middle Last", for the Rental Units tab's Landlord Name line. */
export function landlordFullName(values: Pick<LandlordFormValues, 'firstName' | 'middleName' | 'lastName'>) {
  return [values.firstName, values.middleName, values.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/** Label and required flag of a registration field (the printed forms use the same list). */
export function registrationField(entity: RegistrationEntity, name: string) {
  const field = REGISTRATION_FIELDS[entity].find((f) => f.name === name);
  if (!field) throw new Error(`No ${entity} field ${name} in registration-fields.ts`);
  return field;
}
