import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { DELETE_TENANT_WARNING } from '../../src/web/features/search/delete-tenant-dialog';
import { SearchDialogWithFakes, UpdateTenantPageWithFakes } from './search-fakes';

/** The top bar's Search dialog and the Search Tenants & Landlords page in each machine state, over fake calls. */
const meta = {
  title: 'Search/Search',
  component: UpdateTenantPageWithFakes,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof UpdateTenantPageWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

const PAGE_FIELD = 'Name, EPIC, PAN or ID';
const DIALOG_FIELD = 'Name or EPIC/registration number';

async function searchFor(field: string, text = 'wanshng{Enter}') {
  await userEvent.type(await screen.findByLabelText(field), text);
}
const results = () => screen.findByRole('table', { name: /found/ });

/** idle: nothing searched yet; Search waits for two characters. */
export const PageIdle: Story = {
  play: async () => {
    await userEvent.type(await screen.findByLabelText(PAGE_FIELD), 'w');
    await expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
  },
};

/** searching: the request is out. */
export const PageSearching: Story = {
  args: { search: { search: 'pending' } },
  play: async () => {
    await searchFor(PAGE_FIELD);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled());
  },
};

/** results: tenant rows with Edit and Delete. */
export const PageResults: Story = {
  play: async () => {
    await searchFor(PAGE_FIELD);
    const table = within(await results());
    await expect(table.getByRole('button', { name: 'Edit Wanshnong Lyngdoh' })).toBeVisible();
    await expect(table.getByRole('button', { name: 'Delete Wanshan Lyngdoh' })).toBeVisible();
  },
};

/** results of a landlord search: no Edit or Delete. */
export const PageLandlordResults: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('radio', { name: 'Landlord' }));
    await searchFor(PAGE_FIELD, 'kyrmen{Enter}');
    const table = within(await results());
    await expect(table.getByText('Kyrmenlang Marngar')).toBeVisible();
    await expect(table.queryByRole('button', { name: /Delete/ })).toBeNull();
  },
};

/** empty: 'No {entity} found.' */
export const PageEmpty: Story = {
  args: { search: { search: 'none' } },
  play: async () => {
    await searchFor(PAGE_FIELD);
    await expect(await screen.findByText('No tenant found.')).toBeVisible();
  },
};

/** failed: the server's message. */
export const PageFailed: Story = {
  args: { search: { search: 'fails' } },
  play: async () => {
    await searchFor(PAGE_FIELD);
    await expect(await screen.findByText('Server Issue. Please try again later!')).toBeVisible();
  },
};

/** confirmingDelete: the spec's warning. */
export const PageConfirmingDelete: Story = {
  play: async () => {
    await searchFor(PAGE_FIELD);
    await userEvent.click(within(await results()).getByRole('button', { name: 'Delete Wanshnong Lyngdoh' }));
    await expect(await screen.findByText(DELETE_TENANT_WARNING)).toBeVisible();
  },
};

/** deleting: the confirmation stays, busy. */
export const PageDeleting: Story = {
  args: { search: { remove: 'pending' } },
  play: async () => {
    await searchFor(PAGE_FIELD);
    await userEvent.click(within(await results()).getByRole('button', { name: 'Delete Wanshnong Lyngdoh' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Tenant' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled());
  },
};

/** Deleted: the row leaves the table; the server's words in a snackbar. */
export const PageDeleted: Story = {
  play: async () => {
    await searchFor(PAGE_FIELD);
    await userEvent.click(within(await results()).getByRole('button', { name: 'Delete Wanshnong Lyngdoh' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Tenant' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await expect(await screen.findByText('Successfully Deleted Tenant.')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Wanshnong Lyngdoh')).toBeNull());
  },
};

/** The delete refused: the server's reason; the row stays. */
export const PageDeleteRefused: Story = {
  args: { search: { remove: 'fails' } },
  play: async () => {
    await searchFor(PAGE_FIELD);
    await userEvent.click(within(await results()).getByRole('button', { name: 'Delete Wanshnong Lyngdoh' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Tenant' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await expect(await screen.findByText(/cannot be deleted from here/)).toBeVisible();
    await expect(screen.getByText('Wanshnong Lyngdoh')).toBeVisible();
  },
};

/** editing: 'Edit Tenant Details' with the profile the route plugs in. */
export const PageEditing: Story = {
  play: async () => {
    await searchFor(PAGE_FIELD);
    await userEvent.click(within(await results()).getByRole('button', { name: 'Edit Wanshnong Lyngdoh' }));
    await expect(await screen.findByRole('heading', { name: 'Edit Tenant Details' })).toBeVisible();
  },
};

/** The top bar's dialog with its results (it only finds). */
export const DialogResults: Story = {
  render: (args) => <SearchDialogWithFakes {...args} />,
  play: async () => {
    await searchFor(DIALOG_FIELD);
    const table = within(await results());
    await expect(table.getByText('Wanshnong Lyngdoh')).toBeVisible();
    await expect(table.queryByRole('button', { name: /Edit/ })).toBeNull();
  },
};

/** The dialog finding nobody. */
export const DialogEmpty: Story = {
  args: { search: { search: 'none' } },
  render: (args) => <SearchDialogWithFakes {...args} />,
  play: async () => {
    await userEvent.click(await screen.findByRole('radio', { name: 'Landlord' }));
    await searchFor(DIALOG_FIELD);
    await expect(await screen.findByText('No landlord found.')).toBeVisible();
  },
};
