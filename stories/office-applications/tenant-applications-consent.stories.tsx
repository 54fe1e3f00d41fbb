import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { TENANT_APPLICATION_MESSAGES } from '../../machines/clearance';
import { CITIZEN_APPLICATION_MESSAGES as MESSAGES } from '../../src/contract/citizen-applications.contract';
import { OFFICE_CONSENT_TITLE } from '../../src/web/features/office-applications/tenant-applications-consent';
import {
  CONSENT_CODE,
  CONSENT_SENT_TO,
  TENANT_ID,
  TenantApplicationsWithFakes,
} from './tenant-applications-fakes';
import { createForUnit1, dialog } from './tenant-applications-steps';

/**
 * The tenant's consent in the Tenant Applications panel (docs/tenant-consent.md, pen-test F1): an application for a
 * tenant this official does not reach asks for the code sent to the tenant before its members and Apply.
 */
const meta = {
  title: 'Office applications/Tenant Applications panel/Tenant consent',
  component: TenantApplicationsWithFakes,
  parameters: { layout: 'padded' },
  args: { onApplied: fn(), tenantIdNumber: TENANT_ID, fakes: { save: 'tenant-elsewhere' } },
} satisfies Meta<typeof TenantApplicationsWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Creates the application for the tenant elsewhere; the selection dialog opens on its consent step. */
async function consentStep() {
  await createForUnit1();
  const picker = await dialog('Select Application You Wish To Apply');
  await within(picker).findByRole('group', { name: OFFICE_CONSENT_TITLE });
  return picker;
}

async function typeCode(picker: HTMLElement, code: string) {
  await userEvent.type(within(picker).getByLabelText(/Consent code/), code);
}

/** Awaiting the tenant's code: where it went, the field, Confirm code disabled until 6 digits; no members or Apply. */
export const AwaitingConsent: Story = {
  play: async () => {
    const picker = await consentStep();
    await expect(within(picker).getByText(new RegExp(`tenant's ${CONSENT_SENT_TO}`))).toBeVisible();
    await expect(within(picker).getByRole('button', { name: 'Confirm code' })).toBeDisabled();
    await expect(within(picker).getByRole('button', { name: 'Resend code' })).toBeEnabled();
    await expect(within(picker).queryByRole('checkbox')).toBeNull();
    await expect(within(picker).queryByRole('button', { name: 'Apply' })).toBeNull();
    await typeCode(picker, '12ab34');
    await expect(within(picker).getByLabelText(/Consent code/)).toHaveValue('1234');
  },
};

/** A wrong code: the server's words with the tries left; the field is cleared for another try. */
export const WrongCode: Story = {
  play: async () => {
    const picker = await consentStep();
    await typeCode(picker, '000000');
    await userEvent.click(within(picker).getByRole('button', { name: 'Confirm code' }));
    await expect(await within(picker).findByText(MESSAGES.consentWrongCode(4))).toBeVisible();
    await expect(within(picker).getByLabelText(/Consent code/)).toHaveValue('');
  },
};

/** An ended code (expired, or five wrong tries): the server asks for Resend code. */
export const CodeEnded: Story = {
  args: { fakes: { save: 'tenant-elsewhere', consent: 'ended' } },
  play: async () => {
    const picker = await consentStep();
    await typeCode(picker, CONSENT_CODE);
    await userEvent.click(within(picker).getByRole('button', { name: 'Confirm code' }));
    await expect(await within(picker).findByText(MESSAGES.consentCodeEnded)).toBeVisible();
  },
};

/** Confirming: the code is with the server; the buttons wait. */
export const Confirming: Story = {
  args: { fakes: { save: 'tenant-elsewhere', consent: 'pending' } },
  play: async () => {
    const picker = await consentStep();
    await typeCode(picker, CONSENT_CODE);
    await userEvent.click(within(picker).getByRole('button', { name: 'Confirm code' }));
    await waitFor(() => expect(within(picker).getByLabelText(/Consent code/)).toBeDisabled());
    await expect(within(picker).getByRole('button', { name: 'Resend code' })).toBeDisabled();
  },
};

