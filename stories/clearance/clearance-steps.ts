import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { CLEARANCE_EPIC, CLEARANCE_OTP, CONSENT_CODE, TENANT_ID } from './clearance-fakes';

/** The steps the clearance stories (and their DOM tests) play, from the EPIC to Apply. */

export const button = (name: string) => screen.getByRole('button', { name });
export const epicField = () => screen.findByLabelText('Landlord Epic');
export const tenantField = () => screen.findByRole('textbox', { name: 'Tenant ID' });

export async function requestCode() {
  await userEvent.type(await epicField(), CLEARANCE_EPIC.toLowerCase());
  await userEvent.click(button('Get OTP'));
  await waitFor(() => expect(screen.getByLabelText('OTP')).toBeEnabled());
}

/** Get OTP and Verify; with the landlord page's key there is nothing to do. */
export async function verify(withKey = false) {
  if (withKey) return;
  await requestCode();
  await userEvent.type(screen.getByLabelText('OTP'), CLEARANCE_OTP);
  await userEvent.click(button('Verify'));
}

export async function chooseUnit(withKey = false) {
  await verify(withKey);
  const picker = await screen.findByRole('combobox', { name: 'Rental Unit' });
  await waitFor(() => expect(picker).toBeEnabled());
  await userEvent.click(picker);
  await userEvent.click(await screen.findByRole('option', { name: /^H-3/, hidden: true }));
}

export async function typeTenant(withKey = false) {
  await chooseUnit(withKey);
  const field = await tenantField();
  await waitFor(() => expect(field).toBeEnabled());
  await userEvent.type(field, TENANT_ID.toLowerCase());
}

export async function generate(withKey = false) {
  await typeTenant(withKey);
  await waitFor(() => expect(button('Generate Application')).toBeEnabled());
  await userEvent.click(button('Generate Application'));
}

export const consentField = () => screen.findByRole('textbox', { name: 'Consent code' });

/** Generate, then the tenant's consent code typed and confirmed. */
export async function consent(withKey = false) {
  await generate(withKey);
  await userEvent.type(await consentField(), CONSENT_CODE);
  await waitFor(() => expect(button('Confirm')).toBeEnabled());
  await userEvent.click(button('Confirm'));
}

export async function apply(withKey = false) {
  await consent(withKey);
  await waitFor(() => expect(button('Apply')).toBeEnabled());
  await userEvent.click(button('Apply'));
}
