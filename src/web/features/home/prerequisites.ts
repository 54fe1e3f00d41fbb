import { DOCUMENT_RULES } from '../../../contract/registration-fields';

/**
 * What landlords and tenants need ready before they start (the prerequisites announcement; public-portal.md
 * sections 5 and 9). Sizes and formats come from the shared document rules, so the page says what the upload
 * checks.
 */
export interface PrerequisiteGroup {
  key: 'landlord' | 'tenant';
  tab: string;
  intro: string;
  required: readonly string[];
  optional: readonly string[];
}

const upload = `${DOCUMENT_RULES.format}, at most ${DOCUMENT_RULES.maxLabel}`;

export const PREREQUISITES: readonly PrerequisiteGroup[] = [
  {
    key: 'landlord',
    tab: 'Landlord',
    intro: 'To register as a landlord and apply for the clearance of a tenant, keep ready:',
    required: [
      'Your Election Photo Identity Card (EPIC) number: 3 letters then 7 digits',
      'A mobile number (up to 10 digits) to receive the one-time password (OTP)',
      'Your permanent address and your present address, each with its 6-digit pincode',
      'For each rental unit: house number, floor or flat number, address, police station and sub-locality or ward',
    ],
    optional: ['An email address', 'Domestic helpers working in your house: name, date of birth and address'],
  },
  {
    key: 'tenant',
    tab: 'Tenant',
    intro: `To register as a tenant, keep ready these documents as images (${upload} each):`,
    required: [
      'A recent photograph of the tenant',
      `Identity proof: ${DOCUMENT_RULES.identityProofs.join(', ')}. Aadhaar is not accepted`,
      'The tenant’s signature',
      'The ID number of that identity proof, a mobile number, and the permanent and present addresses',
    ],
    optional: [
      `Photographs of family members living with the tenant (${upload})`,
      `Signatures of domestic helpers (${upload})`,
    ],
  },
];
