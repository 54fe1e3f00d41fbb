import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { CHANNEL_CHANGE_MESSAGES } from '../../src/contract/channel-changes.contract';
import { ModalsLayer } from '../../src/web/app/modals-layer';
import { ChannelChangeAlert, PendingChannelNote } from '../../src/web/components/channel-change-alert';
import {
  fakeChannelChangeCalls,
  pendingEmailChange,
  pendingMobileChange,
  type FakeChannelChangeOptions,
} from './channel-change-fakes';

/**
 * A person's own pending change of its OTP channel, asked by someone else (docs/otp-channel-changes.md), as the
 * landlord's and tenant's signed-in pages and the staff profile show it: each state over fake calls.
 */
function AlertWithFakes(props: FakeChannelChangeOptions) {
  const calls = useMemo(() => fakeChannelChangeCalls(props), [props]);
  return (
    <ModalsLayer>
      <ChannelChangeAlert calls={calls} />
    </ModalsLayer>
  );
}

const meta = {
  title: 'Components/Channel change alert',
  component: AlertWithFakes,
  parameters: { layout: 'padded' },
  args: { pending: pendingMobileChange },
} satisfies Meta<typeof AlertWithFakes>;
export default meta;
type Story = StoryObj<typeof meta>;

async function stopAndConfirm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Stop this change' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Stop the change' }));
}

/** Nothing pending: nothing shows. */
export const NonePending: Story = {
  args: { pending: null },
  play: async () => {
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await expect(screen.queryByRole('button', { name: 'Stop this change' })).toBeNull();
  },
};

/** Pending: what, who asked, when it takes effect, and Stop. */
export const Pending: Story = {
  play: async () => {
    await expect(await screen.findByText('A change of your mobile number is pending')).toBeVisible();
    await expect(screen.getByText(/An official of Laitumkhrah Main/)).toBeVisible();
    await expect(screen.getByText(/30 Nov 2026, 10:30 IST/)).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Stop this change' })).toBeEnabled();
  },
};

/** A staff account's email, asked by an administrator. */
export const PendingStaffEmail: Story = {
  args: { pending: pendingEmailChange },
  play: async () => {
    await expect(await screen.findByText('A change of your email address is pending')).toBeVisible();
    await expect(
      screen.getByText(/Administrator admin asked to change the email address to a\*\*\*@evil/),
    ).toBeVisible();
  },
};

/** Stopping: the confirmation was given and the server has not answered yet. */
export const Stopping: Story = {
  args: { stop: 'hangs' },
  play: async () => {
    await stopAndConfirm();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Stop this change' })).toHaveAttribute(
        'data-loading',
        'true',
      ),
    );
  },
};

/** Stopped: the server's message. */
export const Stopped: Story = {
  args: { onStop: fn() },
  play: async ({ args }) => {
    await stopAndConfirm();
    await expect(await screen.findByText(CHANNEL_CHANGE_MESSAGES.stopped('citizen'))).toBeVisible();
    await expect(args.onStop).toHaveBeenCalledOnce();
    await expect(screen.queryByRole('button', { name: 'Stop this change' })).toBeNull();
  },
};

/** Kept: "Keep it" in the confirmation sends nothing. */
export const KeptAfterConfirmation: Story = {
  args: { onStop: fn() },
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Stop this change' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Keep it' }));
    await expect(args.onStop).not.toHaveBeenCalled();
    await expect(screen.getByRole('button', { name: 'Stop this change' })).toBeEnabled();
  },
};

/** Failed: the server's message, and Stop stays to try again. */
export const StopFailed: Story = {
  args: { stop: 'refused' },
  play: async () => {
    await stopAndConfirm();
    await expect(await screen.findByText(CHANNEL_CHANGE_MESSAGES.nonePending('citizen'))).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Stop this change' })).toBeEnabled();
  },
};

/** What an official sees on the person's record. */
export const OfficialsNote: Story = {
  render: () => <PendingChannelNote change={pendingMobileChange} />,
  play: async () => {
    await expect(
      await screen.findByText(/Mobile number change pending until 30 Nov 2026, 10:30 IST/),
    ).toBeVisible();
  },
};
