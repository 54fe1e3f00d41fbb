import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { fillNewTenant } from '../tenant/tenant-form-fill';
import { TENANT_MESSAGES } from '../../src/contract/tenants.contract';
import { NOT_ALLOWED, TenantsPageWithFakes } from './tenants-office-fakes';
import { CHANNEL_CHANGE_MESSAGES } from '../../src/contract/channel-changes.contract';
import {
  DOCUMENT_CHECKED_LABEL,
  DOCUMENT_UNCHECKED_MESSAGE,
  SETTLE_TITLE,
} from '../../src/web/features/tenants-office/settle-contest-form';

/** The officials' Tenants page (/app/tenants) in each of its states, over fake calls. */
const meta = {
  title: 'Tenants office/Tenants page',
  component: TenantsPageWithFakes,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof TenantsPageWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const table = () => screen.findByRole('table', { name: 'INCOMPLETE APPLICATION(S)' });

async function lookUp(mode: 'Existing Tenant' | 'New Tenant', id = 'DL04201188') {
  await userEvent.click(await screen.findByRole('button', { name: mode }));
  await userEvent.type(screen.getByLabelText("Tenant's ID"), `${id}{Enter}`);
}

/** The page with two pages of incomplete applications. */
export const IncompleteApplications: Story = {
  play: async () => {
    await expect(within(await table()).getByText('Iba Kharkongor')).toBeVisible();
    await expect(screen.getByRole('navigation', { name: 'Incomplete application pages' })).toBeVisible();
  },
};

/** The second page of the table. */
export const SecondPage: Story = {
  play: async () => {
    await table();
    await userEvent.click(button('Page 2'));
    await waitFor(() => expect(screen.getByText('Tenant 12')).toBeVisible());
  },
};

/** The list is loading. */
export const Loading: Story = {
  args: { office: { list: 'pending' } },
  play: async () => {
    await expect(
      await screen.findByRole('status', { name: 'Loading incomplete applications' }),
    ).toBeVisible();
  },
};

/** No incomplete applications in the jurisdiction. */
export const NoIncompleteApplications: Story = {
  args: { office: { incomplete: [] } },
  play: async () => {
    await expect(await screen.findByText('No incomplete applications')).toBeVisible();
  },
};

/** The list failed: the server's message. */
export const ListFailed: Story = {
  args: { office: { list: 'fails' } },
  play: async () => {
    await expect(await screen.findByText('Error in Server')).toBeVisible();
  },
};

/** Existing Tenant: the ID field with Ok, which waits for 8 characters. */
export const ExistingTenantEntry: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Existing Tenant' }));
    await userEvent.type(screen.getByLabelText("Tenant's ID"), 'dl04 201');
    await expect(screen.getByLabelText("Tenant's ID")).toHaveValue('DL04201');
    await expect(button('Ok')).toBeDisabled();
  },
};

/** Found: the profile read-only with every tab open, and Close. */
export const ExistingTenantFound: Story = {
  args: { office: { lookup: 'found' } },
  play: async () => {
    await lookUp('Existing Tenant');
    await waitFor(() => expect(screen.getByLabelText(/^First Name/)).toHaveValue('Iba'));
    await expect(screen.getByLabelText(/^First Name/)).toBeDisabled();
    await expect(screen.getByRole('tab', { name: 'Documents' })).toBeEnabled();
    await expect(button('Close')).toBeVisible();
    await expect(button('Proceed to Applications')).toBeVisible();
  },
};

/** Proceed to Applications hands the shown tenant to the route (which opens the Tenant Applications page). */
export const ProceedToApplications: Story = {
  args: { office: { lookup: 'found' }, onProceed: fn() },
  play: async ({ args }) => {
    await lookUp('Existing Tenant');
    await userEvent.click(await screen.findByRole('button', { name: 'Proceed to Applications' }));
    await expect(args.onProceed).toHaveBeenCalledWith(expect.objectContaining({ epicNo: 'DL04201188' }));
  },
};

