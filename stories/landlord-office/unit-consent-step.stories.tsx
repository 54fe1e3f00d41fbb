import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { UNIT_CONSENT_TEXTS } from '../../machines/clearance';
import { RENTAL_UNIT_MESSAGES } from '../../src/contract/rental-units.contract';
import { UNIT_CONSENT_CODE, UNIT_CONSENT_SENT_TO, UNIT_CONSENT_WRONG } from './office-fakes';
import { UnitConsentWithFakes } from './office-story-frame';

/**
 * The landlord's consent to a rental unit an official added for a landlord it does not reach (docs/reach.md): the
 * code field, Confirm code and Resend code, in each state of unitConsentMachine.
 */
const meta = {
  title: 'Landlord office/Landlord consent to a unit',
  component: UnitConsentWithFakes,
  parameters: { layout: 'padded' },
  args: { sentTo: UNIT_CONSENT_SENT_TO },
} satisfies Meta<typeof UnitConsentWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

const step = () => screen.findByRole('group', { name: "The landlord's consent" });
const codeField = () => screen.findByLabelText(/^Consent code/);
const typeCode = async (code: string) => userEvent.type(await codeField(), code);

/** awaitingCode, just after the save: where the code went; Confirm waits for six digits. */
export const AwaitingCode: Story = {
  play: async () => {
    const group = await step();
    await expect(within(group).getByText(new RegExp(UNIT_CONSENT_SENT_TO))).toBeVisible();
    await expect(within(group).getByRole('button', { name: 'Confirm code' })).toBeDisabled();
    await expect(within(group).getByRole('button', { name: 'Resend code' })).toBeEnabled();
  },
};

/** awaitingCode from the list's Confirm landlord: the destination is not known there. */
export const FromTheList: Story = {
  args: { sentTo: null },
  play: async () => {
    await expect(await screen.findByText(UNIT_CONSENT_TEXTS.unknownDestination)).toBeVisible();
  },
};

/** A wrong code: the server's words, the field empty again. */
export const WrongCode: Story = {
  play: async () => {
    await typeCode('000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent(UNIT_CONSENT_WRONG);
    await expect(await codeField()).toHaveValue('');
  },
};

/** Resend code: a new code, and the step says the earlier one no longer works. */
export const Resent: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    await expect(await screen.findByText(RENTAL_UNIT_MESSAGES.landlordConsentResent)).toBeVisible();
  },
};

/** confirming: the call in flight; the field and Resend rest. */
export const Confirming: Story = {
  args: { services: { unitConsent: 'pending' } },
  play: async () => {
    await typeCode(UNIT_CONSENT_CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    await expect(await codeField()).toBeDisabled();
    await expect(screen.getByRole('button', { name: 'Resend code' })).toBeDisabled();
  },
};

/** resending: the call in flight. */
export const Resending: Story = {
  args: { services: { unitConsent: 'pending' } },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    await expect(await codeField()).toBeDisabled();
    await expect(screen.getByRole('button', { name: 'Confirm code' })).toBeDisabled();
  },
};

/** confirmed: the right code; the step hands over (the page says the unit may now carry applications). */
export const Confirmed: Story = {
  play: async () => {
    await typeCode(UNIT_CONSENT_CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    await expect(await screen.findByRole('status')).toHaveTextContent('Confirmed');
  },
};
