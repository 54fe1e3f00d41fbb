import { PdfWriter } from '../pdf-layout';
import { numbered } from './blank-form';

// The short guides offered as downloads: the password-change instructions and the FAQ. The steps follow the
// portal's own dialogs (public-portal.md section 2: Password change dialog; section 9: OTP and documents).

export const PASSWORD_CHANGE_STEPS = [
  'On the home page, select Login, then the Forgot/Change Password link under the login form.',
  'Step 1: enter your username and select Get OTP. A one-time password (6 digits) is sent to the mobile number or email registered for your account.',
  'Step 2: enter the one-time password and select Verify. It is valid for a few minutes and can be used once.',
  'Step 3: enter your new password and select Apply. The message "Your Password has been changed successfully!" confirms the change.',
  'Log in with your username, the new password and the captcha shown.',
] as const;

const PASSWORD_TIPS = [
  'Use at least 8 characters, mixing letters, digits and a symbol; do not reuse a password from another site.',
  'Never share a one-time password or your password: portal staff will never ask for them.',
  'If no one-time password arrives, check the registered mobile number or email with your supervisor or the helpdesk.',
] as const;

export function passwordChangePdf(): Buffer {
  const w = new PdfWriter();
  w.header('How to Change Your Password');
  w.paragraph('For officials with a portal account (wards, localities, police stations, department).');
  w.section('Steps');
  numbered(w, PASSWORD_CHANGE_STEPS);
  w.section('Good practice');
  numbered(w, PASSWORD_TIPS);
  w.footer('Password change instructions, MRSS Portal.');
  return w.toBuffer();
}

export const FAQ = [
  {
    q: 'Who must register on the portal?',
    a: 'Every landlord who lets out a house, flat or room in the notified localities, and every tenant living in one.',
  },
  {
    q: 'What do I need to register as a landlord?',
    a: 'Your Election Photo Identity Card (EPIC) number, a mobile number to receive the one-time password, your permanent and present address, and the details of each rental unit.',
  },
  {
    q: 'What documents does a tenant upload?',
    a: 'A photograph, an identity proof (EPIC, driving licence or PAN; Aadhaar is not accepted) and a signature, each a JPEG image of at most 500 KB. Photographs of family members and signatures of domestic helpers are optional.',
  },
  {
    q: 'I did not receive the one-time password (OTP).',
    a: 'Check that the EPIC number or ID is right and that the registered mobile number can receive messages, wait a minute and request it again. OTPs are valid for a few minutes and can be used once.',
  },
  {
    q: 'How do I know where my application is?',
    a: "Select Track Application on the home page, enter the landlord's EPIC number and the OTP, choose the application and select Track.",
  },
  {
    q: 'Who processes the application?',
    a: 'The Sub-Locality/Ward checks it and forwards it with a recommendation; the Locality approves or rejects it. An approved application is held by the police station.',
  },
  {
    q: 'The tenant has left. What do I do?',
    a: "Mark the rental unit as vacant (Update Status) in the landlord's Rental Units tab, so it can be let again.",
  },
  {
    q: 'Can I fill in the forms on paper?',
    a: 'Yes: download Form A (tenant) and Form B (landlord and rental unit) from the home page and submit them to the Sub-Locality/Ward office, which gives you an Acknowledgement.',
  },
] as const;

export function faqPdf(): Buffer {
  const w = new PdfWriter();
  w.header('Frequently Asked Questions');
  for (const { q, a } of FAQ) {
    w.section(q);
    w.paragraph(a);
  }
  w.footer('Frequently asked questions, MRSS Portal.');
  return w.toBuffer();
}
