import { z } from 'zod';
import { AADHAAR_PATTERN, AADHAAR_REFUSED_MESSAGE, type Tenant } from '../../../contract/tenants.contract';
import { displayable } from '../../../contract/display-text';
import type { TenantBodyInput } from './tenant-services';

/** The Basic Details form: flat values the inputs edit, checked with the spec's words (section 5 'Tenant save'). */

export interface AddressValues {
  address1: string;
  address2: string;
  stateCode: string;
  districtCode: string;
  pinCode: string;
}

export interface TenantFormValues {
  epicNo: string;
  firstName: string;
  middleName: string;
  lastName: string;
  parentOrspouseName: string;
  age: string;
  nationality: 'Indian' | 'Others';
  occupation: string;
  mobile: string;
  email: string;
  type: string;
  sameAsPermanent: boolean;
  permanentAddress: AddressValues;
  presentAddress: AddressValues;
}

export const SOME_FIELDS_EMPTY = 'Some fields are empty!';

const emptyAddress: AddressValues = {
  address1: '',
  address2: '',
  stateCode: '',
  districtCode: '',
  pinCode: '',
};

export function emptyTenantForm(epicNo: string): TenantFormValues {
  return {
    epicNo,
    firstName: '',
    middleName: '',
    lastName: '',
    parentOrspouseName: '',
    age: '',
    nationality: 'Indian',
    occupation: '',
    mobile: '',
    email: '',
    type: 'T1',
    sameAsPermanent: false,
    permanentAddress: { ...emptyAddress },
    presentAddress: { ...emptyAddress },
  };
}

const addressValues = (address: Tenant['permanentAddress']): AddressValues => ({
  address1: address.address1,
  address2: address.address2 ?? '',
  stateCode: address.district.statename.stateCode,
  districtCode: address.district.districtCode,
  pinCode: address.pinCode,
});

export function tenantFormOf(tenant: Tenant): TenantFormValues {
  return {
    epicNo: tenant.epicNo,
    firstName: tenant.firstName,
    middleName: tenant.middleName ?? '',
    lastName: tenant.lastName ?? '',
    parentOrspouseName: tenant.parentOrspouseName,
    age: tenant.age ?? '',
    nationality: tenant.nationality,
    occupation: tenant.occupation,
    mobile: tenant.mobile,
    email: tenant.email ?? '',
    type: tenant.type,
    sameAsPermanent: false,
    permanentAddress: addressValues(tenant.permanentAddress),
    presentAddress: addressValues(tenant.presentAddress),
  };
}

const filled = (message: string) => z.string().trim().min(1, message);
/** The contract's rule for names and addresses (src/contract/display-text.ts), so the form says what the server would. */
const name = (schema: z.ZodString) => schema.refine(...displayable('name'));
const address = (schema: z.ZodString) => schema.refine(...displayable('address'));

const addressSchema = z.object({
  address1: address(filled('Address Line 1 required!')),
  address2: address(z.string()),
  stateCode: filled('State required'),
  districtCode: filled('District required'),
  pinCode: filled('Pincode required').regex(/^\d{6}$/, 'Pincode must be 6 digits.'),
});

export const tenantFormSchema = z.object({
  epicNo: filled('ID required').refine((v) => !AADHAAR_PATTERN.test(v.trim()), AADHAAR_REFUSED_MESSAGE),
  firstName: name(filled('firstName required')),
  middleName: name(z.string()),
  lastName: name(z.string()),
  parentOrspouseName: name(filled('Parent or Spouse name required')),
  age: filled('Date of Birth required'),
  occupation: filled('Occupation required'),
  mobile: filled('Mobile Number required').regex(/^\d{1,10}$/, 'Only numbers are allowed'),
  email: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Invalid email address.'),
  type: filled('Type required'),
  permanentAddress: addressSchema,
  presentAddress: addressSchema,
});

/** The messages that mean "left empty": any of them blocks the save with 'Some fields are empty!'. */
const EMPTY_MESSAGES = new Set([
  'ID required',
  'firstName required',
  'Parent or Spouse name required',
  'Date of Birth required',
  'Occupation required',
  'Mobile Number required',
  'Address Line 1 required!',
  'State required',
  'District required',
  'Pincode required',
  'Type required',
]);

export function hasEmptyField(errors: Record<string, unknown>): boolean {
  return Object.values(errors).some((message) => typeof message === 'string' && EMPTY_MESSAGES.has(message));
}

export interface PlaceNames {
  stateName(code: string): string;
  districtName(stateCode: string, districtCode: string): string;
}

function addressBody(values: AddressValues, names: PlaceNames): TenantBodyInput['permanentAddress'] {
  return {
    address1: values.address1.trim(),
    address2: values.address2.trim() || null,
    pinCode: values.pinCode.trim(),
    district: {
      districtCode: values.districtCode,
      districtName: names.districtName(values.stateCode, values.districtCode),
      statename: { stateCode: values.stateCode, stateName: names.stateName(values.stateCode) },
    },
  };
}

/** The save body. Empty middle name and email are left out, as the spec's client does. */
export function tenantBodyOf(
  values: TenantFormValues,
  tenantId: number | null,
  names: PlaceNames,
): TenantBodyInput {
  const present = values.sameAsPermanent ? values.permanentAddress : values.presentAddress;
  const body: TenantBodyInput = {
    epicNo: values.epicNo.trim().toUpperCase(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim() || null,
    occupation: values.occupation,
    parentOrspouseName: values.parentOrspouseName.trim(),
    nationality: values.nationality,
    age: values.age || null,
    mobile: values.mobile.trim(),
    type: values.type,
    individualEpic: true,
    exist: tenantId !== null,
    id: tenantId,
    permanentAddress: addressBody(values.permanentAddress, names),
    presentAddress: addressBody(present, names),
  };
  if (values.middleName.trim()) body.middleName = values.middleName.trim();
  if (values.email.trim()) body.email = values.email.trim();
  return body;
}
