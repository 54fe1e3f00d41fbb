import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { CHANNEL_CHANGE_MESSAGES } from '../../src/contract/channel-changes.contract';
import { pendingMobileChange } from '../components/channel-change-fakes';
import { REGISTRATION_NUMBER_LABEL } from '../../src/web/features/tenant/tenant-id-step';
import { TenantDialogWithFakes } from './tenant-dialog-with-fakes';
import { SAMPLE_OTP } from './tenant-fakes';
import { fillNewTenant } from './tenant-form-fill';
import { button, logInAsSampleTenant, requestOtpFor, startRegistration } from './tenant-story-steps';

/** The tenant dialog in each state of the tenant-stepper machine (closed is no view: nothing is shown). */
const meta = {
  title: 'Tenant/Tenant dialog',
  component: TenantDialogWithFakes,
  args: { opened: true, onClose: fn() },
} satisfies Meta<typeof TenantDialogWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** steps.tenantId.login.enteringId: nothing typed, Get OTP and the OTP field wait. */
export const LoginEmpty: Story = {
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Get OTP' })).toBeDisabled();
    await expect(screen.getByLabelText('Enter OTP')).toBeDisabled();
    await expect(button('Next')).toBeDisabled();
  },
};

/** Login with the registration number instead of an ID. */
export const LoginByRegistrationNumber: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('radio', { name: 'Registration number' }));
    await userEvent.type(screen.getByLabelText(REGISTRATION_NUMBER_LABEL), '10a01');
    await expect(screen.getByLabelText(REGISTRATION_NUMBER_LABEL)).toHaveValue('1001');
  },
};

/** steps.tenantId.login.otp, code sent: the field is open with the 5:00 countdown. */
export const OtpSent: Story = {
  play: async () => {
    await requestOtpFor();
    await expect(screen.getByLabelText(/Time left/)).toBeVisible();
  },
};

/** The OTP child refused the code. */
export const WrongOtp: Story = {
  play: async () => {
    await requestOtpFor();
    await userEvent.type(screen.getByLabelText('Enter OTP'), '999999');
    await userEvent.click(button('Next'));
    await waitFor(() => expect(screen.getByText('Invalid OTP, Please retry!')).toBeVisible());
  },
};

/** steps.tenantId.login.otp with the code being checked: Next shows it is busy. */
export const OtpChecking: Story = {
  args: { fake: { otpVerify: 'pending' } },
  play: async () => {
    await requestOtpFor();
    await userEvent.type(screen.getByLabelText('Enter OTP'), '123456');
    await userEvent.click(button('Next'));
    await waitFor(() => expect(screen.getByLabelText('Enter OTP')).toBeDisabled());
  },
};

/** Get OTP for an ID nobody registered. */
export const UnknownTenant: Story = {
  args: { fake: { otpRequest: 'unknown' } },
  play: async () => {
    await userEvent.type(await screen.findByLabelText(/ID \(Driving/), 'ZZZ9999999');
    await userEvent.click(button('Get OTP'));
    await waitFor(() => expect(screen.getByText('Tenant does not exist. Please Register!')).toBeVisible());
  },
};

/** steps.tenantId.register.enteringId: Next waits for an ID. */
export const RegisterEmpty: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('tab', { name: 'Register' }));
    await expect(button('Next')).toBeDisabled();
  },
};

/** The Register tab's check found the ID registered already. */
export const RegisterAlreadyExists: Story = {
  args: { fake: { check: 'exists' } },
  play: async () => {
    await startRegistration();
    await waitFor(() => expect(screen.getByText('Tenant already exists. Please login!')).toBeVisible());
  },
};

/** The Register tab's check got no usable answer. */
export const RegisterServerError: Story = {
  args: { fake: { check: 'fails' } },
  play: async () => {
    await startRegistration();
    await waitFor(() => expect(screen.getByText('Server Error: Please try again!')).toBeVisible());
  },
};

/** steps.details for a new tenant: only Basic Details, the ID filled in. */
export const NewTenantDetails: Story = {
  play: async () => {
    await startRegistration();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Basic Details' })).toBeVisible());
    await expect(screen.queryByRole('tab', { name: 'Documents' })).toBeNull();
  },
};

/** Save with every field empty: the messages under the fields and 'Some fields are empty!'. */
export const NewTenantEmptySave: Story = {
  play: async () => {
    await startRegistration();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Some fields are empty!')).toBeVisible());
    await expect(screen.getByText('firstName required')).toBeVisible();
  },
};

