import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { CHANNEL_CHANGE_MESSAGES } from '../../src/contract/channel-changes.contract';
import { STAFF_USER_MESSAGES } from '../../src/contract/staff-users.contract';
import { pendingEmailChange } from '../components/channel-change-fakes';
import { ProfilePageWithFakes, verifierProfile } from './profile-fakes';

/** The Profile page (/app/profile, every role) in each of its states, over fake calls. */
const meta = {
  title: 'Profile/Profile page',
  component: ProfilePageWithFakes,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ProfilePageWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

async function updateTo(email: string) {
  await userEvent.type(await screen.findByLabelText('New email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Update' }));
}

/** A ward officer: its ward, headman, locality and station. */
export const WardOfficer: Story = {
  play: async () => {
    await expect(await screen.findByText('Laitumkhrah Main')).toBeVisible();
    await expect(screen.getByText('Headman Name')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
  },
};

/** A verifier: its district; no email registered. */
export const Verifier: Story = {
  args: { profile: { profile: verifierProfile } },
  play: async () => {
    await expect(await screen.findByText('East Khasi Hills')).toBeVisible();
    await expect(screen.getByText('None registered')).toBeVisible();
  },
};

/** Loading. */
export const Loading: Story = {
  args: { profile: { load: 'pending' } },
  play: async () => {
    await expect(await screen.findByRole('status', { name: 'Loading the profile' })).toBeVisible();
  },
};

/** The profile failed to load: the server's message. */
export const LoadFailed: Story = {
  args: { profile: { load: 'fails' } },
  play: async () => {
    await expect(await screen.findByText('Error in Server')).toBeVisible();
  },
};

/** A malformed email is refused before sending. */
export const InvalidEmail: Story = {
  args: { profile: { onUpdate: fn() } },
  play: async ({ args }) => {
    await updateTo('not-an-email');
    await expect(await screen.findByText('Invalid email address.')).toBeVisible();
    await expect(args.profile?.onUpdate).not.toHaveBeenCalled();
  },
};

/**
 * Updated: the server's message says the new email waits; the alert above the details shows the pending change
 * (with Stop), and the details keep the email in use.
 */
export const EmailUpdated: Story = {
  args: { profile: { onUpdate: fn() } },
  play: async ({ args }) => {
    await updateTo('ward.one@mrss.example');
    await expect(
      await screen.findByText(/^Email updated successfully\. The new email address is not in use yet/),
    ).toBeVisible();
    await expect(await screen.findByText('A change of your email address is pending')).toBeVisible();
    await expect(
      screen.getByText(
        /You \(signed in as moderator\) asked to change the email address to w\*\*\*@mrss\.example/,
      ),
    ).toBeVisible();
    await expect(screen.queryByText('ward.one@mrss.example')).toBeNull();
    await expect(args.profile?.onUpdate).toHaveBeenCalledWith('moderator', 'ward.one@mrss.example');
  },
};

/** Refused by the server: its message. */
export const EmailRefused: Story = {
  args: { profile: { update: 'refused' } },
  play: async () => {
    await updateTo('ward.one@mrss.example');
    await expect(await screen.findByText(STAFF_USER_MESSAGES.notYourEmail)).toBeVisible();
  },
};

/** An administrator asked to change this account's email: the alert above the details, with Stop. */
export const EmailChangePending: Story = {
  args: { profile: { pendingChange: pendingEmailChange } },
  play: async () => {
    await expect(await screen.findByText('A change of your email address is pending')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Stop this change' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Stop the change' }));
    await expect(await screen.findByText(CHANNEL_CHANGE_MESSAGES.stopped('staff'))).toBeVisible();
  },
};
