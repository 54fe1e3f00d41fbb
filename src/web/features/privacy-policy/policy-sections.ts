import { BRAND } from '../../components/brand';

/**
 * The portal's privacy policy, as data so the page, its story and its test read the same text.
 * It follows the Digital Personal Data Protection Act, 2023 and the Information Technology Act, 2000.
 */
export const POLICY_UPDATED = '22 November 2026';

export interface PolicySection {
  title: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
}

export const POLICY_SECTIONS: readonly PolicySection[] = [
  {
    title: 'About this policy',
    paragraphs: [
      `The ${BRAND.shortName} is run by the ${BRAND.contentOwner} to register tenants and to verify them with the police under the ${BRAND.actTitle}.`,
      'This policy explains what personal information the portal collects, why, who can see it, how long it is kept and what rights you have over it. It applies to landlords, tenants and the officials who use the portal.',
    ],
  },
  {
    title: 'What we collect',
    items: [
      'Landlords: name, Election Photo Identity Card (EPIC) number, mobile number, email address if given, address, occupation and the details of each rental unit.',
      'Tenants: name, identity document (EPIC, driving licence or PAN) and its number, photograph, permanent and rental address, occupation, mobile number, and the details of family members and domestic helpers who live with the tenant.',
      'Documents you upload, such as identity proofs and photographs.',
      'Officials: username, email address, role and area of responsibility, and a record of each sign-in and of every action taken on an application.',
      'Technical data: the IP address, date and time of sign-ins and actions, and the pages requested, kept to secure the portal and to keep an audit trail.',
    ],
  },
  {
    title: 'Why we collect it',
    items: [
      'To register landlords and tenants as the Act requires.',
      'To process clearance applications through the sub-locality or ward, the locality and the police, and to issue clearance certificates.',
      'To let applicants download their forms and track the status of their applications.',
      'To protect the portal against misuse and to keep a record of who did what, when.',
      'To answer questions and complaints sent to the helpdesk.',
    ],
    paragraphs: [
      'Your information is not used for advertising, is never sold, and is not used for any purpose unrelated to the Act.',
    ],
  },
  {
    title: 'Who can see it',
    paragraphs: [
      'An application is seen only by the officials whose area covers the rental unit, and only in the role needed for their step: the sub-locality or ward officer, the locality officer, the police station and the department officials who supervise them.',
      'Information is shared with other government authorities only where a law, a court order or a lawful investigation requires it.',
    ],
  },
  {
    title: 'How we protect it',
    items: [
      'All traffic to the portal is encrypted.',
      'Passwords are encrypted in your browser before they are sent and are stored only as one-way hashes.',
      'Landlords and tenants reach their records with a one-time password sent to their registered mobile number, valid for a few minutes and usable once.',
      'Every request is checked against the official’s role and area; sessions end after a period of inactivity.',
      'Sign-ins and actions on applications are logged and the logs are reviewed.',
    ],
  },
  {
    title: 'How long we keep it',
    paragraphs: [
      'Registration and verification records are kept while the tenancy lasts and afterwards for the period set by the Act, its rules and the Government’s record retention schedule, after which they are deleted.',
      'Sign-in and audit records are kept for at least 180 days, as the Indian Computer Emergency Response Team (CERT-In) directions require, and longer only when an investigation needs them. One-time passwords and captcha answers expire within minutes and are deleted.',
    ],
  },
  {
    title: 'Cookies and browser storage',
    paragraphs: [
      'The portal sets no advertising or tracking cookies. While an official is signed in, the browser tab keeps the sign-in in its session storage, which is cleared when the tab is closed. Your choice of text size is remembered in the browser’s local storage.',
    ],
  },
  {
    title: 'Your rights',
    items: [
      'To see the information held about you, through the landlord or tenant pages of the portal or by writing to us.',
      'To have inaccurate or incomplete information corrected.',
      'To ask for information to be erased once the law no longer requires it to be kept.',
      'To have a complaint heard by the Grievance Officer, and then by the Data Protection Board of India.',
      'To nominate a person to exercise these rights on your behalf in case of death or incapacity.',
    ],
  },
  {
    title: 'Contact and grievances',
    paragraphs: [
      `Write to the Grievance Officer, ${BRAND.officeAddress}, or email ${BRAND.helpdeskEmail}, or call ${BRAND.helpdeskPhone} (${BRAND.helpdeskHours}). We reply within 30 days.`,
    ],
  },
  {
    title: 'Changes to this policy',
    paragraphs: [
      'When this policy changes, the new version is published on this page with its date. Significant changes are also announced on the home page.',
    ],
  },
];
