import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import {
  PasswordChangeDialog,
  type PasswordChangeDialogProps,
} from '../../src/web/features/password-change/password-change-dialog';
import {
  REFUSALS,
  SAMPLE_OTP,
  SAMPLE_PASSWORD,
  SAMPLE_USERNAME,
  fakePasswordChangeLogic,
  type FakePasswordChangeOptions,
} from './password-change-fakes';

/** The real dialog driven by the real machine, with its three calls replaced by the fakes the story names. */
function PasswordChangeDialogWithFakes({
  fake,
  ...props
}: Omit<PasswordChangeDialogProps, 'logic'> & { fake: FakePasswordChangeOptions }) {
  const [logic] = useState(() => fakePasswordChangeLogic(fake));
  return <PasswordChangeDialog {...props} logic={logic} />;
}

/** The staff password change by OTP in each state of the password-change machine (and its OTP child). */
const meta = {
  title: 'Password change/Password change dialog',
  component: PasswordChangeDialogWithFakes,
  args: { opened: true, onClose: fn(), fake: {} },
} satisfies Meta<typeof PasswordChangeDialogWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

const button = (name: string) => screen.getByRole('button', { name });

async function askForOtp() {
  await userEvent.type(await screen.findByLabelText('Username'), SAMPLE_USERNAME);
  await userEvent.click(button('Get OTP'));
}

async function verifyOtp() {
  await askForOtp();
  const field = await screen.findByLabelText('Enter OTP');
  await waitFor(() => expect(field).toBeEnabled());
  await userEvent.type(field, SAMPLE_OTP);
  await userEvent.click(button('Verify'));
}

async function typeNewPassword(confirmation = SAMPLE_PASSWORD) {
  await verifyOtp();
  await userEvent.type(await screen.findByLabelText('New password'), SAMPLE_PASSWORD);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirmation);
}

async function apply() {
  await typeNewPassword();
  await userEvent.click(button('Apply'));
}

/** enteringUsername, nothing typed: Get OTP is disabled. */
export const EnteringUsername: Story = {
  play: async () => {
    await expect(await screen.findByLabelText('Username')).toHaveValue('');
    await expect(button('Get OTP')).toBeDisabled();
  },
};

/** enteringUsername with a username: Get OTP is offered (Enter asks too). */
export const UsernameTyped: Story = {
  play: async () => {
    await userEvent.type(await screen.findByLabelText('Username'), SAMPLE_USERNAME);
    await expect(button('Get OTP')).toBeEnabled();
  },
};

/** verifyingOtp, the code on its way: the OTP field waits for it. */
export const RequestingOtp: Story = {
  args: { fake: { request: 'pending' } },
  play: async () => {
    await askForOtp();
    await expect(await screen.findByLabelText('Enter OTP')).toBeDisabled();
  },
};

/** verifyingOtp with the code sent: the field opens with its 5:00, Verify waits for six digits. */
export const AwaitingOtp: Story = {
  play: async () => {
    await askForOtp();
    await expect(await screen.findByText('OTP has been sent to your registered email!')).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText('Enter OTP')).toBeEnabled());
    await expect(button('Verify')).toBeDisabled();
  },
};

/** verifyingOtp, the request refused: the server's message; Resend OTP asks again. */
export const UnknownUsername: Story = {
  args: { fake: { request: 'refuses', requestRefusal: REFUSALS.noUser } },
  play: async () => {
    await askForOtp();
    await expect(await screen.findByText(REFUSALS.noUser.message)).toBeVisible();
  },
};

/** verifyingOtp, the code being checked: the field is frozen. */
export const VerifyingOtp: Story = {
  args: { fake: { verify: 'pending' } },
  play: async () => {
    await verifyOtp();
    await waitFor(() => expect(screen.getByLabelText('Enter OTP')).toBeDisabled());
  },
};

/** verifyingOtp, a wrong code: the server's one message for every refused code; the person retypes. */
export const WrongOtp: Story = {
  args: { fake: { verify: 'refuses', verifyRefusal: REFUSALS.wrongCode } },
  play: async () => {
    await verifyOtp();
    await expect(await screen.findByText(REFUSALS.wrongCode.message)).toBeVisible();
  },
};

/** enteringPassword, nothing typed yet: the hint says what Apply waits for. */
export const EnteringPassword: Story = {
  play: async () => {
    await verifyOtp();
    await expect(await screen.findByLabelText('New password')).toBeVisible();
    await expect(button('Apply')).toBeDisabled();
  },
};

/** enteringPassword, the two passwords differ: Apply stays disabled. */
export const PasswordsDiffer: Story = {
  play: async () => {
    await typeNewPassword('Rain-Over-Shillong-8');
    await expect(screen.getByText('The two passwords do not match.')).toBeVisible();
  },
};

/** enteringPassword, two equal passwords of 8 or more characters: Apply is offered. */
export const PasswordReady: Story = {
  play: async () => {
    await typeNewPassword();
    await expect(button('Apply')).toBeEnabled();
  },
};

/** applying: the new password is on its way; the fields are frozen. */
export const Applying: Story = {
  args: { fake: { change: 'pending' } },
  play: async () => {
    await apply();
    await waitFor(() => expect(screen.getByLabelText('New password')).toBeDisabled());
  },
};

/** enteringPassword after a refusal by the password policy: the server's message; the person tries another. */
export const PasswordRefused: Story = {
  args: { fake: { change: 'refuses', changeRefusal: REFUSALS.tooCommon } },
  play: async () => {
    await apply();
    await expect(await screen.findByText(REFUSALS.tooCommon.message)).toBeVisible();
  },
};

/** enteringUsername after a 401: the OTP key ended (expired or revoked); only a new OTP helps. */
export const KeyEnded: Story = {
  args: { fake: { change: 'refuses', changeRefusal: REFUSALS.keyEnded } },
  play: async () => {
    await apply();
    await expect(await screen.findByText('Authentication Failed')).toBeVisible();
    await expect(button('Get OTP')).toBeEnabled();
  },
};

/** changed: the spec's success text and the way back to the login dialog. */
export const Changed: Story = {
  play: async () => {
    await apply();
    await expect(await screen.findByText('Your Password has been changed successfully!')).toBeVisible();
  },
};
