import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { CLEARANCE_WIZARD_MESSAGES } from '../../machines/clearance/clearance-wizard.types';
import { OFFICE_CHANNEL_NOTE } from '../../src/web/features/office-applications/clearance-wizard-page';
import { TENANT_RECORD_ELSEWHERE } from '../../src/web/features/office-applications/clearance-wizard-tenant-step';
import { OUTSIDE_REACH_WIZARD_HINT } from '../../src/web/features/landlord/office/office-landlord-step';
import { NEW_EPIC, OUTSIDE_EPIC, OUTSIDE_MESSAGE, PENDING_EPIC } from '../landlord-office/office-fakes';
import {
  ClearanceWizardWithFakes,
  PENDING_TENANT_ID,
  REFUSED_TENANT_ID,
  ELSEWHERE_TENANT_ID,
  REFUSED_TENANT_MESSAGE,
} from './clearance-wizard-fakes';
import {
  alert,
  applied,
  button,
  enterEpic,
  epicField,
  findTenant,
  finished,
  landlordFound,
  tenantField,
  toApplications,
  toTenantStep,
} from './clearance-wizard-steps';

/** /app/new-application and /app/offlineapplication: every state of the clearance wizard, over fake calls. */
const meta = {
  title: 'Office applications/Clearance wizard',
  component: ClearanceWizardWithFakes,
  parameters: { layout: 'padded' },
  args: { role: 'MODERATOR', channel: 'own' },
} satisfies Meta<typeof ClearanceWizardWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** electionId: the EPIC field; Next waits for 3 letters and 7 digits; Back is not offered yet. */
export const LandlordElectionId: Story = {
  play: async () => {
    const field = await epicField();
    await userEvent.type(field, 'abc12');
    await expect(field).toHaveValue('ABC12');
    await expect(button('Next')).toBeDisabled();
    await expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  },
};

/** electionId: the field emptied after typing: 'Landlord Epic Number required!'. */
export const EpicRequired: Story = {
  play: async () => {
    const field = await epicField();
    await userEvent.type(field, 'a');
    await userEvent.clear(field);
    await expect(await screen.findByText(CLEARANCE_WIZARD_MESSAGES.epicRequired)).toBeVisible();
  },
};

/** landlord: the lookup has not answered yet. */
export const LandlordLookingUp: Story = {
  play: async () => {
    await enterEpic(PENDING_EPIC);
    await expect(await screen.findByRole('status', { name: 'Looking for the landlord' })).toBeVisible();
  },
};

/** landlord: found within reach; its Basic Details and Rental Units; Next is offered. */
export const LandlordFound: Story = {
  play: async () => {
    await landlordFound();
    await expect(screen.getByRole('tab', { name: 'Basic Details' })).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Rental Units' }));
    await expect(await screen.findByRole('table', { name: 'Rental Units' })).toBeVisible();
    await expect(button('Next')).toBeEnabled();
  },
};

/** landlord, fresh EPIC not saved yet: Next says 'Landlord details not saved, ...'. */
export const LandlordNotSaved: Story = {
  play: async () => {
    await enterEpic(NEW_EPIC);
    await screen.findByText(/fresh registration/);
    await userEvent.click(button('Next'));
    await expect(await alert()).toHaveTextContent(CLEARANCE_WIZARD_MESSAGES.notSaved);
  },
};

/**
 * landlord outside the official's reach: the server's refusal, the offer to add its house here, and Next goes on to
 * the tenant (step 3 lists only its units and applications in the official's jurisdiction, docs/reach.md).
 */
export const LandlordRefused: Story = {
  play: async () => {
    await enterEpic(OUTSIDE_EPIC);
    await expect(await screen.findByText(OUTSIDE_MESSAGE)).toBeVisible();
    await expect(screen.getByText(OUTSIDE_REACH_WIZARD_HINT)).toBeVisible();
    await expect(button('New Rental Unit in your jurisdiction')).toBeVisible();
    await waitFor(() => expect(button('Next')).toBeEnabled());
    await userEvent.click(button('Next'));
    await expect(await tenantField()).toBeVisible();
  },
};

/** tenant.enteringId: the tenant's ID; Find waits for 8 characters; Next says no tenant is chosen. */
export const TenantEntry: Story = {
  play: async () => {
    await toTenantStep();
    await userEvent.type(await tenantField(), 'dl04');
    await expect(button('Find')).toBeDisabled();
    await userEvent.click(button('Next'));
    await expect(await alert()).toHaveTextContent(CLEARANCE_WIZARD_MESSAGES.noTenantChosen);
  },
};

