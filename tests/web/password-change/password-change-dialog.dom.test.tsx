import { afterEach, describe, expect, it } from 'vitest';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { fn, userEvent as user } from 'storybook/test';
import * as stories from '../../../stories/password-change/password-change-dialog.stories';
import {
  REFUSALS,
  SAMPLE_OTP,
  SAMPLE_PASSWORD,
  SAMPLE_USERNAME,
  sampleUserKey,
} from '../../../stories/password-change/password-change-fakes';

const {
  EnteringUsername,
  UsernameTyped,
  RequestingOtp,
  AwaitingOtp,
  UnknownUsername,
  VerifyingOtp,
  WrongOtp,
  EnteringPassword,
  PasswordsDiffer,
  PasswordReady,
  Applying,
  PasswordRefused,
  KeyEnded,
  Changed,
} = composeStories(stories);

// Snackbars live in Mantine's global store: without this, one test's messages would show in the next.
afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

const button = (name: string) => screen.getByRole('button', { name });
const field = (label: string) => screen.getByLabelText(label);

/** Renders a story (Testing Library cleans it up) and plays it to the state it shows. */
async function show(Story: { (): React.ReactElement; play?: () => Promise<void> }) {
  render(<Story />);
  await Story.play?.();
}

describe('PasswordChangeDialog: username and Get OTP', () => {
  it('offers Get OTP only with a username, and Enter asks for the code of the trimmed username', async () => {
    const onRequest = fn();
    render(<EnteringUsername fake={{ onRequest }} />);
    await user.type(await screen.findByLabelText('Username'), '   ');
    expect(button('Get OTP')).toBeDisabled();
    await user.type(field('Username'), ` ${SAMPLE_USERNAME}{Enter}`);
    await waitFor(() =>
      expect(onRequest).toHaveBeenCalledExactlyOnceWith({ subject: 'user', id: SAMPLE_USERNAME }),
    );
    expect(await screen.findByLabelText('Enter OTP')).toBeInTheDocument();
  });

  it('is enabled in the typed story', async () => {
    await show(UsernameTyped);
    expect(button('Get OTP')).toBeEnabled();
    expect(screen.queryByLabelText('Enter OTP')).not.toBeInTheDocument();
  });
});