/** Not found: a new tenant with the ID prefilled; the other tabs wait for the first save. */
export const ExistingTenantNotFound: Story = {
  args: { office: { lookup: 'absent' } },
  play: async () => {
    await lookUp('Existing Tenant');
    await waitFor(() => expect(screen.getByLabelText(/^ID Number/)).toHaveValue('DL04201188'));
    await expect(screen.getByRole('tab', { name: 'Family Members' })).toBeDisabled();
    // Nothing to proceed with before the tenant is saved.
    await expect(screen.queryByRole('button', { name: 'Proceed to Applications' })).toBeNull();
    await waitFor(() =>
      expect(
        screen.getByText('No tenant with ID DL04201188 in your jurisdiction; add as new!'),
      ).toBeVisible(),
    );
  },
};

/** The server refuses the lookup (403): its message under the field. */
export const LookupRefused: Story = {
  args: { office: { lookup: 'refused' } },
  play: async () => {
    await lookUp('Existing Tenant');
    await expect(await screen.findByRole('alert')).toHaveTextContent(NOT_ALLOWED);
  },
};

/** New Tenant saved by an official: no OTP, the other tabs open at once. */
export const NewTenantSaved: Story = {
  args: { office: { lookup: 'absent' } },
  play: async () => {
    await lookUp('New Tenant', 'NEWID12345');
    await screen.findByLabelText(/^ID Number/);
    await fillNewTenant();
    await userEvent.click(button('Save'));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Family Members' })).toBeEnabled());
    await waitFor(() => expect(screen.getByText('Successfully Saved Tenant.')).toBeVisible());
    await expect(button('Proceed to Applications')).toBeVisible();
  },
};

/** New Tenant with an ID registered already: that profile, not a duplicate. */
export const NewTenantAlreadyRegistered: Story = {
  args: { office: { lookup: 'found' } },
  play: async () => {
    await lookUp('New Tenant');
    await waitFor(() => expect(screen.getByLabelText(/^First Name/)).toBeDisabled());
    await waitFor(() =>
      expect(
        screen.getByText('Tenant with ID DL04201188 is registered already: its profile is shown.'),
      ).toBeVisible(),
    );
  },
};

/** Re-visit Tenant: the application's tenant opens read-only. */
export const RevisitTenant: Story = {
  play: async () => {
    await userEvent.click(
      within(await table()).getByRole('button', { name: /^Re-visit Tenant Iba Kharkongor/ }),
    );
    await waitFor(() => expect(screen.getByLabelText(/^First Name/)).toHaveValue('Iba'));
    await expect(screen.getByRole('tab', { name: 'Family Members' })).toBeEnabled();
  },
};

/** Re-visit of an application whose tenant's record is held elsewhere: the words in a snackbar, the list stays. */
export const RevisitRefused: Story = {
  args: { office: { revisit: 'refused' } },
  play: async () => {
    await userEvent.click(
      within(await table()).getByRole('button', { name: /^Re-visit Tenant Iba Kharkongor/ }),
    );
    await waitFor(() => expect(screen.getByText(TENANT_MESSAGES.recordElsewhere)).toBeVisible());
    await expect(await table()).toBeVisible();
  },
};

/** Fills the contested-record form as a locality officer with the person at the counter. */
async function fillSettlement({ checked = true } = {}) {
  await userEvent.click(await screen.findByRole('button', { name: 'Contested Record' }));
  await userEvent.type(screen.getByLabelText(/ID number on the document/), 'DL04201188');
  await userEvent.type(screen.getByLabelText(/Mobile number/), '9876543210');
  await userEvent.type(screen.getByLabelText(/Email address/), 'iba@example.org');
  if (checked) await userEvent.click(screen.getByRole('checkbox', { name: DOCUMENT_CHECKED_LABEL }));
}

