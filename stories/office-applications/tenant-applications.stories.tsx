import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { OFFICE_APPLICATION_MESSAGES } from '../../src/contract/office-applications.contract';
import { RENTAL_UNIT_MESSAGES } from '../../src/contract/rental-units.contract';
import { UNIT_AWAITING_CONSENT_NOTE } from '../../src/web/features/office-applications/tenant-applications.wiring';
import { TENANT_ID, TENANT_NAME, TenantApplicationsWithFakes } from './tenant-applications-fakes';
import { createForUnit1, dialog, openIncomplete, pickApplication } from './tenant-applications-steps';

/** The Tenant Applications panel (the wizard's last step and /app/applications) in each of its states, over fakes. */
const meta = {
  title: 'Office applications/Tenant Applications panel',
  component: TenantApplicationsWithFakes,
  parameters: { layout: 'padded' },
  args: { onApplied: fn() },
} satisfies Meta<typeof TenantApplicationsWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const completedTable = () => screen.findByRole('table', { name: 'Completed Applications' });
/** The two buttons and the first page of the landlord's completed applications. */
export const Lists: Story = {
  play: async () => {
    await expect(within(await completedTable()).getByText('Banri Syiem')).toBeVisible();
    await expect(button('Create New Application')).toBeEnabled();
    await expect(screen.getByRole('navigation', { name: 'Completed application pages' })).toBeVisible();
  },
};

/** Page 2 of the completed table. */
export const CompletedSecondPage: Story = {
  play: async () => {
    await completedTable();
    await userEvent.click(button('Page 2'));
    await waitFor(() => expect(screen.getByText('Tenant 12')).toBeVisible());
  },
};

/** A later page failed: the table keeps its page, the reason and Retry show. */
export const CompletedPageFailed: Story = {
  args: { fakes: { pages: 'fails' } },
  play: async () => {
    await completedTable();
    await userEvent.click(button('Page 2'));
    await expect(await screen.findByText('Database down')).toBeVisible();
    await expect(button('Retry')).toBeVisible();
    await expect(screen.getByText('Banri Syiem')).toBeVisible();
  },
};

/** No completed application yet. */
export const NoCompleted: Story = {
  args: { fakes: { completed: [] } },
  play: async () => {
    await expect(await screen.findByText('No completed applications of this landlord yet.')).toBeVisible();
  },
};

/** The lists are loading. */
export const Loading: Story = {
  args: { fakes: { lists: 'pending' } },
  play: async () => {
    await expect(
      await screen.findByRole('status', { name: "Loading the landlord's applications" }),
    ).toBeVisible();
  },
};

/** The lists failed: the reason and Retry. */
export const LoadFailed: Story = {
  args: { fakes: { lists: 'fails' } },
  play: async () => {
    await expect(await screen.findByText('Error in Server')).toBeVisible();
    await expect(button('Retry')).toBeVisible();
  },
};

/** Create New Application with the tenant chosen at the wizard's Tenants step: looked up at once. */
export const CreateWithTenantChosen: Story = {
  args: { tenantIdNumber: TENANT_ID },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Create New Application' }));
    const form = await dialog('Create New Application');
    await expect(await within(form).findByText(TENANT_NAME)).toBeVisible();
    await expect(within(form).getByLabelText('Tenant ID Number')).toHaveValue(TENANT_ID);
    await expect(within(form).getByRole('button', { name: 'Create' })).toBeDisabled();
  },
};

/** The tenant's ID typed: an unknown one says so. */
export const CreateTenantNotFound: Story = {
  args: { fakes: { tenant: 'absent' } },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Create New Application' }));
    const form = await dialog('Create New Application');
    await userEvent.type(within(form).getByLabelText('Tenant ID Number'), 'dl04201100{Enter}');
    await expect(await within(form).findByText('Tenant does not exist!')).toBeVisible();
  },
};

/** Create refused by the server (the unit is no longer vacant): its message in the form. */
export const CreateFailed: Story = {
  args: { tenantIdNumber: TENANT_ID, fakes: { save: 'fails' } },
  play: async () => {
    const form = await createForUnit1();
    await expect(await within(form).findByText('This rental unit is not vacant.')).toBeVisible();
  },
};

