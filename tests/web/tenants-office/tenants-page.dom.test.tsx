import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { composeStories } from '@storybook/react-vite';
import { fn, userEvent as user } from 'storybook/test';
import * as stories from '../../../stories/tenants-office/tenants-page.stories';
import { fillNewTenant } from '../../../stories/tenant/tenant-form-fill';
import { callsOf } from '../../support/fake-calls';
import { NOT_ALLOWED } from '../../../stories/tenants-office/tenants-office-fakes';

const all = composeStories(stories);
// The page as a story renders it (the app's providers), with the fakes' options given as props.
const TenantsPageWithFakes = all.IncompleteApplications;

afterEach(() =>
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  }),
);

const table = () => screen.findByRole('table', { name: 'INCOMPLETE APPLICATION(S)' });

describe('Tenants page stories', () => {
  // A new tenant's form is typed key by key: slow in jsdom on a busy machine.
  it.each(Object.entries(all))(
    '%s plays to its state',
    async (_name, Story) => {
      render(<Story />);
      await Story.play?.();
    },
    60_000,
  );
});

describe('Tenants page', () => {
  it('lists the LARP incomplete applications of the official’s own code and username, page by page', async () => {
    const onCall = fn();
    render(<TenantsPageWithFakes office={{ onCall }} />);
    expect(within(await table()).getAllByRole('row')).toHaveLength(11);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
    expect(callsOf(onCall, 'incompletePage')).toEqual([
      [{ code: 'PS1701001LA01W01', username: 'moderator', page: 0 }],
      [{ code: 'PS1701001LA01W01', username: 'moderator', page: 1 }],
    ]);
  });

  it('looks a tenant up only from 8 characters, with Ok or Enter, upper-cased without spaces', async () => {
    const onCall = fn();
    render(<TenantsPageWithFakes office={{ onCall, lookup: 'found' }} />);
    await user.click(await screen.findByRole('button', { name: 'Existing Tenant' }));
    const field = screen.getByLabelText("Tenant's ID");
    await user.type(field, 'bqr ps48');
    expect(field).toHaveValue('BQRPS48');
    await user.type(field, '{Enter}');
    expect(callsOf(onCall, 'tenantByIdNumber')).toEqual([]);
    await user.type(field, '21K');
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(callsOf(onCall, 'tenantByIdNumber')).toEqual([['BQRPS4821K']]);
    await waitFor(() => expect(screen.getByLabelText(/^First Name/)).toBeDisabled());
    expect(screen.getByRole('tab', { name: 'Domestic Helpers' })).toBeEnabled();
    // Focus moves to the profile that replaced the lists.
    expect(screen.getByRole('heading', { name: 'Iba Kharkongor' })).toHaveFocus();
    // A found tenant can be taken on to the Tenant Applications page.
    expect(screen.getByRole('button', { name: 'Proceed to Applications' })).toBeEnabled();
  });

  it(
    'registers a new tenant through the staff calls: no OTP, the tabs open after the first save',
    { timeout: 60_000 },
    async () => {
      const onCall = fn();
      render(<TenantsPageWithFakes office={{ lookup: 'absent' }} services={{ onCall }} />);
      await user.click(await screen.findByRole('button', { name: 'New Tenant' }));
      await user.type(screen.getByLabelText("Tenant's ID"), 'NEWID12345{Enter}');
      expect(await screen.findByLabelText(/^ID Number/)).toHaveValue('NEWID12345');
      expect(screen.queryByText(/in your jurisdiction; add as new!/)).toBeNull();
      await fillNewTenant();
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.getByRole('tab', { name: 'Family Members' })).toBeEnabled());
      expect(screen.getByText('Successfully Saved Tenant.')).toBeInTheDocument();
      expect(screen.queryByText(/Please login/)).toBeNull();
      const [[body, tenantId]] = callsOf(onCall, 'saveTenant') as [[Record<string, unknown>, number | null]];
      expect(tenantId).toBeNull();
      expect(body).toMatchObject({ epicNo: 'NEWID12345', firstName: 'Wanda' });
      expect(screen.getByText(/^Registration Number 1002/)).toBeInTheDocument();
      // The family list is asked for under the new registration number.
      await user.click(screen.getByRole('tab', { name: 'Family Members' }));
      await waitFor(() => expect(callsOf(onCall, 'familyMembers')).toEqual([[1002]]));
    },
  );

  it('shows the server’s 403 under the field and opens nothing', async () => {
    render(<TenantsPageWithFakes office={{ lookup: 'refused' }} />);
    await user.click(await screen.findByRole('button', { name: 'Existing Tenant' }));
    await user.type(screen.getByLabelText("Tenant's ID"), 'ASM1840227{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_ALLOWED);
    expect(screen.queryByRole('tab', { name: 'Basic Details' })).toBeNull();
  });

  it('re-visits the tenant of an incomplete application, and Close returns to the list', async () => {
    const onCall = fn();
    render(<TenantsPageWithFakes office={{ onCall }} />);
    await user.click(
      within(await table()).getByRole('button', { name: 'Re-visit Tenant Tenant 2 (application 39)' }),
    );
    await waitFor(() => expect(screen.getByLabelText(/^First Name/)).toHaveValue('Iba'));
    expect(callsOf(onCall, 'tenantOfApplication')).toEqual([[39]]);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await table()).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Basic Details' })).toBeNull();
  });
});
