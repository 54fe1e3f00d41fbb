import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { paths } from '../../src/web/app/paths';
import { ClearanceTab } from '../../src/web/features/clearance/clearance-tab';
import { LandlordLoginPage } from '../../src/web/features/landlord/landlord-login-page';
import {
  KNOWN_EPIC,
  NEW_EPIC,
  RIGHT_OTP,
  fakeServices,
  fakeStepperLogic,
  type FakeServicesOptions,
  type FakeStepperOptions,
} from './landlord-fakes';

export interface LandlordStoryProps {
  stepper?: FakeStepperOptions;
  services?: FakeServicesOptions;
  /** Logout's call to end the key (nothing in a story; tests spy on it). */
  logout?: () => Promise<void>;
}

/** The real page driven by the real machine, with its calls replaced by the fakes the story names. */
export function LandlordLoginWithFakes({
  stepper = {},
  services = {},
  logout = async () => {},
}: LandlordStoryProps) {
  const [logic] = useState(() => fakeStepperLogic(stepper));
  const [calls] = useState(() => fakeServices(services));
  return (
    <MemoryRouter initialEntries={[paths.landlordLogin]}>
      <LandlordLoginPage
        logic={logic}
        services={calls}
        logout={logout}
        clearanceTab={(props) => <ClearanceTab {...props} />}
      />
    </MemoryRouter>
  );
}

export const button = (name: string) => screen.getByRole('button', { name });
export const epicField = () => screen.findByLabelText(/^Epic Number/);

/** Login tab: EPIC, Get OTP, the code (right unless told), Login. */
export async function logIn(otp = RIGHT_OTP) {
  await userEvent.type(await epicField(), KNOWN_EPIC);
  await userEvent.click(button('Get OTP'));
  const code = await screen.findByLabelText('Enter OTP');
  await waitFor(() => expect(code).toBeEnabled());
  await userEvent.type(code, otp);
  await userEvent.click(button('Login'));
}

/** Logged in and on the landlord page. */
export async function logInToDetails() {
  await logIn();
  await screen.findByRole('tab', { name: 'Rental Units' });
}

/** Register tab: a new EPIC and Next. */
export async function startRegistration(epic = NEW_EPIC) {
  await userEvent.click(await screen.findByRole('tab', { name: 'Register' }));
  await userEvent.type(await epicField(), epic);
  await userEvent.click(button('Next'));
}

/** The Basic Details form of a fresh registration, filled and valid. */
export async function fillBasicDetails() {
  const type = async (label: RegExp, value: string) => userEvent.type(screen.getByLabelText(label), value);
  await type(/^First Name/, 'Banshan');
  await type(/^Last Name/, 'Syiem');
  await pick(/^Occupation/, 'Teacher');
  await type(/^Mobile Number/, '9862055555');
  await type(/^Permanent Address: Address Line 1/, 'Mawlai Mawdatbaki');
  await pick(/^Permanent Address: State/, 'Meghalaya');
  await pick(/^Permanent Address: District/, 'East Khasi Hills');
  await type(/^Permanent Address: Pincode/, '793008');
  await userEvent.click(screen.getByLabelText('Same as Permanent Address'));
}

/** Chooses an option of a Mantine Select by its label (its options may still be loading from a lookup). */
export async function pick(label: RegExp, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  await userEvent.click(input);
  // This Select's own options: its listbox is labelled by the input's label. Closed transitions hide them in jsdom.
  const choice = await waitFor(() => {
    const listbox = document.querySelector(`[role="listbox"][aria-labelledby="${input.id}-label"]`);
    if (!listbox) throw new Error(`No options for ${String(label)}`);
    return within(listbox as HTMLElement).getByRole('option', { name: option, hidden: true });
  });
  await userEvent.click(choice);
}
