/**
 * The fields a landlord or tenant registration asks for, in ONE list: the printable Form A and Form B
 * (src/server/pdf/public/) are drawn from it, and the online forms read their labels, required flags and hints
 * from it too, so paper and screen never ask for different things. Field names are those of the API entities
 * (public-portal.md section 3); the required flags follow its validation rules (section 5).
 */
export interface RegistrationField {
  /** The entity's field name in the API (dotted for a nested field: permanentAddress.address1). */
  name: string;
  label: string;
  required: boolean;
  /** What a valid value looks like, shown under the field and on the paper form. */
  hint?: string;
}

export type RegistrationEntity = 'landlord' | 'tenant' | 'familyMember' | 'domesticHelper' | 'rentalUnit';

export const PINCODE_HINT = '6 digits';
export const MOBILE_HINT = 'up to 10 digits, numbers only';
export const EPIC_HINT = '3 letters then 7 digits, e.g. ABC1234567';
export const DATE_HINT = 'DD-MM-YYYY';

/** An address's fields under its entity field (permanentAddress or presentAddress). */
function addressFields(prefix: 'permanentAddress' | 'presentAddress', label: string): RegistrationField[] {
  return [
    { name: `${prefix}.address1`, label: `${label}: Address Line 1`, required: true },
    { name: `${prefix}.address2`, label: `${label}: Address Line 2`, required: false },
    { name: `${prefix}.statename`, label: `${label}: State`, required: true },
    { name: `${prefix}.district`, label: `${label}: District`, required: true },
    { name: `${prefix}.pinCode`, label: `${label}: Pincode`, required: true, hint: PINCODE_HINT },
  ];
}

export const REGISTRATION_FIELDS: Record<RegistrationEntity, readonly RegistrationField[]> = {
  landlord: [
    { name: 'epicNo', label: 'EPIC Number', required: true, hint: EPIC_HINT },
    { name: 'firstName', label: 'First Name', required: true },
    { name: 'middleName', label: 'Middle Name', required: false },
    { name: 'lastName', label: 'Last Name', required: false },
    { name: 'occupation', label: 'Occupation', required: true },
    { name: 'mobile', label: 'Mobile Number', required: true, hint: MOBILE_HINT },
    { name: 'email', label: 'Email', required: false },
    ...addressFields('permanentAddress', 'Permanent Address'),
    ...addressFields('presentAddress', 'Present Address'),
  ],
  tenant: [
    {
      name: 'epicNo',
      label: 'ID Number',
      required: true,
      hint: 'EPIC, driving licence or PAN number (not Aadhaar)',
    },
    { name: 'firstName', label: 'First Name', required: true },
    { name: 'middleName', label: 'Middle Name', required: false },
    { name: 'lastName', label: 'Last Name', required: false },
    { name: 'parentOrspouseName', label: 'Parent or Spouse Name', required: true },
    { name: 'age', label: 'Date of Birth', required: true, hint: DATE_HINT },
    { name: 'nationality', label: 'Nationality', required: true, hint: 'Indian or Others' },
    { name: 'occupation', label: 'Occupation', required: true },
    { name: 'mobile', label: 'Mobile Number', required: true, hint: MOBILE_HINT },
    { name: 'email', label: 'Email', required: false },
    { name: 'type', label: 'Tenancy Type', required: true },
    ...addressFields('permanentAddress', 'Permanent Address'),
    ...addressFields('presentAddress', 'Present Address'),
  ],
  familyMember: [
    { name: 'memberName', label: 'Member Name', required: true },
    { name: 'age', label: 'Date of Birth', required: false, hint: DATE_HINT },
    { name: 'relationship', label: 'Relationship', required: true },
    { name: 'occupation', label: 'Occupation', required: true },
  ],
  domesticHelper: [
    { name: 'memberName', label: 'Member Name', required: true },
    { name: 'age', label: 'Date of Birth', required: true, hint: DATE_HINT },
    { name: 'permanentAddress.address1', label: 'Permanent Address: Address Line 1', required: true },
    { name: 'permanentAddress.address2', label: 'Permanent Address: Address Line 2', required: false },
    { name: 'permanentAddress.statename', label: 'Permanent Address: State', required: true },
    { name: 'permanentAddress.district', label: 'Permanent Address: District', required: true },
    {
      name: 'permanentAddress.pinCode',
      label: 'Permanent Address: Pincode',
      required: true,
      hint: PINCODE_HINT,
    },
  ],
  rentalUnit: [
    { name: 'houseNo', label: 'House Number', required: false },
    { name: 'floorNo', label: 'Floor Number/Flat Number', required: false },
    { name: 'address1', label: 'Address Line 1', required: true },
    { name: 'address2', label: 'Address Line 2', required: false },
    { name: 'district', label: 'District', required: true },
    { name: 'la.ps', label: 'Police Station', required: true },
    { name: 'laCode', label: 'Sub-Locality/Ward', required: true },
    { name: 'pinCode', label: 'Pincode', required: true, hint: PINCODE_HINT },
  ],
};

/** The documents uploaded with a registration (public-portal.md sections 5 and 9). */
export const DOCUMENT_RULES = {
  maxBytes: 512_000,
  maxLabel: '500 KB',
  format: 'JPEG (.jpg or .jpeg)',
  /** Identity documents a tenant may give; Aadhaar is never accepted as identity proof. */
  identityProofs: ['Election Photo Identity Card (EPIC)', 'Driving licence', 'PAN card'],
} as const;
