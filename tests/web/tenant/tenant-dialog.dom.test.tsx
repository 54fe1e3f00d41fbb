import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { composeStories } from '@storybook/react-vite';
import { fn, userEvent as user } from 'storybook/test';
import { saveCitizenKey, readCitizenKey } from '../../../src/web/lib/citizen-key-store';
import { TENANT_ID_LABEL } from '../../../src/web/features/tenant/tenant-id-step';
import * as stories from '../../../stories/tenant/tenant-dialog.stories';
import { SAMPLE_OTP } from '../../../stories/tenant/tenant-fakes';
import { fillNewTenant } from '../../../stories/tenant/tenant-form-fill';
import { logInAsSampleTenant, startRegistration } from '../../../stories/tenant/tenant-story-steps';

const all = composeStories(stories);
const { LoginEmpty, NewTenantEmptySave } = all;
const button = (name: string) => screen.getByRole('button', { name });

// Snackbars live in a module-level store that outlives a test's DOM: each test starts with none shown or queued.
afterEach(() =>
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  }),
);

async function show(Story: { (props?: object): React.ReactElement; play?: () => Promise<void> }) {
  render(<Story />);
  await Story.play?.();
}

describe('TenantDialog stories', () => {
  it.each(Object.entries(all))('%s plays to its state', async (_name, Story) => {
    await show(Story);
  });
});

describe('TenantDialog step 0', () => {
  it('enables Get OTP with an ID, and Next only once a code of 6 digits is typed', async () => {
    await show(LoginEmpty);
    await user.type(screen.getByLabelText(TENANT_ID_LABEL), 'bqrps 4821k');
    expect(screen.getByLabelText(TENANT_ID_LABEL)).toHaveValue('BQRPS4821K');
    await user.click(button('Get OTP'));
    await waitFor(() => expect(screen.getByLabelText('Enter OTP')).toBeEnabled());
    expect(screen.getByLabelText('Time left 5:00')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Enter OTP'), SAMPLE_OTP.slice(0, 5));
    expect(button('Next')).toBeDisabled();
    await user.type(screen.getByLabelText('Enter OTP'), SAMPLE_OTP.slice(5));
    expect(button('Next')).toBeEnabled();
  });

  it('logs in: the profile is read-only with every tab open, and Back returns to step 0', async () => {
    render(<LoginEmpty />);
    await logInAsSampleTenant();
    expect(await screen.findByText('OTP has been successfully verified!')).toBeInTheDocument();
    expect(screen.getByLabelText(/^First Name/)).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'Domestic Helpers' })).toBeEnabled();
    await user.click(button('Back'));
    expect(await screen.findByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  });

  it('Reset empties the step', async () => {
    await show(LoginEmpty);
    await user.type(screen.getByLabelText(TENANT_ID_LABEL), 'ABC1234567');
    await user.click(button('Reset'));
    expect(screen.getByLabelText(TENANT_ID_LABEL)).toHaveValue('');
  });
});

