import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { KNOWN_EPIC } from '../landlord-office/office-fakes';
import { APPLIED_ID, KNOWN_TENANT_ID } from './clearance-wizard-fakes';

/** The steps the wizard's stories (and their DOM tests) play, from the EPIC to 'All steps completed'. */

export const button = (name: string | RegExp) => screen.getByRole('button', { name });
export const epicField = () => screen.findByLabelText(/^Landlord Epic Number/);
export const tenantField = () => screen.findByLabelText(/^Tenant's ID/);
export const alert = () => screen.findByRole('alert');

/** Types the EPIC and presses Enter (the field advances like Next). */
export async function enterEpic(epic = KNOWN_EPIC) {
  await userEvent.type(await epicField(), `${epic.toLowerCase()}{Enter}`);
}

/** Step 1 with the landlord found and saved. */
export async function landlordFound(epic = KNOWN_EPIC) {
  await enterEpic(epic);
  await screen.findByText(/registration number/);
}

export async function toTenantStep() {
  await landlordFound();
  await userEvent.click(button('Next'));
  await tenantField();
}

export async function findTenant(id = KNOWN_TENANT_ID) {
  await toTenantStep();
  await userEvent.type(await tenantField(), `${id}{Enter}`);
}

export async function toApplications() {
  await findTenant();
  await screen.findByText(/Registration Number 1001/);
  await userEvent.click(button('Next'));
  await screen.findByRole('heading', { name: 'Tenant Applications' });
}

export async function applied() {
  await toApplications();
  await userEvent.click(button(`Apply application ${APPLIED_ID}`));
  await waitFor(() => expect(button('Finish')).toBeEnabled());
}

export async function finished() {
  await applied();
  await userEvent.click(button('Finish'));
  await screen.findByRole('heading', { name: 'All steps completed' });
}
