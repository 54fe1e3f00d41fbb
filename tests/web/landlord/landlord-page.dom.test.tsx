import { afterEach, describe, expect, it } from 'vitest';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { fn, userEvent as user } from 'storybook/test';
import * as stories from '../../../stories/landlord/landlord-page.stories';
import { NEW_EPIC, RIGHT_OTP, sampleLandlord, unit } from '../../../stories/landlord/landlord-fakes';
import { button, pick } from '../../../stories/landlord/landlord-story-frame';

const composed = composeStories(stories);
const {
  RegistrationErrors,
  RegistrationOtp,
  LoggedInDetails,
  RentalUnits,
  NewRentalUnit,
  NewRentalUnitErrors,
} = composed;

async function show(Story: { (): React.ReactElement; play?: () => Promise<void> }) {
  render(<Story />);
  await Story.play?.();
}

// Snackbars live in a module-wide store: past the limit on screen, new ones queue behind the last test's.
afterEach(() => notifications.clean());

const table = () => screen.getByRole('table', { name: 'Rental Units' });
const rows = () => within(table()).getAllByRole('row').slice(1);

describe('landlord page', () => {
  it.each(Object.entries(composed))('plays the %s story', async (_name, Story) => {
    await show(Story);
  });

  it('shows the spec messages under every empty required field and creates nothing', async () => {
    const onCall = fn();
    render(<RegistrationErrors services={{ onCall }} />);
    await RegistrationErrors.play?.();
    for (const message of ['firstName required', 'Occupation required', 'Mobile number required'])
      expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getAllByText('Address Line 1 required!')).toHaveLength(2);
    expect(screen.getAllByText('State required')).toHaveLength(2);
    expect(screen.getAllByText('Pincode required')).toHaveLength(2);
    expect(onCall).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByLabelText(/^First Name/)).toHaveFocus());
  });

  it('refuses letters in the mobile number with the spec message', async () => {
    await show(RegistrationErrors);
    await user.type(screen.getByLabelText(/^Mobile Number/), '98abc');
    await user.click(button('Save'));
    expect(await screen.findByText('Only numbers are allowed')).toBeInTheDocument();
  });

  it('creates a fresh landlord anonymously, copies the present address, then asks for the OTP that opens Rental Units', async () => {
    const onCall = fn();
    render(<RegistrationOtp services={{ onCall }} />);
    await RegistrationOtp.play?.();
    const [name, body] = onCall.mock.calls[0];
    expect(name).toBe('createLandlord');
    expect(body).toMatchObject({ epicNo: NEW_EPIC, firstName: 'Banshan', mobile: '9862055555' });
    expect(body.presentAddress).toEqual(body.permanentAddress);
    expect(body.middleName).toBeUndefined();
    expect(button('Save')).toBeDisabled();
    const code = screen.getByLabelText('Enter OTP');
    await waitFor(() => expect(code).toBeEnabled());
    await user.type(code, RIGHT_OTP);
    await user.click(button('Verify'));
    const rentalUnits = await screen.findByRole('tab', { name: 'Rental Units' });
    expect(rentalUnits).toBeEnabled();
    expect(screen.queryByText('Verify your registration')).toBeNull();
  });

  it('updates a known landlord with its key and says so', async () => {
    const onCall = fn();
    render(<LoggedInDetails services={{ onCall }} />);
    await LoggedInDetails.play?.();
    await user.clear(screen.getByLabelText(/^Mobile Number/));
    await user.type(screen.getByLabelText(/^Mobile Number/), '9862099999');
    await user.click(button('Save'));
    expect(await screen.findByText('Successfully updated landlord!')).toBeInTheDocument();
    expect(onCall).toHaveBeenCalledWith(
      'updateLandlord',
      expect.objectContaining({ id: sampleLandlord.id, mobile: '9862099999', epicNo: sampleLandlord.epicNo }),
    );
  });

  it('lists the units with the landlord name, vacancy in words and Update Status only for occupied ones', async () => {
    await show(RentalUnits);
    expect(screen.getByText('Wanphrang Nongbri')).toBeInTheDocument();
    const [occupied, vacant] = rows();
    expect(within(occupied).getByText('No')).toBeInTheDocument();
    expect(within(occupied).getByRole('button', { name: 'Update Status' })).toBeEnabled();
    expect(within(vacant).getByText('Yes')).toBeInTheDocument();
    expect(within(vacant).getByRole('button', { name: 'Update Status' })).toBeDisabled();
  });

  it('marks an occupied unit vacant after the confirmation', async () => {
    const onCall = fn();
    render(<RentalUnits services={{ units: [unit(1, false)], onCall }} />);
    await RentalUnits.play?.();
    await user.click(within(rows()[0]).getByRole('button', { name: 'Update Status' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Successfully Updated!')).toBeInTheDocument();
    expect(onCall).toHaveBeenCalledWith('markVacant', String(sampleLandlord.id), 'RU000000001');
    await waitFor(() =>
      expect(within(rows()[0]).getByRole('button', { name: 'Update Status' })).toBeDisabled(),
    );
  });

  it('disowns a unit only after Yes', async () => {
    const onCall = fn();
    render(<RentalUnits services={{ units: [unit(1, true)], onCall }} />);
    await RentalUnits.play?.();
    await user.click(within(rows()[0]).getByRole('button', { name: 'Disown' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No' }));
    expect(onCall).not.toHaveBeenCalled();
    await user.click(within(rows()[0]).getByRole('button', { name: 'Disown' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Successfully Deleted Rental Unit')).toBeInTheDocument();
    await within(table()).findByText(/No rental unit yet/);
  });

  it('requires police station, ward, address line 1, district and pincode for a new unit', async () => {
    await show(NewRentalUnitErrors);
    const dialog = screen.getByRole('dialog');
    for (const message of [
      'Sub-Locality/Ward required',
      'Address Line 1 required!',
      'Pincode required',
      'District required',
    ])
      expect(within(dialog).getByText(message)).toBeInTheDocument();
  });

  it('adds a unit through the pickers (district, then its stations, then their wards) and lists it', async () => {
    const onCall = fn();
    render(<NewRentalUnit services={{ units: [], onCall }} />);
    await NewRentalUnit.play?.();
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^House Number/), 'B-7');
    await user.type(within(dialog).getByLabelText(/^Address Line 1/), 'Mawlai Nongkwar');
    await pick(/^District/, 'East Khasi Hills');
    await pick(/^Police Station/, 'Laitumkhrah PS');
    await pick(/^Sub-Locality\/Ward/, 'Laitumkhrah Main');
    await user.type(within(dialog).getByLabelText(/^Pincode/), '793008');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Successfully Saved Rental Unit')).toBeInTheDocument();
    expect(onCall).toHaveBeenCalledWith(
      'createRentalUnit',
      expect.objectContaining({
        houseNo: 'B-7',
        address1: 'Mawlai Nongkwar',
        pinCode: '793008',
        laCode: 'PS1701001LA01W01',
        la: { ps: { policeStationCode: 'PS1701001' } },
        district: { districtCode: '1701' },
        landlordId: sampleLandlord.id,
      }),
    );
    await within(table()).findByText('Mawlai Nongkwar');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes the unit dialog with Cancel without saving', async () => {
    const onCall = fn();
    render(<NewRentalUnit services={{ onCall }} />);
    await NewRentalUnit.play?.();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onCall).not.toHaveBeenCalled();
  });

  it('lists the applications with Delete for the pending one only, the status code kept on the row', async () => {
    render(<composed.Applications />);
    await composed.Applications.play?.();
    const table = screen.getByRole('table', { name: 'Applications' });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(header).toEqual(['Application ID', 'Status', 'Landlord ID', 'Tenant ID', 'Applied By', 'Delete']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-status-code'))).toEqual(['LARP', 'LAVP', 'PLVP', 'RJT']);
    expect(within(rows[1]).getByText('moderator')).toBeInTheDocument();
    const enabled = within(table)
      .getAllByRole('button')
      .filter((b) => !b.hasAttribute('disabled'));
    expect(enabled.map((b) => b.getAttribute('aria-label'))).toEqual(['Delete application 31']);
  });

  it('deletes an application after Yes: the call with its id and the landlord, the message, the list again', async () => {
    const onCall = fn();
    render(<composed.ApplicationDeleteQuestion services={{ onCall }} />);
    await composed.ApplicationDeleteQuestion.play?.();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onCall).toHaveBeenCalledWith('deleteApplication', 31, expect.any(String)));
    expect(await screen.findByText('Application deleted successfully!')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Applications' });
    await waitFor(() => expect(within(table).queryByText('31')).toBeNull());
  });

  it('shows no Applications tab where the calls have no applications list (an official’s page)', async () => {
    render(<composed.LoggedInDetails services={{ applications: 'none' }} />);
    await composed.LoggedInDetails.play?.();
    expect(screen.queryByRole('tab', { name: 'Applications' })).toBeNull();
  });

  it('ends the session on a 401 from the page’s own call, forgetting the landlord', async () => {
    await show(composed.SessionExpired);
    expect(screen.queryByRole('tab', { name: 'Rental Units' })).toBeNull();
    // The session's notice says it once: the refused call adds no 'Authentication Failed' of its own.
    expect(screen.queryByText('Authentication Failed')).toBeNull();
    expect(await screen.findByLabelText(/^Epic Number/)).toHaveValue('');
  });

  it('puts a refused field’s message under that field and focuses it', async () => {
    await show(composed.SaveRefusedUnderField);
    await waitFor(() => expect(screen.getByLabelText(/^Present Address: Pincode/)).toHaveFocus());
  });
});