describe('PasswordChangeDialog: OTP and Verify', () => {
  it('keeps the OTP field closed while the code is on its way', async () => {
    await show(RequestingOtp);
    expect(field('Enter OTP')).toBeDisabled();
    expect(button('Verify')).toBeDisabled();
  });

  it('opens the field with its countdown, moves the focus there, and offers Verify at six digits', async () => {
    await show(AwaitingOtp);
    await waitFor(() => expect(field('Enter OTP')).toHaveFocus());
    expect(screen.getByLabelText(/^Time left \d:\d\d$/)).toBeInTheDocument();
    await user.type(field('Enter OTP'), SAMPLE_OTP.slice(0, 5));
    expect(button('Verify')).toBeDisabled();
    await user.type(field('Enter OTP'), SAMPLE_OTP.slice(5));
    expect(button('Verify')).toBeEnabled();
  });

  it("shows the server's refusal of the username and lets the person ask again", async () => {
    await show(UnknownUsername);
    expect(button('Resend OTP')).toBeEnabled();
    expect(field('Enter OTP')).toBeDisabled();
  });

  it('freezes the field while the code is checked', async () => {
    await show(VerifyingOtp);
    expect(button('Verify')).toBeDisabled();
  });

  it('says a wrong code was refused and lets the person retype it', async () => {
    await show(WrongOtp);
    await waitFor(() => expect(field('Enter OTP')).toBeEnabled());
    expect(button('Verify')).toBeEnabled();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('goes back to Get OTP when the username is changed on the OTP step, keeping the focus in the field', async () => {
    await show(AwaitingOtp);
    await user.click(field('Username'));
    await user.type(field('Username'), 'x');
    expect(field('Username')).toHaveValue(`${SAMPLE_USERNAME}x`);
    expect(field('Username')).toHaveFocus();
    expect(screen.queryByLabelText('Enter OTP')).not.toBeInTheDocument();
    expect(button('Get OTP')).toBeEnabled();
  });

  it('verifies the typed code for the username with the user subject', async () => {
    const onVerify = fn();
    render(<AwaitingOtp fake={{ onVerify }} />);
    await AwaitingOtp.play?.();
    await user.type(field('Enter OTP'), `${SAMPLE_OTP}{Enter}`);
    await screen.findByLabelText('New password');
    expect(onVerify).toHaveBeenCalledExactlyOnceWith({
      subject: 'user',
      id: SAMPLE_USERNAME,
      otp: SAMPLE_OTP,
      challenge: 'story-challenge',
    });
  });
});

describe('PasswordChangeDialog: new password and Apply', () => {
  it('moves the focus to the new password, shows the username read-only and explains the rule', async () => {
    await show(EnteringPassword);
    await waitFor(() => expect(field('New password')).toHaveFocus());
    expect(field('Username')).toBeDisabled();
    expect(field('Username')).toHaveValue(SAMPLE_USERNAME);
    expect(screen.getByText('The new password must have at least 8 characters.')).toBeVisible();
    expect(field('Confirm new password')).toHaveAccessibleDescription(
      'The new password must have at least 8 characters.',
    );
  });

  it('refuses the username as the new password and two different passwords', async () => {
    await show(EnteringPassword);
    await user.type(field('New password'), SAMPLE_USERNAME.toUpperCase());
    await user.type(field('Confirm new password'), SAMPLE_USERNAME.toUpperCase());
    expect(screen.getByText('The new password must not be the username.')).toBeVisible();
    expect(button('Apply')).toBeDisabled();
  });

  it('keeps Apply disabled while the passwords differ', async () => {
    await show(PasswordsDiffer);
    expect(button('Apply')).toBeDisabled();
  });

  it('offers Apply for two equal passwords and sends the password with the key of the OTP step', async () => {
    const onChange = fn();
    render(<PasswordReady fake={{ onChange }} />);
    await PasswordReady.play?.();
    expect(screen.queryByText(/^The /)).not.toBeInTheDocument();
    await user.type(field('Confirm new password'), '{Enter}');
    await screen.findByText('Your Password has been changed successfully!');
    expect(onChange).toHaveBeenCalledExactlyOnceWith({
      username: SAMPLE_USERNAME,
      password: SAMPLE_PASSWORD,
      key: sampleUserKey,
    });
  });

  it('freezes the fields while the password is applied', async () => {
    await show(Applying);
    expect(field('Confirm new password')).toBeDisabled();
    expect(button('Apply')).toBeDisabled();
  });

  it("shows the policy's refusal and lets the person choose another password", async () => {
    await show(PasswordRefused);
    expect(field('New password')).toBeEnabled();
    expect(field('New password')).toHaveValue(SAMPLE_PASSWORD);
    expect(button('Apply')).toBeEnabled();
  });

  it('goes back to Get OTP when the key has ended, keeping the username', async () => {
    await show(KeyEnded);
    expect(field('Username')).toHaveValue(SAMPLE_USERNAME);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByText(REFUSALS.keyEnded.message)).toBeVisible();
  });
});

describe('PasswordChangeDialog: done and closing', () => {
  it('says the password was changed once, and Back to login closes the dialog', async () => {
    const onClose = fn();
    render(<Changed onClose={onClose} />);
    await Changed.play?.();
    expect(screen.getAllByText('Your Password has been changed successfully!')).toHaveLength(1);
    await waitFor(() => expect(button('Back to login')).toHaveFocus());
    await user.click(button('Back to login'));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('starts empty again after being closed and reopened', async () => {
    const onClose = fn();
    const { rerender } = render(<AwaitingOtp onClose={onClose} />);
    await AwaitingOtp.play?.();
    await user.click(button('Close the password change dialog'));
    expect(onClose).toHaveBeenCalledOnce();
    rerender(<AwaitingOtp onClose={onClose} opened={false} />);
    rerender(<AwaitingOtp onClose={onClose} opened />);
    expect(await screen.findByLabelText('Username')).toHaveValue('');
    expect(screen.queryByLabelText('Enter OTP')).not.toBeInTheDocument();
  });

  it('tells screen readers which step is shown', async () => {
    await show(EnteringPassword);
    expect(screen.getByText('Step 3 of 3: New password')).toHaveAttribute('role', 'status');
  });
});