/**
 * A unit an official added for a landlord it does not reach, not yet confirmed by the landlord (docs/reach.md): the
 * list names it so, and Create answers the server's reason; nothing is made.
 */
export const CreateAwaitingLandlordConsent: Story = {
  args: { tenantIdNumber: TENANT_ID, fakes: { save: 'landlord-consent-missing' } },
  play: async () => {
    const form = await createForUnit1();
    await expect(await within(form).findByText(RENTAL_UNIT_MESSAGES.landlordConsentMissing)).toBeVisible();
    const unitField = within(form).getByRole<HTMLInputElement>('combobox', { name: 'Rental Unit' });
    await expect(unitField.value).toContain(`(${UNIT_AWAITING_CONSENT_NOTE})`);
  },
};

/** Created: the selection dialog opens on the new application, its members and helpers ticked. */
export const Created: Story = {
  args: { tenantIdNumber: TENANT_ID },
  play: async () => {
    await createForUnit1();
    const picker = await dialog('Select Application You Wish To Apply');
    await expect(within(picker).getByRole('radio', { name: `Application 42: ${TENANT_NAME}` })).toBeChecked();
    await expect(within(picker).getByRole('checkbox', { name: /Ka Kharkongor/ })).toBeChecked();
  },
};

/** Created for a tenant this official does not reach: see tenant-applications-consent.stories.tsx. */

/** Incomplete Application: only this official's application on this landlord's units is offered. */
export const SelectApplication: Story = {
  play: async () => {
    const picker = await openIncomplete();
    await expect(within(picker).getAllByRole('radio')).toHaveLength(1);
    await expect(within(picker).queryByRole('button', { name: 'Apply' })).toBeNull();
  },
};

/** Nothing to pick: the dialog says to create one. */
export const NoIncomplete: Story = {
  args: { fakes: { pickable: [] } },
  play: async () => {
    const picker = await openIncomplete();
    const none = within(picker).getByText(/No incomplete applications of this landlord/);
    await waitFor(() => expect(none).toBeVisible());
  },
};

/** A USER picks an application: members and helpers, no Recommendation. */
export const PickedByUser: Story = {
  args: { role: 'USER', channel: 'own' },
  play: async () => {
    const picker = await pickApplication();
    await expect(within(picker).queryByRole('radiogroup', { name: 'Recommendation' })).toBeNull();
    await expect(within(picker).getByRole('button', { name: 'Apply' })).toBeEnabled();
  },
};

/** The ward MODERATOR recommends rejection: Apply waits for the remarks. */
export const RecommendRejection: Story = {
  play: async () => {
    const picker = await pickApplication();
    await userEvent.click(within(picker).getByRole('radio', { name: 'Recommend for Rejection' }));
    await expect(within(picker).getByRole('button', { name: 'Apply' })).toBeDisabled();
    await userEvent.type(within(picker).getByLabelText(/Remarks/), 'Tenant unknown to the ward');
    await expect(within(picker).getByRole('button', { name: 'Apply' })).toBeEnabled();
  },
};

/** Applied with a recommendation: the server's message and Download the Complete Application. */
export const Applied: Story = {
  play: async () => {
    const picker = await pickApplication();
    await userEvent.click(within(picker).getByRole('radio', { name: 'Recommend for Approval' }));
    await userEvent.click(within(picker).getByRole('button', { name: 'Apply' }));
    await expect(
      await within(picker).findByText(OFFICE_APPLICATION_MESSAGES.appliedAndForwarded),
    ).toBeVisible();
    await expect(
      within(picker).getByRole('button', { name: 'Download the Complete Application' }),
    ).toBeEnabled();
  },
};

/** The server refused the apply: its message, the choices kept. */
export const ApplyRefused: Story = {
  args: { fakes: { apply: 'refused' } },
  play: async () => {
    const picker = await pickApplication();
    await userEvent.click(within(picker).getByRole('radio', { name: 'Recommend for Approval' }));
    await userEvent.click(within(picker).getByRole('button', { name: 'Apply' }));
    await expect(
      await within(picker).findByText(OFFICE_APPLICATION_MESSAGES.onlyWardModeratorRecommends),
    ).toBeVisible();
    await expect(within(picker).getByRole('radio', { name: 'Recommend for Approval' })).toBeChecked();
  },
};
