import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { CLEARANCE_MESSAGES } from '../../machines/clearance';
import { ClearanceDialog } from '../../src/web/features/clearance/clearance-dialog';
import {
  CLEARANCE_EPIC,
  fakeClearanceLogic,
  REPLACED_CONSENT_CODE,
  WRONG_CONSENT_CODE,
  type ClearanceFakes,
} from './clearance-fakes';
import {
  apply,
  button,
  chooseUnit,
  consent,
  consentField,
  epicField,
  generate,
  requestCode,
  tenantField,
  typeTenant,
  verify,
} from './clearance-steps';

function ClearanceWithFakes({ fakes = {} }: { fakes?: ClearanceFakes }) {
  return <ClearanceDialog opened onClose={() => {}} logic={fakeClearanceLogic(fakes)} />;
}

/** The landing page's CLEARANCE APPLICATION dialog, in each leaf state of the anonymous clearance machine. */
const meta = {
  title: 'Clearance/Dialog',
  component: ClearanceWithFakes,
} satisfies Meta<typeof ClearanceWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** enteringEpic: Get OTP waits for 8 characters. */
export const EnteringEpic: Story = {
  play: async () => {
    await userEvent.type(await epicField(), CLEARANCE_EPIC.slice(0, 7));
    await expect(button('Get OTP')).toBeDisabled();
    await userEvent.type(await epicField(), CLEARANCE_EPIC.slice(7, 8));
    await expect(button('Get OTP')).toBeEnabled();
  },
};

/** otp: the code was sent; Verify waits for 5 characters. */
export const CodeSent: Story = {
  play: async () => {
    await requestCode();
    await userEvent.type(screen.getByLabelText('OTP'), '1234');
    await expect(button('Verify')).toBeDisabled();
    await userEvent.type(screen.getByLabelText('OTP'), '5');
    await expect(button('Verify')).toBeEnabled();
  },
};

/** otp: an unknown EPIC, in the clearance's words. */
export const UnknownEpic: Story = {
  args: { fakes: { otpRequest: 'unknown' } },
  play: async () => {
    await userEvent.type(await epicField(), CLEARANCE_EPIC);
    await userEvent.click(button('Get OTP'));
    await expect(await screen.findByText('Landlord epic number does not exist')).toBeVisible();
  },
};

/** otp: the code was refused ('Invalid OTP!', spelled correctly, with the server's advice). */
export const OtpRefused: Story = {
  args: { fakes: { otpVerify: 'wrong' } },
  play: async () => {
    await verify();
    await expect(await screen.findByText(/^Invalid OTP!/)).toBeVisible();
  },
};

/** verified.form.loadingUnits: the picker says the units are on their way. */
export const LoadingUnits: Story = {
  args: { fakes: { units: 'pending' } },
  play: async () => {
    await verify();
    await expect(await screen.findByRole('combobox', { name: 'Rental Unit' })).toBeDisabled();
    await expect(screen.getByPlaceholderText('Loading rental units...')).toBeInTheDocument();
  },
};

/** noUnits: the spec's message says how to add one. */
export const NoUnits: Story = {
  args: { fakes: { units: 'none' } },
  play: async () => {
    await verify();
    await expect(await screen.findByText(/^No Rental Unit Found for this Landlord/)).toBeVisible();
  },
};

/** loadFailed: the server's message and Reload Rental Units. */
export const UnitsFailed: Story = {
  args: { fakes: { units: 'fail' } },
  play: async () => {
    await verify();
    await expect(await screen.findByText('Server Issue. Please try again later!')).toBeVisible();
    await expect(button('Reload Rental Units')).toBeEnabled();
  },
};

/** choosing.noTenant without a unit: the Tenant ID field and Generate Application are disabled. */
export const ChoosingUnit: Story = {
  play: async () => {
    await verify();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Rental Unit' })).toBeEnabled());
    await expect(await tenantField()).toBeDisabled();
    await expect(button('Generate Application')).toBeDisabled();
  },
};

/** choosing.noTenant with a unit: the Tenant ID field opens. */
export const UnitChosen: Story = {
  play: async () => {
    await chooseUnit();
    await waitFor(async () => expect(await tenantField()).toBeEnabled());
    await expect(button('Generate Application')).toBeDisabled();
  },
};

