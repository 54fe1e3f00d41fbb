/**
 * The manuals (public-portal.md section 2, /manuals): a citizen guide and an officials' guide, written from the
 * portal's screens and rules. Plain data, so the page stays a light, printable HTML page.
 */
export interface ManualSection {
  title: string;
  steps: readonly string[];
}

export interface Manual {
  id: string;
  title: string;
  audience: string;
  sections: readonly ManualSection[];
}

export const MANUALS: readonly Manual[] = [
  {
    id: 'citizen-guide',
    title: 'Citizen guide',
    audience: 'For landlords and tenants',
    sections: [
      {
        title: 'Before you start',
        steps: [
          'Landlord: keep your EPIC number (3 letters then 7 digits) and the mobile number registered with it.',
          'Tenant: keep a photograph, an identity proof (EPIC, driving licence or PAN; not Aadhaar) and a signature, each as a JPEG image of at most 500 KB.',
          'Select "Documents you need" on the home page for the full lists.',
        ],
      },
      {
        title: 'Register as a landlord',
        steps: [
          'Select Register / Login as Landlord, open the Register tab, enter your EPIC number and select Next.',
          'Fill in Basic Details, Permanent Address and Present Address and save.',
          'Add each rental unit with its police station and sub-locality or ward.',
          'Later, log in from the Login tab: EPIC number, Get OTP, then the OTP sent to your mobile.',
        ],
      },
      {
        title: 'Register as a tenant',
        steps: [
          'Select Register / Login as Tenant, open the Register tab and enter your ID number.',
          'Fill in your details, then add family members and domestic helpers (or skip).',
          'Upload the photograph, identity proof and signature; the form can be downloaded once all three are uploaded.',
        ],
      },
      {
        title: 'Apply for clearance',
        steps: [
          'Select Apply for Clearance, enter the landlord’s EPIC number, Get OTP and Verify.',
          'Choose a vacant rental unit, enter the tenant’s ID and Generate Application.',
          'Select the family members and helpers living with the tenant and Apply, then download the application.',
        ],
      },
      {
        title: 'Track an application',
        steps: [
          'Select Track Application, enter the landlord’s EPIC number, Get OTP and Verify.',
          'Choose the application and select Track: the status and who holds it are shown.',
        ],
      },
      {
        title: 'On paper',
        steps: [
          'Download Form A (tenant) and Form B (landlord and rental unit) from the home page, fill them in and take them to the ward office with the documents.',
          'The office gives you an Acknowledgement with the Application ID to track.',
        ],
      },
    ],
  },
  {
    id: 'official-guide',
    title: 'Officials’ guide',
    audience: 'For wards, localities, police stations and the department',
    sections: [
      {
        title: 'Log in',
        steps: [
          'Select Login on the home page and enter your username, password and the captcha.',
          'The session ends after a period without activity; log in again when asked.',
          'To change the password, use Forgot/Change Password in the login dialog (see the password-change instructions under Downloads).',
        ],
      },
      {
        title: 'Sub-Locality/Ward',
        steps: [
          'Open Pending Applications: they wait at your ward (status LARP).',
          'Open an application, check the tenant, the documents and the members, then recommend approval or rejection (with a reason), or return it for rectification.',
          'Forwarded applications move to the locality (status LAVP).',
        ],
      },
      {
        title: 'Locality',
        steps: [
          'Open Pending Applications: they were forwarded by your wards with a recommendation.',
          'Approve (status PLVP) or reject with a reason (status RJT); issue the clearance certificate for an approved application.',
        ],
      },
      {
        title: 'Police station and department',
        steps: [
          'Approved applications and tenants are listed for verification; use the reports to follow a district.',
          'Every action is recorded in the log records with who acted and when.',
        ],
      },
    ],
  },
];
