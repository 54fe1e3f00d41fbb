import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { LoginDialog } from '../../src/web/app/login-dialog';
import type { LoginDialogProps } from '../../src/web/features/auth/login-dialog';
import { SERVER_REFUSAL, fakeLoginLogic, type FakeLoginOptions } from './login-fakes';

/** The real dialog driven by the real machine, with its two calls replaced by the fakes the story names. */
function LoginDialogWithFakes({
  fake,
  ...props
}: Omit<LoginDialogProps, 'logic'> & { fake: FakeLoginOptions }) {
  const [logic] = useState(() => fakeLoginLogic(fake));
  return <LoginDialog {...props} logic={logic} />;
}

/** The staff login dialog in each state of the staff-login machine (closed is no view: nothing is shown). */
const meta = {
  title: 'Auth/Login dialog',
  component: LoginDialogWithFakes,
  args: { opened: true, onClose: fn(), onSignedIn: fn(), fake: { captcha: 'ready', signIn: 'succeeds' } },
} satisfies Meta<typeof LoginDialogWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

async function fillCredentials(options: { captcha?: boolean } = {}) {
  await userEvent.type(await screen.findByLabelText('Username'), 'ward.officer');
  await userEvent.type(screen.getByLabelText('Password'), 'S3cret pass');
  await screen.findByAltText('Captcha');
  if (options.captcha !== false) await userEvent.type(screen.getByLabelText('Captcha'), 'x7k2Q');
}

/** open.captcha.loadingCaptcha: the captcha is on its way; its answer field waits for it. */
export const LoadingCaptcha: Story = {
  args: { fake: { captcha: 'loading' } },
  play: async () => {
    await expect(await screen.findByLabelText('Loading captcha')).toBeVisible();
  },
};

/** open.captcha.captchaFailed: no captcha could be loaded; only Refresh helps. */
export const CaptchaUnavailable: Story = {
  args: { fake: { captcha: 'unavailable' } },
  play: async () => {
    await expect(await screen.findByText(/captcha could not be loaded/)).toBeVisible();
  },
};

/** open.form.editing, nothing typed: Login is disabled. */
export const EditingEmpty: Story = {
  play: async () => {
    await screen.findByAltText('Captcha');
    await expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
  },
};

/** open.form.editing, all filled: Login is enabled (Enter submits too). */
export const EditingFilled: Story = {
  play: async () => {
    await fillCredentials();
    await expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  },
};

/** open.form.submitting: the sign-in is in flight. */
export const Submitting: Story = {
  args: { fake: { signIn: 'pending' } },
  play: async () => {
    await fillCredentials();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  },
};

/** open.form.failed with the server's message; the captcha answer is cleared and a new captcha shown. */
export const FailedWithServerMessage: Story = {
  args: { fake: { signIn: 'refuses', refusal: SERVER_REFUSAL } },
  play: async () => {
    await fillCredentials();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_REFUSAL);
  },
};

/** open.form.failed when the refusal says nothing usable: the spec's fallback message. */
export const FailedWithFallbackMessage: Story = {
  args: { fake: { signIn: 'refuses', refusal: '' } },
  play: async () => {
    await fillCredentials();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent('Server Issue. Please try again later!');
  },
};

/** The password shown in clear (show/hide toggle). */
export const PasswordShown: Story = {
  play: async () => {
    await userEvent.type(await screen.findByLabelText('Password'), 'S3cret pass');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
  },
};
