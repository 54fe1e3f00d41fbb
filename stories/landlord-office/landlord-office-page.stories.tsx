import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { fillBasicDetails } from '../landlord/landlord-story-frame';
import {
  KNOWN_EPIC,
  NEW_EPIC,
  OFFLINE_EPIC,
  OUTSIDE_EPIC,
  OUTSIDE_MESSAGE,
  PENDING_EPIC,
} from './office-fakes';
import { pendingMobileChange } from '../components/channel-change-fakes';
import { OUTSIDE_REACH_HINT } from '../../src/web/features/landlord/office/outside-reach-unit';
import { LandlordOfficeWithFakes, epicField, findLandlord, openFoundUnits } from './office-story-frame';

/** /app/landlord/tenants, the officials' Landlords screen: every state of its lookup machine. */
const meta = {
  title: 'Landlord office/Landlords (by EPIC)',
  component: LandlordOfficeWithFakes,
  parameters: { layout: 'padded' },
  args: { vacancyUpdates: true },
} satisfies Meta<typeof LandlordOfficeWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** enteringEpic: the EPIC field, upper-cased as typed; Find waits for 3 letters + 7 digits. */
export const EpicEntry: Story = {
  play: async () => {
    const field = await epicField();
    await userEvent.type(field, 'abc12');
    await expect(field).toHaveValue('ABC12');
    await expect(screen.getByRole('button', { name: 'Find' })).toBeDisabled();
  },
};

/** lookingUp: the lookup has not answered yet. */
export const LookingUp: Story = {
  play: async () => {
    await findLandlord(PENDING_EPIC);
    await expect(await screen.findByRole('status', { name: 'Looking for the landlord' })).toBeVisible();
  },
};

/** registering: no landlord has this EPIC; 'Welcome! ...' and Basic Details only, the EPIC filled in. */
export const FreshRegistration: Story = {
  play: async () => {
    await findLandlord(NEW_EPIC);
    await expect(
      await screen.findByText(
        `Welcome! This will be a fresh registration for landlord with EPIC Number ${NEW_EPIC}`,
      ),
    ).toBeVisible();
    await expect(screen.getByLabelText(/^EPIC Number/)).toHaveValue(NEW_EPIC);
    await expect(screen.queryByRole('tab', { name: 'Rental Units' })).toBeNull();
  },
};

/** registering -> landlordFound: the first save creates the landlord and opens its Rental Units. */
export const RegisteredOpensRentalUnits: Story = {
  play: async () => {
    await findLandlord(NEW_EPIC);
    await screen.findByRole('button', { name: 'Save' });
    await fillBasicDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect(await screen.findByRole('tab', { name: 'Rental Units', selected: true })).toBeVisible();
    // The saved name heads the page and the Rental Units tab's Landlord Name line.
    await expect(await screen.findAllByText('Banshan Syiem')).toHaveLength(2);
  },
};

/** landlordFound: the landlord's Basic Details, editable; Find another landlord. */
export const Found: Story = {
  play: async () => {
    await findLandlord(KNOWN_EPIC);
    await expect(await screen.findByLabelText(/^First Name/)).toHaveValue('Wanphrang');
    await expect(screen.getByRole('button', { name: 'Find another landlord' })).toBeVisible();
  },
};

/** landlordFound with a held change of the landlord's mobile: the note above Basic Details says until when. */
export const FoundWithPendingChange: Story = {
  args: { services: { recordPendingChange: pendingMobileChange } },
  play: async () => {
    await findLandlord(KNOWN_EPIC);
    await expect(await screen.findByText(/Mobile number change pending until 30 Nov 2026/)).toBeVisible();
  },
};

/**
 * landlordFound, a save whose new mobile is held: the field goes back to the number in use and the note names the
 * held change (the snackbar says it is not in use yet).
 */
export const SavedChangeHeld: Story = {
  args: { services: { holdsChannelChange: pendingMobileChange } },
  play: async () => {
    await findLandlord(KNOWN_EPIC);
    const mobile = await screen.findByLabelText(/^Mobile/);
    const inUse = (mobile as HTMLInputElement).value;
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '9876504321');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The note names the held number (a phone user took the old number in the field for a failed save).
    await expect(
      await screen.findByText(
        /Mobile number change pending until 30 Nov 2026.*: the mobile number to \*{6}4321/,
      ),
    ).toBeVisible();
    await expect(screen.getByLabelText(/^Mobile/)).toHaveValue(inUse);
  },
};

/** landlordFound, Rental Units, for a MODERATOR or SUPERMODERATOR: Update Status on the occupied unit. */
export const FoundRentalUnits: Story = {
  play: async () => {
    const table = await openFoundUnits(KNOWN_EPIC);
    await expect(await within(table).findAllByRole('button', { name: 'Update Status' })).toHaveLength(2);
  },
};

/** landlordFound, Rental Units, for a VERIFIER or USER: no Update Vacancy column. */
export const FoundRentalUnitsNoVacancyPath: Story = {
  args: { vacancyUpdates: false },
  play: async () => {
    const table = await openFoundUnits(KNOWN_EPIC);
    await within(table).findByText('1 Laitumkhrah Main Road');
    await expect(within(table).queryByRole('button', { name: 'Update Status' })).toBeNull();
    await expect(within(table).queryByText('Update Vacancy')).toBeNull();
  },
};

/**
 * refused: the landlord's units lie outside the official's jurisdiction; the server's 403 message, and the offer to
 * add the landlord's house in the official's own ward.
 */
export const OutsideJurisdiction: Story = {
  play: async () => {
    await findLandlord(OUTSIDE_EPIC);
    const alert = await screen.findByRole('alert');
    await expect(within(alert).getByText(OUTSIDE_MESSAGE)).toBeVisible();
    await expect(within(alert).getByText(OUTSIDE_REACH_HINT)).toBeVisible();
    await expect(screen.getByRole('button', { name: 'New Rental Unit in your jurisdiction' })).toBeVisible();
    await expect(screen.queryByLabelText(/^First Name/)).toBeNull();
  },
};

/** failed: no answer; Try again and Find another landlord. */
export const LookupFailed: Story = {
  play: async () => {
    await findLandlord(OFFLINE_EPIC);
    await expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(within(screen.getByRole('alert')).getByText('Error in Server')).toBeVisible();
  },
};