/** steps.tenantId.registrationOtp: the first save sends the person back to log in with the registration number. */
export const RegistrationOtp: Story = {
  play: async () => {
    await startRegistration();
    await fillNewTenant();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText(/Your registration number is/)).toBeVisible());
  },
};

/**
 * steps.tenantId.registeredWithHeldContact: the ID's earlier record was deleted and kept its contact, so the first
 * save holds the new one; instead of an OTP that would go to the earlier contact, when it takes effect.
 */
export const RegisteredWithHeldContact: Story = {
  args: { services: { saveTenant: 'holdsContact' } },
  play: async () => {
    await startRegistration();
    await fillNewTenant();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect(await screen.findByText('Your mobile number and email address are held')).toBeVisible();
    await expect(screen.queryByLabelText('Enter OTP')).toBeNull();
  },
};

/** steps.details with the key held: a registered tenant read-only, every tab open. */
export const ExistingTenantProfile: Story = {
  play: async () => {
    await logInAsSampleTenant();
    await expect(screen.getByLabelText(/^First Name/)).toHaveValue('Iba');
    await expect(screen.getByRole('tab', { name: 'Family Members' })).toBeEnabled();
  },
};

/** An official asked to change the tenant's mobile: the alert above the tabs, and Stop after a confirmation. */
export const ChannelChangePending: Story = {
  args: { services: { pendingChange: pendingMobileChange } },
  play: async () => {
    await logInAsSampleTenant();
    await expect(await screen.findByText('A change of your mobile number is pending')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Stop this change' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Stop the change' }));
    await expect(await screen.findByText(CHANNEL_CHANGE_MESSAGES.stopped('citizen'))).toBeVisible();
  },
};

/**
 * steps.tenantId.login.heldChangeOnly: the OTP reached a contested record's kept channel. Why the record stays
 * closed, the registration's held change with Stop, and Logout.
 */
export const ContestedRecordHeldChangeOnly: Story = {
  args: { fake: { otpVerify: 'contested' }, services: { pendingChange: pendingMobileChange } },
  play: async () => {
    await requestOtpFor();
    await userEvent.type(screen.getByLabelText('Enter OTP'), SAMPLE_OTP);
    await userEvent.click(button('Next'));
    await expect(await screen.findByText('This record is contested')).toBeVisible();
    await expect(await screen.findByText('A change of your mobile number is pending')).toBeVisible();
    await expect(screen.queryByRole('tab', { name: 'Basic Details' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Stop this change' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Stop the change' }));
    await expect(await screen.findByText(CHANNEL_CHANGE_MESSAGES.stopped('citizen'))).toBeVisible();
  },
};

/** The logout question. */
export const LogoutQuestion: Story = {
  play: async () => {
    await logInAsSampleTenant();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByText('Are you sure you want to logout?')).toBeVisible());
  },
};

/** steps.completed.ready with the three documents: the form can be downloaded. */
export const CompletedReady: Story = {
  play: async () => {
    await logInAsSampleTenant();
    await userEvent.click(button('Finish'));
    await waitFor(() => expect(screen.getByText('All steps completed')).toBeVisible());
  },
};

/** The form could not be made: the server's message. */
export const DownloadFails: Story = {
  args: { fake: { download: 'fails' } },
  play: async () => {
    await logInAsSampleTenant();
    await userEvent.click(button('Finish'));
    await userEvent.click(await screen.findByRole('button', { name: 'Download Completed Form' }));
    await waitFor(() => expect(screen.getByText('The form could not be made.')).toBeVisible());
  },
};

/** steps.completed without a signature: the missing documents listed, the download explains itself. */
export const CompletedMissingDocuments: Story = {
  args: { fake: { documentTypes: ['PHOTO'] } },
  play: async () => {
    await logInAsSampleTenant();
    await userEvent.click(button('Finish'));
    await userEvent.click(await screen.findByRole('button', { name: 'Download Completed Form' }));
    await waitFor(() =>
      expect(
        screen.getByText('Cannot download registration form. Please upload all the documents required.'),
      ).toBeVisible(),
    );
  },
};

/**
 * session.expired: the key was revoked elsewhere, so the Family Members list answers 401; the stepper is back at
 * the start with 'Your session has expired. Please login again!' and no Logout (no key is held).
 */
export const SessionExpired: Story = {
  args: { services: { key: 'expired' } },
  play: async () => {
    await logInAsSampleTenant();
    await userEvent.click(screen.getByRole('tab', { name: 'Family Members' }));
    await waitFor(() =>
      expect(screen.getAllByText('Your session has expired. Please login again!')[0]).toBeVisible(),
    );
    await expect(await screen.findByRole('button', { name: 'Get OTP' })).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  },
};
