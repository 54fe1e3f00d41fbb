import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { IdleDialog, SessionExpiredNotice } from '../../src/web/features/auth/idle-dialog';

/** The idle-session machine's views: the warning ('warning' state) and the expiry notice ('expired' state). */
const meta = {
  title: 'Auth/Idle dialog',
  component: IdleDialog,
  args: { opened: true, loggingOut: false, onStay: fn(), onLogout: fn() },
} satisfies Meta<typeof IdleDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** warning: asks whether to stay. */
export const Warning: Story = {};

/** loggedOut: Logout was chosen and the logout call runs. */
export const LoggingOut: Story = { args: { loggingOut: true } };

/** expired: nobody answered in time. */
export const SessionExpired: StoryObj<typeof SessionExpiredNotice> = {
  args: { opened: true, leaving: false, onAcknowledge: fn() },
  render: (args) => <SessionExpiredNotice {...args} />,
};