describe('TenantDialog new tenant', () => {
  it('blocks an empty save with the spec messages under the fields', async () => {
    const onCall = fn();
    render(<NewTenantEmptySave services={{ onCall }} />);
    await NewTenantEmptySave.play?.();
    // The tenancy type starts as T1, so 'Type required' cannot show here.
    for (const message of [
      'firstName required',
      'Parent or Spouse name required',
      'Occupation required',
      'Mobile Number required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getAllByText('Address Line 1 required!')).toHaveLength(2);
    expect(screen.getAllByText('State required')).toHaveLength(2);
    expect(screen.getAllByText('District required')).toHaveLength(2);
    expect(screen.getAllByText('Pincode required')).toHaveLength(2);
    expect(onCall).not.toHaveBeenCalledWith('saveTenant', expect.anything());
    // Focus moves to the first field with a message.
    await waitFor(() => expect(screen.getByLabelText(/^First Name/)).toHaveFocus());
  });

  it('says "Only numbers are allowed" for letters in the mobile number', async () => {
    render(<LoginEmpty />);
    await startRegistration();
    await user.type(await screen.findByLabelText(/^Mobile Number/), '98a');
    expect(await screen.findByText('Only numbers are allowed')).toBeInTheDocument();
  });

  it('saves a new tenant without empty optional fields, then asks for the registration number OTP', async () => {
    const onCall = fn();
    render(<LoginEmpty services={{ onCall }} />);
    await startRegistration('NEWID12345');
    await fillNewTenant();
    await user.click(button('Save'));
    expect(await screen.findByText(/Your registration number is/)).toHaveTextContent('1002');
    const [, [body, tenantId]] = onCall.mock.calls.find(([name]) => name === 'saveTenant') as [
      string,
      [Record<string, unknown>, number | null],
    ];
    expect(tenantId).toBeNull();
    expect(body).not.toHaveProperty('middleName');
    expect(body).not.toHaveProperty('email');
    expect(body).toMatchObject({
      epicNo: 'NEWID12345',
      firstName: 'Wanda',
      individualEpic: true,
      nationality: 'Indian',
      age: '1990-04-02',
      permanentAddress: {
        address1: 'House 4, Nongthymmai',
        pinCode: '793014',
        district: { districtCode: '1701', statename: { stateCode: '17', stateName: 'Meghalaya' } },
      },
    });
    expect(body.presentAddress).toEqual(body.permanentAddress);
    expect(
      screen.getByText('Successfully Saved Tenant. Please login to proceed with further data entries.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Enter OTP'), SAMPLE_OTP);
    await user.click(button('Next'));
    expect(await screen.findByRole('tab', { name: 'Documents' })).toBeEnabled();
  });
});

describe('TenantDialog registered tenant', () => {
  it('unlocks Basic Details with Edit and updates the tenant under its registration number', async () => {
    const onCall = fn();
    render(<LoginEmpty services={{ onCall }} />);
    await logInAsSampleTenant();
    await user.click(button('Edit'));
    const firstName = screen.getByLabelText(/^First Name/);
    expect(firstName).toBeEnabled();
    expect(screen.getByLabelText(/^ID Number/)).toBeDisabled();
    await user.clear(firstName);
    await user.type(firstName, 'Ibadaka');
    await user.click(button('Save'));
    expect(await screen.findByText('Successfully Updated Tenant Application.')).toBeInTheDocument();
    const [, [body, tenantId]] = onCall.mock.calls.find(([name]) => name === 'saveTenant') as [
      string,
      [Record<string, unknown>, number | null],
    ];
    expect(tenantId).toBe(1001);
    expect(body).toMatchObject({ id: 1001, exist: true, epicNo: 'BQRPS4821K', firstName: 'Ibadaka' });
    expect(body).not.toHaveProperty('middleName');
    await waitFor(() => expect(screen.getByLabelText(/^First Name/)).toBeDisabled());
  });
});

describe('TenantDialog final step and logout', () => {
  it('downloads the form for the registration number', async () => {
    const onDownload = fn();
    render(<LoginEmpty fake={{ onDownload }} />);
    await logInAsSampleTenant();
    await user.click(button('Finish'));
    await user.click(await screen.findByRole('button', { name: 'Download Completed Form' }));
    await waitFor(() =>
      expect(onDownload).toHaveBeenCalledWith(expect.objectContaining({ tenantId: '1001' })),
    );
    await user.click(button('Go Back'));
    expect(await screen.findByRole('tab', { name: 'Basic Details' })).toBeInTheDocument();
  });

  it('Logout asks first; Yes forgets the key and closes the dialog', async () => {
    const onClose = fn();
    render(<LoginEmpty onClose={onClose} />);
    await logInAsSampleTenant();
    saveCitizenKey({ apiKey: 'k', subject: 'tenant', subjectId: '1001', expiresAt: '2099-01-01T00:00:00Z' });
    await user.click(button('Logout'));
    await user.click(await screen.findByRole('button', { name: 'No' }));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(button('Logout'));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(readCitizenKey()).toBeNull();
  });
});

describe('TenantDialog key revocation and expiry', () => {
  const liveKey = () =>
    saveCitizenKey({ apiKey: 'k', subject: 'tenant', subjectId: '1001', expiresAt: '2099-01-01T00:00:00Z' });

  it('Logout ends the key on the server (apikey/logout) before the dialog closes', async () => {
    const onClose = fn();
    const logout = fn(() => Promise.resolve());
    render(<LoginEmpty onClose={onClose} logout={logout} />);
    await logInAsSampleTenant();
    liveKey();
    await user.click(button('Logout'));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('closing the dialog with a key held ends it too; without a key nothing is called', async () => {
    const onClose = fn();
    const logout = fn(() => Promise.resolve());
    const { unmount } = render(<LoginEmpty onClose={onClose} logout={logout} />);
    await logInAsSampleTenant();
    liveKey();
    await user.click(screen.getByRole('button', { name: 'Close the tenant dialog' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(logout).toHaveBeenCalledTimes(1);
    unmount();
    sessionStorage.clear();
    render(<LoginEmpty onClose={onClose} logout={logout} />);
    await user.click(await screen.findByRole('button', { name: 'Close the tenant dialog' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('a 401 on the profile ends the session: back to the start with the message, the key forgotten', async () => {
    const onClose = fn();
    render(<LoginEmpty onClose={onClose} services={{ key: 'expired' }} />);
    await logInAsSampleTenant();
    liveKey();
    await user.click(screen.getByRole('tab', { name: 'Family Members' }));
    expect(await screen.findByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    // Said twice: a snackbar, and on the step until the next login.
    expect(screen.getAllByText('Your session has expired. Please login again!')).toHaveLength(2);
    expect(screen.getByText('Session ended')).toBeInTheDocument();
    expect(readCitizenKey()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(screen.getByLabelText(TENANT_ID_LABEL)).toHaveValue('');
    // The dialog stays open for a new login.
    expect(onClose).not.toHaveBeenCalled();
  });
});