/** Resending: a new code is on its way. */
export const Resending: Story = {
  args: { fakes: { save: 'tenant-elsewhere', resend: 'pending' } },
  play: async () => {
    const picker = await consentStep();
    await userEvent.click(within(picker).getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(within(picker).getByLabelText(/Consent code/)).toBeDisabled());
  },
};

/** Resent: the earlier code no longer works. */
export const Resent: Story = {
  play: async () => {
    const picker = await consentStep();
    await userEvent.click(within(picker).getByRole('button', { name: 'Resend code' }));
    await expect(await within(picker).findByText(MESSAGES.consentCodeResent)).toBeVisible();
  },
};

/** Too many codes for this application: the server's wait. */
export const TooManyResends: Story = {
  args: { fakes: { save: 'tenant-elsewhere', resend: 'tooMany' } },
  play: async () => {
    const picker = await consentStep();
    await userEvent.click(within(picker).getByRole('button', { name: 'Resend code' }));
    await expect(await within(picker).findByText(MESSAGES.consentTooManyResends(12))).toBeVisible();
  },
};

/** The tenant's code confirmed: its people ticked, the recommendation and Apply as for any application. */
export const ConsentGiven: Story = {
  play: async () => {
    const picker = await consentStep();
    await typeCode(picker, CONSENT_CODE);
    await userEvent.click(within(picker).getByRole('button', { name: 'Confirm code' }));
    await expect(await within(picker).findByRole('checkbox', { name: /Ka Kharkongor/ })).toBeChecked();
    await expect(within(picker).getByText(MESSAGES.consentGiven)).toBeVisible();
    await expect(within(picker).queryByRole('group', { name: OFFICE_CONSENT_TITLE })).toBeNull();
    await expect(within(picker).getByRole('button', { name: 'Apply' })).toBeEnabled();
  },
};

/** Reset withdraws the official's draft (said under the buttons); the panel starts again saying so. */
export const ResetWithdraws: Story = {
  play: async () => {
    const picker = await consentStep();
    await expect(within(picker).getByText(TENANT_APPLICATION_MESSAGES.resetWithdraws)).toBeVisible();
    await userEvent.click(within(picker).getByRole('button', { name: 'Reset' }));
    const body = within(document.body);
    await expect(await body.findByText(TENANT_APPLICATION_MESSAGES.withdrawn)).toBeVisible();
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
  },
};

/** Withdrawing: the draft is with the server; the step rests. */
export const Withdrawing: Story = {
  args: { fakes: { save: 'tenant-elsewhere', withdraw: 'pending' } },
  play: async () => {
    const picker = await consentStep();
    await userEvent.click(within(picker).getByRole('button', { name: 'Reset' }));
    await expect(await within(picker).findByText('Withdrawing the application...')).toBeVisible();
    await expect(within(picker).getByLabelText(/Consent code/)).toBeDisabled();
    await expect(within(picker).getByRole('button', { name: 'Resend code' })).toBeDisabled();
  },
};

/** Not withdrawn: the consent step stays with the server's reason; Reset tries again. */
export const WithdrawRefused: Story = {
  args: { fakes: { save: 'tenant-elsewhere', withdraw: 'refused' } },
  play: async () => {
    const picker = await consentStep();
    await userEvent.click(within(picker).getByRole('button', { name: 'Reset' }));
    await expect(
      await within(picker).findByText(
        `${TENANT_APPLICATION_MESSAGES.withdrawFailed} ${MESSAGES.notYourApplication}`,
      ),
    ).toBeVisible();
    await expect(within(picker).getByRole('group', { name: OFFICE_CONSENT_TITLE })).toBeVisible();
    await expect(within(picker).getByRole('button', { name: 'Reset' })).toBeEnabled();
  },
};
