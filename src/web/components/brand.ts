/**
 * The portal's names and the owner's contact details, in one place so a deployment changes them once.
 * The contact lines are the department's public helpdesk as shown in the footer and the privacy policy.
 */
export const BRAND = {
  shortName: 'MRSS Portal',
  actTitle: 'Meghalaya Residents Safety and Security Act, 2016',
  schemeName: 'Residents Safety and Security Scheme',
  tagline: 'Online registration of tenants and police verification',
  government: 'Government of Meghalaya',
  contentOwner: 'Home (Political) Department, Government of Meghalaya',
  developer: 'National Informatics Centre',
  helpdeskPhone: '0364-2224000',
  helpdeskEmail: 'mrss-helpdesk@meghalaya.gov.in',
  helpdeskHours: 'Monday to Friday, 10:00 to 17:00 (except public holidays)',
  officeAddress: 'Home (Political) Department, Main Secretariat Building, Shillong 793001',
} as const;