/** tenant.lookingUp: the lookup has not answered yet. */
export const TenantLookingUp: Story = {
  play: async () => {
    await findTenant(PENDING_TENANT_ID);
    await expect(await screen.findByRole('status', { name: 'Looking for the tenant' })).toBeVisible();
  },
};

/** tenant.enteringId after a 404, for a USER: 'Tenant does not exist!'. */
export const TenantDoesNotExist: Story = {
  args: { role: 'USER' },
  play: async () => {
    await findTenant('DL9999999999');
    await expect(await alert()).toHaveTextContent(CLEARANCE_WIZARD_MESSAGES.noTenant);
  },
};

/** tenant.enteringId after a refusal: the server's message. */
export const TenantRefused: Story = {
  play: async () => {
    await findTenant(REFUSED_TENANT_ID);
    await expect(await alert()).toHaveTextContent(REFUSED_TENANT_MESSAGE);
  },
};

/**
 * tenant.chosen for a MODERATOR whose area does not reach the tenant's record (docs/reach.md): the name card and
 * why the profile is not shown; the application can still be made.
 */
export const TenantRecordElsewhere: Story = {
  play: async () => {
    await findTenant(ELSEWHERE_TENANT_ID);
    const card = await screen.findByRole('status', { name: 'Tenant' });
    await expect(within(card).getByText('Iba Kharkongor')).toBeVisible();
    await expect(within(card).getByText(TENANT_RECORD_ELSEWHERE)).toBeVisible();
    await expect(screen.queryByRole('tab', { name: 'Basic Details' })).toBeNull();
    await expect(button('Next')).toBeEnabled();
  },
};

/** tenant.chosen for a USER or VERIFIER (no tenant screens): the tenant's name and numbers. */
export const TenantNamed: Story = {
  args: { role: 'VERIFIER' },
  play: async () => {
    await findTenant();
    const card = await screen.findByRole('status', { name: 'Tenant' });
    await expect(within(card).getByText('Iba Kharkongor')).toBeVisible();
    await expect(screen.queryByRole('tab', { name: 'Basic Details' })).toBeNull();
  },
};

/** tenant.chosen for a MODERATOR: the tenant's profile, as on /app/tenants. */
export const TenantProfile: Story = {
  play: async () => {
    await findTenant();
    await expect(await screen.findByText(/Registration Number 1001/)).toBeVisible();
    await expect(screen.getByRole('tab', { name: 'Family Members' })).toBeVisible();
  },
};

/** tenant.registering for a MODERATOR: an unknown ID opens a new tenant's profile. */
export const TenantRegistering: Story = {
  play: async () => {
    await findTenant('DL9999999999');
    await expect(await screen.findByRole('heading', { name: 'New Tenant' })).toBeVisible();
    await expect(screen.getByText(/not registered yet/)).toBeVisible();
  },
};

/** applications: the Tenant Applications panel; Finish waits for an applied application. */
export const Applications: Story = {
  play: async () => {
    await toApplications();
    await expect(button('Finish')).toBeDisabled();
    await expect(screen.getByText('Finish opens once an application is applied.')).toBeVisible();
  },
};

/** applications with an applied application: Finish is enabled. */
export const ApplicationApplied: Story = {
  play: async () => {
    await applied();
  },
};

/** completed.ready: 'All steps completed' and Download the Complete Application. */
export const AllStepsCompleted: Story = {
  play: async () => {
    await finished();
    await expect(button('Download the Complete Application')).toBeEnabled();
    await expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  },
};

/** completed.downloading: the PDF is being made. */
export const Downloading: Story = {
  args: { download: 'pending' },
  play: async () => {
    await finished();
    await userEvent.click(button('Download the Complete Application'));
    await waitFor(() =>
      expect(button('Download the Complete Application')).toHaveAttribute('data-loading', 'true'),
    );
  },
};

/** completed.ready after a failed download: the server's message. */
export const DownloadFailed: Story = {
  args: { download: 'fails' },
  play: async () => {
    await finished();
    await userEvent.click(button('Download the Complete Application'));
    await expect(await alert()).toHaveTextContent('Error in Server');
  },
};

/** /app/offlineapplication: the heading says the application is entered on the landlord's behalf. */
export const OfflineApplication: Story = {
  args: { channel: 'office', role: 'USER' },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: 'Offline Application' })).toBeVisible();
    await expect(screen.getByText(OFFICE_CHANNEL_NOTE)).toBeVisible();
  },
};

/** A 360 px phone: the stepper stands vertically. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async () => {
    await landlordFound();
    await expect(button('Next')).toBeEnabled();
  },
};
