import type { StepIconName } from './step-icons';

/**
 * The Landlord Registration tutorial: the landlord stepper's two steps (public-portal.md section 2, Landlord
 * stepper) and what follows them. A list of its own for now: the landlord-stepper machine
 * (machines/access/) is being written; once it lands, these steps should be read from it, as the Application
 * Flow is read from the lifecycle machine.
 */
export interface TutorialStep {
  title: string;
  text: string;
  icon: StepIconName;
}

export const LANDLORD_REGISTRATION_STEPS: readonly TutorialStep[] = [
  {
    title: 'Landlord Election ID',
    text: 'Open Register / Login as Landlord and choose the Register tab. Enter your EPIC number (3 letters then 7 digits) and select Next.',
    icon: 'idCard',
  },
  {
    title: 'Confirm with the OTP',
    text: 'To log in later, use the Login tab: enter the EPIC number, select Get OTP, and type the one-time password sent to your mobile.',
    icon: 'phone',
  },
  {
    title: 'Landlord Details',
    text: 'Fill in the three cards: Basic Details, Permanent Address and Present Address (pincode: 6 digits), then save.',
    icon: 'form',
  },
  {
    title: 'Rental Units',
    text: 'Add each house, flat or room you let out, with its police station and sub-locality or ward. A new unit is vacant.',
    icon: 'house',
  },
  {
    title: 'Apply for clearance',
    text: 'For a vacant unit, enter the tenant’s ID, generate the application, choose family members and helpers, and apply.',
    icon: 'check',
  },
];
