/** The Application Report's column heads (backoffice.md section 2), the same on screen and in the PDF. */
export const REPORT_HEADS = [
  'Sl no.',
  'Appl Id',
  'Landlord Name',
  'Tenant Name',
  'Occupation',
  'Number of Family Members',
  'Permanent Address',
  'Rental Address',
] as const;
