import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { fn, userEvent as user } from 'storybook/test';
import * as stories from '../../../stories/password-change/login-link.stories';

// The way in: the login dialog's 'Forgot/Change Password' link swaps it for the password change, and back.

const { LoginWithLink, PasswordChangeOpened } = composeStories(stories);

describe('Forgot/Change Password link', () => {
  it('opens the password change in place of the login dialog, and closing it brings the login back', async () => {
    const onClose = fn();
    render(<LoginWithLink onClose={onClose} />);
    await LoginWithLink.play?.();
    await user.type(screen.getByLabelText('Username'), 'moderator2');
    await user.click(screen.getByRole('button', { name: 'Forgot/Change Password' }));

    const dialog = await screen.findByRole('dialog', { name: 'CHANGE PASSWORD' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'USER LOGIN' })).not.toBeInTheDocument());
    expect(dialog).toContainElement(screen.getByRole('button', { name: 'Get OTP' }));
    expect(screen.getByLabelText('Username')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Close the password change dialog' }));
    const login = await screen.findByRole('dialog', { name: 'USER LOGIN' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'CHANGE PASSWORD' })).not.toBeInTheDocument(),
    );
    // Only the password change closed: the login dialog keeps what was typed, and its host was not told to close.
    expect(login).toContainElement(screen.getByLabelText('Username'));
    expect(screen.getByLabelText('Username')).toHaveValue('moderator2');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('opens a fresh password change each time', async () => {
    render(<PasswordChangeOpened />);
    await PasswordChangeOpened.play?.();
    const first = within(screen.getByRole('dialog', { name: 'CHANGE PASSWORD' }));
    await user.type(first.getByLabelText('Username'), 'moderator2');
    await user.click(first.getByRole('button', { name: 'Close the password change dialog' }));
    const login = within(await screen.findByRole('dialog', { name: 'USER LOGIN' }));
    await user.click(login.getByRole('button', { name: 'Forgot/Change Password' }));
    const again = within(await screen.findByRole('dialog', { name: 'CHANGE PASSWORD' }));
    expect(again.getByLabelText('Username')).toHaveValue('');
    expect(again.getByRole('button', { name: 'Get OTP' })).toBeDisabled();
  });
});
