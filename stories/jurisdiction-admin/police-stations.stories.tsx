import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { JURISDICTION_ADMIN_MESSAGES as M } from '../../src/contract/jurisdiction-admin.contract';
import { PoliceStationsPage } from '../../src/web/features/jurisdiction-admin/police-stations-page';
import {
  LIST_REFUSED,
  WithJurisdictionFakes,
  type FakeJurisdictionOptions,
} from './jurisdiction-admin-fakes';

/** /app/policestations: the ADMIN's 'New Police Station' and the SUPERVISOR's read-only 'Police Stations'. */
function StationsOverFakes({ canEdit, fake }: { canEdit: boolean; fake?: FakeJurisdictionOptions }) {
  return (
    <WithJurisdictionFakes fake={fake}>
      <PoliceStationsPage canEdit={canEdit} />
    </WithJurisdictionFakes>
  );
}

const meta = {
  title: 'Jurisdiction/Police Stations',
  component: StationsOverFakes,
  args: { canEdit: true },
} satisfies Meta<typeof StationsOverFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

const openEntry = async () => {
  await screen.findByText('Laitumkhrah Police Station');
  await userEvent.click(screen.getByRole('button', { name: 'Add Police Station' }));
  return within(await screen.findByRole('dialog', { name: 'Police Station Entry' }));
};

/** The ADMIN's table: Sl no., name, users, Add User; the add-station button. */
export const AdminList: Story = {
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'New Police Station' })).toBeVisible();
    await expect(await screen.findByText('police')).toBeVisible();
    await expect(screen.getAllByRole('button', { name: /^Add User for/ })).toHaveLength(3);
  },
};

/** The SUPERVISOR reads the same table without the add-station button or the Add User column. */
export const SupervisorReadOnly: Story = {
  args: { canEdit: false },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Police Stations' })).toBeVisible();
    await screen.findByText('Laitumkhrah Police Station');
    await expect(screen.queryByRole('button', { name: 'Add Police Station' })).toBeNull();
    await expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Sl no.',
      'Police Station Name',
      'Users',
    ]);
  },
};

export const Loading: Story = {
  args: { fake: { list: 'pending' } },
  play: async () => {
    await expect(await screen.findByText('Sl no.')).toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { fake: { list: 'empty' } },
  play: async () => {
    await expect(await screen.findByText('No police stations yet.')).toBeVisible();
  },
};

export const Failed: Story = {
  args: { fake: { list: 'fails' } },
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent(LIST_REFUSED);
  },
};

/** Police Station Entry submitted empty: both of the spec's messages. */
export const EntryValidationErrors: Story = {
  play: async () => {
    const dialog = await openEntry();
    await userEvent.click(dialog.getByRole('button', { name: 'Add Police Station' }));
    await expect(await dialog.findByText(M.stationNameRequired)).toBeVisible();
    await expect(dialog.getByText(M.districtRequired)).toBeVisible();
  },
};

/** The server refuses (a station of that name in the district): its message shows in the dialog. */
export const EntryRefusedByServer: Story = {
  args: { fake: { create: 'duplicate' } },
  play: async () => {
    const dialog = await openEntry();
    await userEvent.type(dialog.getByLabelText(/Police Station Name/), 'Laitumkhrah Police Station');
    await userEvent.selectOptions(dialog.getByLabelText(/District/), '1701');
    await userEvent.click(dialog.getByRole('button', { name: 'Add Police Station' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(M.duplicateStation);
  },
};

/** Add User on a row: the shared dialog titled Police User Entry. */
export const PoliceUserEntry: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Add User for Sadar Police Station' }));
    await expect(await screen.findByRole('dialog', { name: 'Police User Entry' })).toBeVisible();
  },
};
