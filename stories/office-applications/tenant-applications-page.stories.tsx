import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { TenantApplicationsWithFakes } from './tenant-applications-fakes';
import { findLandlord } from './tenant-applications-steps';

/** /app/applications: the landlord's EPIC, then its Tenant Applications panel. */
const meta = {
  title: 'Office applications/Tenant Applications page',
  component: TenantApplicationsWithFakes,
  parameters: { layout: 'padded' },
  args: { view: 'page', onNewApplication: fn() },
} satisfies Meta<typeof TenantApplicationsWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The EPIC field: Find waits for 3 letters and 7 digits. */
export const EpicEntry: Story = {
  play: async () => {
    await userEvent.type(await screen.findByLabelText('Landlord Epic Number'), 'abc12');
    await expect(screen.getByLabelText('Landlord Epic Number')).toHaveValue('ABC12');
    await expect(screen.getByRole('button', { name: 'Find' })).toBeDisabled();
    await expect(screen.queryByRole('button', { name: 'New Application' })).toBeNull();
  },
};

/** An EPIC no landlord is registered with. */
export const NotRegistered: Story = {
  args: { fakes: { landlord: 'absent' } },
  play: async () => {
    await findLandlord();
    await expect(await screen.findByText('No landlord is registered with this EPIC number.')).toBeVisible();
  },
};

/** A USER found the landlord: the panel, and New Application (USER only). */
export const LandlordFoundByUser: Story = {
  args: { role: 'USER' },
  play: async () => {
    await findLandlord();
    await expect(await screen.findByRole('table', { name: 'Completed Applications' })).toBeVisible();
    await expect(screen.getByText(/^Landlord:/)).toHaveTextContent(
      'Landlord: Wanphrang Nongbri (ABC1234567)',
    );
    await expect(screen.getByRole('button', { name: 'New Application' })).toBeVisible();
  },
};
