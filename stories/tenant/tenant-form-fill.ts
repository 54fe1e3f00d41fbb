import { screen, userEvent, waitFor, within } from 'storybook/test';

/** Picks an option of a Mantine Select found by its label. */
export async function choose(label: RegExp, option: string) {
  const input = await screen.findByRole('combobox', { name: label });
  await userEvent.click(input);
  // The options of this Select only: its listbox is labelled by the input's label.
  const listbox = await waitFor(() => {
    const found = document.querySelector(`[role="listbox"][aria-labelledby="${input.id}-label"]`);
    if (!found) throw new Error(`No options for ${String(label)}`);
    return found as HTMLElement;
  });
  await userEvent.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

const field = (label: RegExp) => screen.getByLabelText(label);

/** Fills a new tenant's Basic Details with valid values (present address: Same as Permanent Address). */
export async function fillNewTenant() {
  await userEvent.type(await screen.findByLabelText(/^First Name/), 'Wanda');
  await userEvent.type(field(/^Last Name/), 'Syiem');
  await userEvent.type(field(/^Parent or Spouse Name/), 'R. Syiem');
  await userEvent.type(field(/^Date of Birth/), '1990-04-02');
  await choose(/^Occupation/, 'Teacher');
  await userEvent.type(field(/^Mobile Number/), '9863000001');
  await userEvent.type(field(/^Permanent Address: Address Line 1/), 'House 4, Nongthymmai');
  await choose(/^Permanent Address: State/, 'Meghalaya');
  await choose(/^Permanent Address: District/, 'East Khasi Hills');
  await userEvent.type(field(/^Permanent Address: Pincode/), '793014');
  await userEvent.click(screen.getByLabelText('Same as Permanent Address'));
}
