import { afterEach, describe, expect, it } from 'vitest';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { fn, userEvent as user } from 'storybook/test';
import * as stories from '../../../stories/landlord/landlord-stepper.stories';
import { KNOWN_EPIC, RIGHT_OTP } from '../../../stories/landlord/landlord-fakes';
import { button, epicField } from '../../../stories/landlord/landlord-story-frame';

const composed = composeStories(stories);
const {
  LoginEmpty,
  LoginCodeSent,
  LoadingLandlord,
  RegisterTab,
  RegisterChecking,
  LogoutQuestion,
  Completed,
} = composed;

async function show(Story: { (): React.ReactElement; play?: () => Promise<void> }) {
  render(<Story />);
  await Story.play?.();
}

// Snackbars live in a module-wide store: past the limit on screen, new ones queue behind the last test's.
afterEach(() => notifications.clean());

describe('landlord stepper view', () => {
  it.each(Object.entries(composed))('plays the %s story', async (_name, Story) => {
    await show(Story);
  });

  it('enables Get OTP only for 3 letters and 7 digits, upper-casing what is typed', async () => {
    await show(LoginEmpty);
    await user.type(await epicField(), 'abc123456');
    expect(button('Get OTP')).toBeDisabled();
    await user.type(await epicField(), '7');
    expect(await epicField()).toHaveValue(KNOWN_EPIC);
    expect(button('Get OTP')).toBeEnabled();
  });

  it('enables Login at six digits of a sent code and sends the code for the EPIC', async () => {
    const onVerify = fn();
    render(<LoginCodeSent stepper={{ onVerify }} />);
    await LoginCodeSent.play?.();
    await user.type(screen.getByLabelText('Enter OTP'), RIGHT_OTP.slice(0, 5));
    expect(button('Login')).toBeDisabled();
    await user.type(screen.getByLabelText('Enter OTP'), RIGHT_OTP.slice(5));
    await user.click(button('Login'));
    await screen.findByRole('tab', { name: 'Rental Units' });
    expect(onVerify).toHaveBeenCalledWith({
      subject: 'landlord',
      id: KNOWN_EPIC,
      otp: RIGHT_OTP,
      challenge: 'story-challenge',
    });
    expect(screen.getByText('OTP has been successfully verified!')).toBeInTheDocument();
  });

  it('shows the landlord load as busy on the Login button', async () => {
    await show(LoadingLandlord);
    expect(button('Login')).toHaveAttribute('data-loading', 'true');
  });

  it('offers Next instead of Login on the Register tab, and no OTP field there', async () => {
    await show(RegisterTab);
    expect(screen.queryByLabelText('Enter OTP')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Get OTP' })).toBeNull();
    await user.type(await epicField(), '54321');
    expect(button('Next')).toBeEnabled();
  });

  it('keeps the person on step 0 while the EPIC is checked', async () => {
    await show(RegisterChecking);
    expect(button('Next')).toHaveAttribute('data-loading', 'true');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('logs out after the question: the key is ended on the server, and the stepper is back at an empty Login tab', async () => {
    const logout = fn(async () => {});
    render(<LogoutQuestion logout={logout} />);
    await LogoutQuestion.play?.();
    expect(logout).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Logout' }));
    expect(logout).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull());
    expect(await epicField()).toHaveValue('');
    expect(screen.getByRole('tab', { name: 'Login', selected: true })).toBeInTheDocument();
  });

  it('keeps the landlord logged in when the logout question is cancelled', async () => {
    await show(LogoutQuestion);
    await user.click(button('Cancel'));
    await waitFor(() => expect(screen.queryByText('Are you sure you want to logout?')).toBeNull());
    expect(screen.getByRole('tab', { name: 'Rental Units' })).toBeEnabled();
    expect(button('Logout')).toBeEnabled();
  });

  it('downloads the registration form of the landlord with its key, once per click', async () => {
    const onDownload = fn();
    render(<Completed stepper={{ onDownload }} />);
    await Completed.play?.();
    await user.click(button('Download Registration Form'));
    await waitFor(() => expect(onDownload).toHaveBeenCalledTimes(1));
    expect(onDownload.mock.calls[0][0]).toMatchObject({ landlordId: '12', key: { apiKey: 'story-key' } });
  });

  it('returns from the final step to step 0 with Reset, keeping the key', async () => {
    await show(Completed);
    await user.click(button('Reset'));
    expect(await epicField()).toHaveValue('');
    expect(button('Logout')).toBeEnabled();
  });
});