/** choosing.pausing / lookingUp: a loader in the field while the tenant is looked up. */
export const LookingUpTenant: Story = {
  args: { fakes: { tenant: 'pending' } },
  play: async () => {
    await typeTenant();
    await expect(await screen.findByLabelText('Looking up the tenant')).toBeInTheDocument();
    await expect(button('Generate Application')).toBeDisabled();
  },
};

/** choosing.found: the tenant's name; Generate Application is enabled. */
export const TenantFound: Story = {
  play: async () => {
    await typeTenant();
    await expect(await screen.findByText('Tenant Name: Wanda Kharkongor')).toBeVisible();
    await waitFor(() => expect(button('Generate Application')).toBeEnabled());
  },
};

/** choosing.notFound: 'Tenant does not exist!' as the field's error. */
export const TenantNotFound: Story = {
  args: { fakes: { tenant: 'absent' } },
  play: async () => {
    await typeTenant();
    await expect(await screen.findByText('Tenant does not exist!')).toBeVisible();
    await expect(button('Generate Application')).toBeDisabled();
  },
};

/** generating: Generate Application is busy. */
export const Generating: Story = {
  args: { fakes: { generate: 'pending' } },
  play: async () => {
    await generate();
    await waitFor(() => expect(button('Generate Application')).toHaveAttribute('data-loading'));
  },
};

/** Generate refused: the server's message, the tenant still chosen. */
export const GenerateRefused: Story = {
  args: { fakes: { generate: 'fail' } },
  play: async () => {
    await generate();
    await expect(await screen.findByText('This rental unit is not vacant.')).toBeVisible();
  },
};

/** consenting.entering: where the tenant's code went (masked), the code field, Confirm and Resend code. */
export const AwaitingConsent: Story = {
  play: async () => {
    await generate();
    await expect(
      await screen.findByText(/A code was sent to the tenant's email w•••@example\.com/),
    ).toBeVisible();
    await expect(await consentField()).toHaveValue('');
    await expect(button('Confirm')).toBeDisabled();
    await expect(button('Resend code')).toBeEnabled();
    await expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  },
};

/** consenting.confirming: Confirm is busy. */
export const ConfirmingConsent: Story = {
  args: { fakes: { consent: 'pending' } },
  play: async () => {
    await consent();
    await waitFor(() => expect(button('Confirm')).toHaveAttribute('data-loading'));
  },
};

/** A wrong code: the server's words with the tries left; the field is cleared for another try. */
export const ConsentRefused: Story = {
  args: { fakes: { consent: 'fail' } },
  play: async () => {
    await consent();
    await expect(await screen.findByText(WRONG_CONSENT_CODE)).toBeVisible();
    await expect(await consentField()).toHaveValue('');
  },
};

/** An earlier code, after a resend: the server says it was replaced by a newer one (not "not right"). */
export const ConsentCodeReplaced: Story = {
  args: { fakes: { consent: 'replaced' } },
  play: async () => {
    await consent();
    await expect(await screen.findByText(REPLACED_CONSENT_CODE)).toBeVisible();
    await expect(screen.queryByText(/This code is not right/)).toBeNull();
    await expect(await consentField()).toHaveValue('');
  },
};

/** The consent step says what Reset does there: it withdraws the application, so the unit is free again. */
export const ResetWithdrawsHint: Story = {
  play: async () => {
    await generate();
    await expect(await screen.findByText(CLEARANCE_MESSAGES.resetWithdraws)).toBeVisible();
  },
};

/** withdrawing: Reset on the consent step; the code field and Confirm wait. */
export const Withdrawing: Story = {
  args: { fakes: { withdraw: 'pending' } },
  play: async () => {
    await generate();
    await userEvent.type(await consentField(), '123456');
    await userEvent.click(button('Reset'));
    await expect(await screen.findByText('Withdrawing the application...')).toBeVisible();
    await expect(await consentField()).toBeDisabled();
    await expect(button('Confirm')).toBeDisabled();
  },
};

/** Withdrawn: the clearance starts again (the dialog at its Landlord Epic), saying the unit is free again. */
export const Withdrawn: Story = {
  play: async () => {
    await generate();
    await userEvent.click(button('Reset'));
    await expect(await screen.findByText(CLEARANCE_MESSAGES.withdrawn)).toBeVisible();
    await expect(await epicField()).toHaveValue('');
    await expect(screen.queryByRole('textbox', { name: 'Consent code' })).toBeNull();
  },
};

/** The withdraw refused: the consent step stays, saying why; Reset may try again. */
export const WithdrawRefused: Story = {
  args: { fakes: { withdraw: 'fail' } },
  play: async () => {
    await generate();
    await userEvent.click(button('Reset'));
    await expect(await screen.findByText(/^The application could not be withdrawn\. /)).toBeVisible();
    await expect(await consentField()).toBeEnabled();
  },
};

/** consenting.resending: Resend code is busy. */
export const ResendingCode: Story = {
  args: { fakes: { resend: 'pending' } },
  play: async () => {
    await generate();
    await userEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(button('Resend code')).toHaveAttribute('data-loading'));
  },
};

