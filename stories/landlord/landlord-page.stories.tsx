import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { CHANNEL_CHANGE_MESSAGES } from '../../src/contract/channel-changes.contract';
import { pendingMobileChange } from '../components/channel-change-fakes';
import { application, unit } from './landlord-fakes';
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

/** An official asked to change the landlord's mobile: the alert above the tabs, and Stop after a confirmation. */
export const ChannelChangePending: Story = {
  args: { services: { units: [], pendingChange: pendingMobileChange } },
  play: async () => {
    await logInToDetails();
    await expect(await screen.findByText('A change of your mobile number is pending')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Stop this change' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Stop the change' }));
    await expect(await screen.findByText(CHANNEL_CHANGE_MESSAGES.stopped('citizen'))).toBeVisible();
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

/** The message of a refused save names its field: it stands under that field and in the snackbar. */
export const SaveRefusedUnderField: Story = {
  args: { services: { refuseSaves: 'presentAddress.pinCode: Invalid Pincode. Must be 6 digits.' } },
  play: async () => {
    await logInToDetails();
    await userEvent.click(button('Save'));
    const pincode = screen.getByLabelText(/^Present Address: Pincode/);
    await waitFor(() => expect(pincode).toHaveAccessibleDescription(/Invalid Pincode. Must be 6 digits./));
    await expect(screen.getAllByText('Invalid Pincode. Must be 6 digits.').length).toBeGreaterThanOrEqual(1);
  },
};

const openApplications = async () => {
  await logInToDetails();
  await userEvent.click(screen.getByRole('tab', { name: 'Applications' }));
  return screen.findByRole('table', { name: 'Applications' });
};

/**
 * Applications: the landlord's own, with the red note; Delete is offered while the application is pending at the
 * Sub-Locality/Ward (LARP), the server deciding the rest.
 */
export const Applications: Story = {
  play: async () => {
    const table = await openApplications();
    await expect(await within(table).findByText('Application has been approved.')).toBeVisible();
    await expect(screen.getByText(/Applications cannot be deleted if applied by other users/)).toBeVisible();
    await expect(within(table).getByRole('button', { name: 'Delete application 31' })).toBeEnabled();
    await expect(within(table).getByRole('button', { name: 'Delete application 17' })).toBeDisabled();
  },
};

/** Delete asked: 'Are you sure you want to delete application 31?' with Yes / No. */
export const ApplicationDeleteQuestion: Story = {
  play: async () => {
    const table = await openApplications();
    await userEvent.click(await within(table).findByRole('button', { name: 'Delete application 31' }));
    await expect(
      await screen.findByText('Are you sure you want to delete application 31?'),
    ).toBeInTheDocument();
    await expect(await screen.findByRole('button', { name: 'Yes' })).toBeInTheDocument();
  },
};

/** Applications while the list is on its way. */
export const ApplicationsLoading: Story = {
  args: { services: { applications: 'pending' } },
  play: async () => {
    const table = await openApplications();
    await expect(within(table).getByText('Loading applications...')).toBeVisible();
  },
};

/** Applications with none yet. */
export const ApplicationsEmpty: Story = {
  args: { services: { applications: [] } },
  play: async () => {
    const table = await openApplications();
    await expect(await within(table).findByText('No applications yet.')).toBeVisible();
  },
};

/** Applications when the server fails: its message above the empty table. */
export const ApplicationsFailed: Story = {
  args: { services: { applications: 'failed' } },
  play: async () => {
    await openApplications();
    await expect(await screen.findByText('The applications could not be loaded')).toBeVisible();
  },
};

/** More applications than the reply holds: the tab says how many it shows. */
export const ApplicationsCapped: Story = {
  args: {
    services: {
      applications: [application(60, 'LAVP', 'Application is pending at Local Authority.')],
      applicationsTotal: 101,
    },
  },
  play: async () => {
    await openApplications();
    await expect(await screen.findByText('Showing the newest 1 of 101 applications.')).toBeVisible();
  },
};

/** The key ended on the server (expired or revoked): the page's own call answers 401 and the session ends. */
export const SessionExpired: Story = {
  args: { services: { keyEnded: true } },
  play: async () => {
    await logInToDetails();
    await userEvent.click(screen.getByRole('tab', { name: 'Rental Units' }));
    await expect(
      (await screen.findAllByText('Your session has expired. Please login again!'))[0],
    ).toBeVisible();
    await expect(await screen.findByRole('button', { name: 'Get OTP' })).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  },
};
