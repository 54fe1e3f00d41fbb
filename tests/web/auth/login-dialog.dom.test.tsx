import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { fn, userEvent as user } from 'storybook/test';
import * as stories from '../../../stories/auth/login-dialog.stories';
import { SERVER_REFUSAL, sampleCaptcha, sampleOfficer } from '../../../stories/auth/login-fakes';

const {
  LoadingCaptcha,
  CaptchaUnavailable,
  EditingEmpty,
  EditingFilled,
  Submitting,
  FailedWithServerMessage,
  FailedWithFallbackMessage,
  PasswordShown,
} = composeStories(stories);

const loginButton = () => screen.getByRole('button', { name: 'Login' });

/** Renders a story (Testing Library cleans it up) and plays it to the state it shows. */
async function show(Story: { (): React.ReactElement; play?: () => Promise<void> }) {
  render(<Story />);
  await Story.play?.();
}

describe('LoginDialog', () => {
  it('keeps Login disabled while username or password is empty, and enables it once both are filled', async () => {
    await show(EditingEmpty);
    expect(loginButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Username'), 'ward.officer');
    expect(loginButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'S3cret pass');
    expect(loginButton()).toBeEnabled();
    await user.clear(screen.getByLabelText('Username'));
    expect(loginButton()).toBeDisabled();
  });

  it('is enabled in the filled story', async () => {
    await show(EditingFilled);
    expect(loginButton()).toBeEnabled();
    expect(screen.getByLabelText('Captcha')).toHaveValue('x7k2Q');
  });

  it('submits with Enter and hands the saved session to the host', async () => {
    const onSignIn = fn();
    const onSignedIn = fn();
    render(<EditingEmpty fake={{ onSignIn }} onSignedIn={onSignedIn} />);
    await user.type(await screen.findByLabelText('Username'), ' ward.officer ');
    await user.type(screen.getByLabelText('Password'), 'S3cret pass');
    await screen.findByAltText('Captcha');
    await user.type(screen.getByLabelText('Captcha'), 'x7k2Q{Enter}');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(sampleOfficer));
    expect(onSignIn).toHaveBeenCalledExactlyOnceWith({
      username: 'ward.officer',
      password: 'S3cret pass',
      captcha: 'x7k2Q',
      captchaId: sampleCaptcha.captchaId,
    });
  });

  it('does not submit with Enter while the password is empty', async () => {
    const onSignIn = fn();
    render(<EditingEmpty fake={{ onSignIn }} />);
    await user.type(await screen.findByLabelText('Username'), 'ward.officer{Enter}');
    expect(onSignIn).not.toHaveBeenCalled();
  });

  it('shows the server message in a focused banner and clears the captcha answer', async () => {
    await show(FailedWithServerMessage);
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent(SERVER_REFUSAL);
    await waitFor(() => expect(banner).toHaveFocus());
    await screen.findByAltText('Captcha');
    expect(screen.getByLabelText('Captcha')).toHaveValue('');
    expect(screen.getByLabelText('Username')).toHaveValue('ward.officer');
  });

  it('falls back to the server-issue message', async () => {
    await show(FailedWithFallbackMessage);
    expect(screen.getByRole('alert')).toHaveTextContent('Server Issue. Please try again later!');
  });

  it('locks the form while signing in', async () => {
    await show(Submitting);
    expect(loginButton()).toBeDisabled();
    expect(screen.getByLabelText('Username')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Refresh captcha' })).toBeDisabled();
  });

  it('shows and hides the password', async () => {
    await show(PasswordShown);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('waits for the captcha before its answer can be typed', async () => {
    await show(LoadingCaptcha);
    expect(screen.getByLabelText('Captcha')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Refresh captcha' })).toBeDisabled();
  });

  it('offers a refresh when the captcha could not be loaded, and no login', async () => {
    await show(CaptchaUnavailable);
    expect(screen.getByRole('button', { name: 'Refresh captcha' })).toBeEnabled();
    expect(loginButton()).toBeDisabled();
  });

  it('clears username, password, captcha and error when closed and reopened', async () => {
    const onClose = fn();
    const fake = { signIn: 'refuses', refusal: SERVER_REFUSAL } as const;
    const { rerender } = render(<EditingEmpty fake={fake} onClose={onClose} />);
    await user.type(await screen.findByLabelText('Username'), 'ward.officer');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await screen.findByAltText('Captcha');
    await user.click(loginButton());
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Close the login dialog' }));
    expect(onClose).toHaveBeenCalledOnce();
    rerender(<EditingEmpty fake={fake} onClose={onClose} opened={false} />);
    rerender(<EditingEmpty fake={fake} onClose={onClose} opened />);
    expect(await screen.findByLabelText('Username')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
