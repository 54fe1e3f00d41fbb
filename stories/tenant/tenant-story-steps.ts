import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { TENANT_ID_LABEL } from '../../src/web/features/tenant/tenant-id-step';
import { SAMPLE_ID, SAMPLE_OTP } from './tenant-fakes';

/** The clicks a person makes to reach each state of the tenant dialog (shared by the stories' play functions). */

export const button = (name: string | RegExp) => screen.getByRole('button', { name });

export async function requestOtpFor(id = SAMPLE_ID) {
  await userEvent.type(await screen.findByLabelText(TENANT_ID_LABEL), id);
  await userEvent.click(button('Get OTP'));
  await waitFor(() => expect(screen.getByLabelText('Enter OTP')).toBeEnabled());
}

/** Login tab: ID, Get OTP, the code, Next; ends on the profile of the sample tenant. */
export async function logInAsSampleTenant() {
  await requestOtpFor();
  await userEvent.type(screen.getByLabelText('Enter OTP'), SAMPLE_OTP);
  await userEvent.click(button('Next'));
  await screen.findByRole('tab', { name: 'Documents' });
}

/** Register tab: the ID and Next; with the 'absent' check this opens a new tenant's Basic Details. */
export async function startRegistration(id = 'NEWID12345') {
  await userEvent.click(await screen.findByRole('tab', { name: 'Register' }));
  await userEvent.type(screen.getByLabelText(TENANT_ID_LABEL), id);
  await userEvent.click(button('Next'));
}

export async function openProfileTab(name: 'Family Members' | 'Domestic Helpers' | 'Documents') {
  await logInAsSampleTenant();
  await userEvent.click(screen.getByRole('tab', { name }));
}

export const dialogNamed = async (name: string) => within(await screen.findByRole('dialog', { name }));