/** Resent: a new code, to the destination the server names now. */
export const CodeResent: Story = {
  play: async () => {
    await generate();
    await userEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    await expect(await screen.findByText(CLEARANCE_MESSAGES.consentResent)).toBeVisible();
    await expect(screen.getByText(/A code was sent to the tenant's mobile ••••••1234/)).toBeVisible();
  },
};

/** selecting: the consent received (when, in India's time) above the people, each ticked at first; Apply. */
export const Selecting: Story = {
  play: async () => {
    await consent();
    await expect(
      await screen.findByText("The tenant's consent was received on 27-11-2026 14:05 IST."),
    ).toBeVisible();
    await expect(await screen.findByRole('checkbox', { name: 'Kynsai Kharkongor' })).toBeChecked();
    await expect(screen.getByRole('checkbox', { name: 'Bah Lyngdoh' })).toBeChecked();
    await expect(button('Apply')).toBeEnabled();
  },
};

/** selecting with nobody: 'No family members' and 'No helpers'. */
export const SelectingNobody: Story = {
  args: { fakes: { generate: 'nobody' } },
  play: async () => {
    await consent();
    await expect(await screen.findByText('No family members')).toBeVisible();
    await expect(screen.getByText('No helpers')).toBeVisible();
  },
};

/** applying: Apply is busy. */
export const Applying: Story = {
  args: { fakes: { apply: 'pending' } },
  play: async () => {
    await apply();
    await waitFor(() => expect(button('Apply')).toHaveAttribute('data-loading'));
  },
};

/** Apply refused: 'Error in applying..!' and the server's message. */
export const ApplyRefused: Story = {
  args: { fakes: { apply: 'fail' } },
  play: async () => {
    await apply();
    await expect(
      await screen.findByText('Error in applying..! This application has already been applied.'),
    ).toBeVisible();
  },
};

/** Applied: the spec's message, Download Application, and the form again on the units still vacant. */
export const Applied: Story = {
  play: async () => {
    await apply();
    await expect(
      await screen.findByText('Application applied successfully! You can download the application below.'),
    ).toBeVisible();
    await waitFor(() => expect(button('Download Application')).toBeEnabled());
    await expect(await tenantField()).toHaveValue('');
  },
};

/** download.downloading: Download Application is busy. */
export const Downloading: Story = {
  args: { fakes: { download: 'pending' } },
  play: async () => {
    await apply();
    await waitFor(() => expect(button('Download Application')).toBeEnabled());
    await userEvent.click(button('Download Application'));
    await waitFor(() => expect(button('Download Application')).toHaveAttribute('data-loading'));
  },
};

/** The dialog's own key ended: back to the Landlord Epic, saying why. */
export const KeyEnded: Story = {
  args: { fakes: { tenant: 'found', generate: 'some', apply: 'keyEnded' } },
  play: async () => {
    await apply();
    await expect(await screen.findByText(CLEARANCE_MESSAGES.keyEnded)).toBeVisible();
    await expect(await epicField()).toHaveValue('');
  },
};