/** Settle, then the read-back question's Settle. */
async function settleAndConfirm() {
  await userEvent.click(button('Settle'));
  const question = await screen.findByRole('dialog', { name: 'Settle this record?' });
  await userEvent.click(within(question).getByRole('button', { name: 'Settle' }));
}

/** A ward officer: no Contested Record button (only the locality officer settles). */
export const WardOfficerHasNoSettlement: Story = {
  play: async () => {
    await screen.findByRole('button', { name: 'Existing Tenant' });
    await expect(screen.queryByRole('button', { name: 'Contested Record' })).toBeNull();
  },
};

/** The locality officer's empty form: Settle shows what is missing, the document check among it. */
export const SettlementEmpty: Story = {
  args: { office: { viewer: 'supermoderator' } },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Contested Record' }));
    await expect(await screen.findByRole('heading', { name: SETTLE_TITLE })).toBeVisible();
    await userEvent.click(button('Settle'));
    await expect(await screen.findByText(DOCUMENT_UNCHECKED_MESSAGE)).toBeVisible();
    await expect(screen.getByText('ID required')).toBeVisible();
  },
};

/** Settle asks first: the contact read back, and what a different one does (it cannot be stopped online). */
export const SettlementReadBack: Story = {
  args: { office: { viewer: 'supermoderator', onCall: fn() } },
  play: async ({ args }) => {
    await fillSettlement();
    await userEvent.click(button('Settle'));
    const question = await screen.findByRole('dialog', { name: 'Settle this record?' });
    await expect(within(question).getByText(/mobile number 9876543210/)).toBeVisible();
    await expect(args.office?.onCall).not.toHaveBeenCalledWith('settleContestedTenant', expect.anything());
  },
};

/** The person's new contact held: the server's message with the date it takes effect. */
export const SettlementHeld: Story = {
  args: { office: { viewer: 'supermoderator', settle: 'held', onCall: fn() } },
  play: async ({ args }) => {
    await fillSettlement();
    await settleAndConfirm();
    await expect(await screen.findByText(/The identity was checked at the counter/)).toBeVisible();
    await expect(args.office?.onCall).toHaveBeenCalledWith('settleContestedTenant', [
      { epicNo: 'DL04201188', mobile: '9876543210', email: 'iba@example.org' },
    ]);
  },
};

/** The kept contact confirmed: the contest ends at once. */
export const SettlementConfirmed: Story = {
  args: { office: { viewer: 'supermoderator', settle: 'confirmed' } },
  play: async () => {
    await fillSettlement();
    await settleAndConfirm();
    // The result names the ID it settled.
    await expect(
      await screen.findByText(`DL04201188: ${CHANNEL_CHANGE_MESSAGES.confirmedInPerson}`),
    ).toBeVisible();
  },
};

/** Refused: the officer deleted the former record or asked a change of this one (a second pair of eyes). */
export const SettlementRefused: Story = {
  args: { office: { viewer: 'supermoderator', settle: 'involved' } },
  play: async () => {
    await fillSettlement();
    await settleAndConfirm();
    await expect(await screen.findByText(CHANNEL_CHANGE_MESSAGES.settlerInvolved)).toBeVisible();
  },
};

/** Refused alike: no contested record with this ID number that the office may settle (none, not contested, or elsewhere). */
export const SettlementNoContestedRecord: Story = {
  args: { office: { viewer: 'supermoderator', settle: 'absent' } },
  play: async () => {
    await fillSettlement();
    await settleAndConfirm();
    await expect(await screen.findByText(CHANNEL_CHANGE_MESSAGES.notContested)).toBeVisible();
  },
};

/** While the call runs, Settle shows it is busy. */
export const SettlementSaving: Story = {
  args: { office: { viewer: 'supermoderator', settle: 'pending' } },
  play: async () => {
    await fillSettlement();
    await settleAndConfirm();
    await waitFor(() => expect(button('Settle')).toHaveAttribute('data-loading', 'true'));
  },
};
