import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { LoginDialog } from '../../src/web/app/login-dialog';
import type { LoginDialogProps } from '../../src/web/features/auth/login-dialog';
import { fakeLoginLogic } from '../auth/login-fakes';

/**
 * The way in: the login dialog's 'Forgot/Change Password' link swaps it for the password change dialog. The
 * password change here is the real wiring (it loads lazily, as in the app); the story stops before any call.
 */
function LoginDialogWithFakeLogin(props: Omit<LoginDialogProps, 'logic'>) {
  const [logic] = useState(() => fakeLoginLogic({ captcha: 'ready' }));
  return <LoginDialog {...props} logic={logic} />;
}

const meta = {
  title: 'Password change/From the login dialog',
  component: LoginDialogWithFakeLogin,
  args: { opened: true, onClose: fn(), onSignedIn: fn() },
} satisfies Meta<typeof LoginDialogWithFakeLogin>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The login dialog offers the link under Login. */
export const LoginWithLink: Story = {
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Forgot/Change Password' })).toBeVisible();
  },
};

/** After the link: the password change dialog in place of the login dialog. */
export const PasswordChangeOpened: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot/Change Password' }));
    await expect(await screen.findByRole('dialog', { name: 'CHANGE PASSWORD' })).toBeVisible();
  },
};
