import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { JURISDICTION_ADMIN_MESSAGES as M } from '../../src/contract/jurisdiction-admin.contract';
import { RegisteredWardsPage } from '../../src/web/features/jurisdiction-admin/registered-units-pages';
import { WardsPage, type WardsViewer } from '../../src/web/features/jurisdiction-admin/wards-page';
import { WithJurisdictionFakes, type FakeJurisdictionOptions } from './jurisdiction-admin-fakes';

/** /app/local-authorities for each role that opens it, and the read-only registered list. */
function WardsOverFakes(props: { viewer: WardsViewer | 'registered'; fake?: FakeJurisdictionOptions }) {
  return (
    <WithJurisdictionFakes fake={props.fake}>
      {props.viewer === 'registered' ? (
        <RegisteredWardsPage canAddUsers={false} />
      ) : (
        <WardsPage viewer={props.viewer} usercode="PS1701001LA01" />
      )}
    </WithJurisdictionFakes>
  );
}

const meta = {
  title: 'Jurisdiction/Sub-Localities and Wards',
  component: WardsOverFakes,
  args: { viewer: 'ADMIN' },
} satisfies Meta<typeof WardsOverFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

const openEntry = async () => {
  await screen.findByText('Laitumkhrah Main');
  await userEvent.click(screen.getByRole('button', { name: 'Create Sub-Locality/Wards' }));
  return within(await screen.findByRole('dialog', { name: 'Create Sub-Locality/Wards' }));
};

export const AdminList: Story = {
  play: async () => {
    await expect(await screen.findByText('Police Bazar Central')).toBeVisible();
    await expect(screen.queryByLabelText('Filter sub-localities by locality')).toBeNull();
  },
};

/** The VERIFIER filters by locality: only Malki's wards remain. */
export const VerifierFilter: Story = {
  args: { viewer: 'VERIFIER' },
  play: async () => {
    await screen.findByText('Laitumkhrah Main');
    const filter = screen.getByLabelText('Filter sub-localities by locality');
    await waitFor(() => expect(within(filter).getByText('Malki')).toBeInTheDocument());
    await userEvent.selectOptions(filter, 'PS1701001LA02');
    await waitFor(() => expect(screen.queryByText('Laitumkhrah Main')).toBeNull());
    await expect(screen.getByText('Malki Dhankheti')).toBeVisible();
  },
};

/** Any role but SUPERMODERATOR must pick the area: 'Area required' with the others. */
export const EntryValidationErrors: Story = {
  play: async () => {
    const dialog = await openEntry();
    await userEvent.click(dialog.getByRole('button', { name: 'Create Sub-Locality/Wards' }));
    await expect(await dialog.findByText(M.nameRequired)).toBeVisible();
    await expect(dialog.getByText(M.headmanRequired)).toBeVisible();
    await expect(dialog.getByText(M.areaRequired)).toBeVisible();
  },
};

/** A SUPERMODERATOR's area is its own locality: no picker, no 'Area required'. */
export const SupermoderatorEntry: Story = {
  args: { viewer: 'SUPERMODERATOR' },
  play: async () => {
    const dialog = await openEntry();
    await expect(dialog.getByText('Area (your locality): PS1701001LA01')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Create Sub-Locality/Wards' }));
    await expect(await dialog.findByText(M.nameRequired)).toBeVisible();
    await expect(dialog.queryByText(M.areaRequired)).toBeNull();
  },
};

export const EntryRefusedByServer: Story = {
  args: { viewer: 'SUPERMODERATOR', fake: { create: 'duplicate' } },
  play: async () => {
    const dialog = await openEntry();
    await userEvent.type(dialog.getByLabelText(/Sub-Locality\/Wards Name/), 'Nongrim Hills');
    await userEvent.type(dialog.getByLabelText(/Headman Name/), 'S. Marbaniang');
    await userEvent.click(dialog.getByRole('button', { name: 'Create Sub-Locality/Wards' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(M.duplicateWard);
  },
};

export const CreateSubLocalityUser: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Add User for Nongrim Hills' }));
    await expect(await screen.findByRole('dialog', { name: 'Create Sub-Locality User' })).toBeVisible();
  },
};

export const Empty: Story = {
  args: { fake: { list: 'empty' } },
  play: async () => {
    await expect(await screen.findByText('No sub-localities/wards yet.')).toBeVisible();
  },
};

/** Registered Sub-Localities/Wards: read-only, with the police station of each. */
export const RegisteredList: Story = {
  args: { viewer: 'registered' },
  play: async () => {
    await expect(
      await screen.findByRole('heading', { name: 'Registered Sub-Localities/Wards' }),
    ).toBeVisible();
    await expect(screen.getAllByText('Sadar Police Station').length).toBeGreaterThan(0);
    await expect(screen.queryByRole('button', { name: /^Add User/ })).toBeNull();
  },
};
