import { screen, userEvent, within } from 'storybook/test';
import { KNOWN_EPIC } from '../landlord/landlord-fakes';
import { TENANT_NAME } from './tenant-applications-fakes';

/** Steps the Tenant Applications stories and tests share. */

export const dialog = (name: string) => screen.findByRole('dialog', { name });

export async function openIncomplete() {
  await userEvent.click(await screen.findByRole('button', { name: 'Incomplete Application' }));
  return dialog('Select Application You Wish To Apply');
}

/** Opens the dialog and picks application 41 (this landlord's unit 2), waiting for its members. */
export async function pickApplication() {
  const picker = await openIncomplete();
  await userEvent.click(within(picker).getByRole('radio', { name: `Application 41: ${TENANT_NAME}` }));
  await within(picker).findByRole('checkbox', { name: /Ka Kharkongor/ });
  return picker;
}

/** Create New Application for the vacant unit 1, the tenant chosen before (already found). */
export async function createForUnit1() {
  await userEvent.click(await screen.findByRole('button', { name: 'Create New Application' }));
  const form = await dialog('Create New Application');
  await within(form).findByText(TENANT_NAME);
  await userEvent.click(within(form).getByRole('combobox', { name: 'Rental Unit' }));
  await userEvent.click(await within(form).findByRole('option', { name: /^H-1/, hidden: true }));
  await userEvent.click(within(form).getByRole('button', { name: 'Create' }));
  return form;
}

/** The page's EPIC field, typed in lower case and sent with Enter. */
export async function findLandlord(epic = KNOWN_EPIC) {
  await userEvent.type(await screen.findByLabelText('Landlord Epic Number'), `${epic.toLowerCase()}{Enter}`);
}
