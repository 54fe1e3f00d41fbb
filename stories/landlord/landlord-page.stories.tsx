import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { unit } from './landlord-fakes';
import {
  LandlordLoginWithFakes,
  button,
  fillBasicDetails,
  logInToDetails,
  startRegistration,
} from './landlord-story-frame';

/** Step 1, the landlord page: its tabs, the rental unit dialog and the confirmations. */
const meta = {
  title: 'Landlord/Landlord page',
  component: LandlordLoginWithFakes,
  parameters: { layout: 'fullscreen' },
  args: { services: { units: [unit(1, false), unit(2, true)] } },
} satisfies Meta<typeof LandlordLoginWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

const openRentalUnits = async () => {
  await logInToDetails();
  await userEvent.click(screen.getByRole('tab', { name: 'Rental Units' }));
  return screen.findByRole('table', { name: 'Rental Units' });
};
const dialog = () => screen.findByRole('dialog');

/** A fresh registration: 'Welcome! ...', only Basic Details, an empty form with the EPIC filled in. */
export const FreshRegistration: Story = {
  play: async () => {
    await startRegistration();
    await expect(await screen.findByText(/^Welcome! This will be a fresh registration/)).toBeVisible();
    await expect(screen.queryByRole('tab', { name: 'Rental Units' })).toBeNull();
  },
};

/** Save with empty fields: the spec's messages under the fields. */
export const RegistrationErrors: Story = {
  play: async () => {
    await startRegistration();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await expect(await screen.findByText('firstName required')).toBeVisible();
  },
};

/** steps.details.verifyingRegistration: saved; the OTP for the EPIC opens the other tabs. */
export const RegistrationOtp: Story = {
  play: async () => {
    await startRegistration();
    await screen.findByRole('button', { name: 'Save' });
    await fillBasicDetails();
    await userEvent.click(button('Save'));
    await expect(await screen.findByText('Verify your registration')).toBeVisible();
  },
};

/** A known landlord logged in: Basic Details filled from the server, Rental Units open, Logout offered. */
export const LoggedInDetails: Story = {
  play: async () => {
    await logInToDetails();
    await expect(screen.getByLabelText(/^First Name/)).toHaveValue('Wanphrang');
    await expect(screen.getByRole('tab', { name: 'Rental Units' })).toBeEnabled();
  },
};

/** Rental Units: one occupied (Update Status enabled) and one vacant unit. */
export const RentalUnits: Story = {
  play: async () => {
    const table = await openRentalUnits();
    await expect(await within(table).findByText('1 Laitumkhrah Main Road')).toBeVisible();
  },
};

/** Rental Units with none yet. */
export const NoRentalUnits: Story = {
  args: { services: { units: [] } },
  play: async () => {
    const table = await openRentalUnits();
    await expect(await within(table).findByText(/No rental unit yet/)).toBeVisible();
  },
};

/** The New Rental Unit dialog. */
export const NewRentalUnit: Story = {
  play: async () => {
    await openRentalUnits();
    await userEvent.click(button('New Rental Unit'));
    await expect(await dialog()).toHaveTextContent('New Rental Unit');
  },
};

/** OK with nothing filled: the anonymous unit's required fields say so. */
export const NewRentalUnitErrors: Story = {
  play: async () => {
    await openRentalUnits();
    await userEvent.click(button('New Rental Unit'));
    await userEvent.click(within(await dialog()).getByRole('button', { name: 'OK' }));
    await expect(await screen.findByText('Police Station required')).toBeVisible();
  },
};

/** The Edit Rental Unit dialog, filled from the unit. */
export const EditRentalUnit: Story = {
  play: async () => {
    const table = await openRentalUnits();
    await userEvent.click((await within(table).findAllByRole('button', { name: 'Edit' }))[0]);
    await expect(await dialog()).toHaveTextContent('Edit Rental Unit');
  },
};

/** Update Status asks first. */
export const UpdateVacancyQuestion: Story = {
  play: async () => {
    const table = await openRentalUnits();
    const updates = await within(table).findAllByRole('button', { name: 'Update Status' });
    await waitFor(() => expect(updates[0]).toBeEnabled());
    await userEvent.click(updates[0]);
    await expect(await dialog()).toHaveTextContent(/as vacant/);
  },
};

/** Disown asks first. */
export const DisownQuestion: Story = {
  play: async () => {
    const table = await openRentalUnits();
    await userEvent.click((await within(table).findAllByRole('button', { name: 'Disown' }))[0]);
    await expect(await dialog()).toHaveTextContent(/disown/);
  },
};

/** A save the server refuses: its message in an error snackbar. */
export const SaveRefused: Story = {
  args: { services: { refuseSaves: 'The district does not belong to the chosen state.' } },
  play: async () => {
    await logInToDetails();
    await userEvent.click(button('Save'));
    await expect(await screen.findByText('The district does not belong to the chosen state.')).toBeVisible();
  },
};
