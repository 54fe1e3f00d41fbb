import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { AWAITING_LANDLORD_CONSENT } from '../../src/web/features/landlord/office/rental-units-list-view';
import { RentalUnitsOfficeWithFakes } from './office-story-frame';

/** /app/rentalunits, the officials' Rental Units list: loading, empty, rows (with and without Update Status), error. */
const meta = {
  title: 'Landlord office/Rental Units list',
  component: RentalUnitsOfficeWithFakes,
  parameters: { layout: 'padded' },
  args: { vacancyUpdates: true },
} satisfies Meta<typeof RentalUnitsOfficeWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

const table = () => screen.findByRole('table', { name: 'Rental Units' });

export const Loading: Story = {
  args: { services: { list: 'pending' } },
  play: async () => {
    await expect(await screen.findByRole('status', { name: 'Loading rental units' })).toBeVisible();
  },
};

export const Empty: Story = {
  args: { services: { list: 'empty' } },
  play: async () => {
    await expect(await screen.findByText('No Rental Units')).toBeVisible();
  },
};

/** A MODERATOR's or SUPERMODERATOR's page: Landlord column, Update Status enabled only for occupied units. */
export const RowsForModerator: Story = {
  play: async () => {
    const rows = within(await table()).getAllByRole('row');
    await expect(rows).toHaveLength(11);
    await expect(within(rows[1]).getByText('Wanphrang Nongbri')).toBeVisible();
    await expect(screen.getByRole('navigation', { name: 'Rental unit pages' })).toBeVisible();
  },
};

/** A VERIFIER's or USER's page: no Update Vacancy column; Edit remains. */
export const RowsWithoutVacancyPath: Story = {
  args: { vacancyUpdates: false },
  play: async () => {
    const found = await table();
    await expect(within(found).queryByRole('button', { name: /^Update Status/ })).toBeNull();
    await expect(within(found).getAllByRole('button', { name: /^Edit/ })).toHaveLength(10);
  },
};

export const Failed: Story = {
  args: { services: { list: 'failed' } },
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent('Error in Server');
  },
};

/** A unit an official added for a landlord it does not reach: awaiting the landlord's consent, Confirm landlord. */
export const AwaitingLandlordConsent: Story = {
  play: async () => {
    const rows = within(await table()).getAllByRole('row');
    await expect(within(rows[3]).getByText(AWAITING_LANDLORD_CONSENT)).toBeVisible();
    await expect(within(rows[2]).queryByText(AWAITING_LANDLORD_CONSENT)).toBeNull();
    await userEvent.click(within(rows[3]).getByRole('button', { name: /^Confirm landlord/ }));
    await expect(await screen.findByRole('group', { name: "The landlord's consent" })).toBeVisible();
  },
};
