import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { composeStories } from '@storybook/react-vite';
import { fn, userEvent as user } from 'storybook/test';
import * as panelStories from '../../../stories/office-applications/tenant-applications.stories';
import * as pageStories from '../../../stories/office-applications/tenant-applications-page.stories';
import * as consentStories from '../../../stories/office-applications/tenant-applications-consent.stories';
import { CONSENT_CODE, TENANT_ID } from '../../../stories/office-applications/tenant-applications-fakes';
import {
  createForUnit1,
  findLandlord,
  pickApplication,
} from '../../../stories/office-applications/tenant-applications-steps';
import { callsOf } from '../../support/fake-calls';

const panels = composeStories(panelStories);
const pages = composeStories(pageStories);
const consents = composeStories(consentStories);
const Panel = panels.Lists;
const Page = pages.EpicEntry;

afterEach(() =>
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  }),
);

describe('Tenant Applications stories', () => {
  it.each([...Object.entries(panels), ...Object.entries(pages), ...Object.entries(consents)])(
    '%s plays to its state',
    async (_name, Story) => {
      render(<Story />);
      await Story.play?.();
    },
    60_000,
  );
});

describe('Tenant Applications panel', () => {
  it('loads the units, the official’s own incomplete applications and the completed page by EPIC', async () => {
    const onCall = fn();
    render(<Panel role="USER" fakes={{ onCall }} />);
    await screen.findByRole('table', { name: 'Completed Applications' });
    expect(callsOf(onCall, 'landlordUnits')).toEqual([[12]]);
    expect(callsOf(onCall, 'pickableApplications')).toEqual([['user']]);
    expect(callsOf(onCall, 'completedByLandlordEpic')).toEqual([
      [{ username: 'user', epic: 'ABC1234567', page: 0 }],
    ]);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Tenant 12');
    expect(callsOf(onCall, 'completedByLandlordEpic')[1]).toEqual([
      { username: 'user', epic: 'ABC1234567', page: 1 },
    ]);
  });

  it('creates through the channel’s save call with the unit, the tenant and the landlord', async () => {
    const onCall = fn();
    render(<Panel tenantIdNumber={TENANT_ID} channel="own" fakes={{ onCall }} />);
    await user.click(await screen.findByRole('button', { name: 'Create New Application' }));
    const form = await screen.findByRole('dialog', { name: 'Create New Application' });
    await within(form).findByText('Iba Kharkongor');
    expect(callsOf(onCall, 'clearanceTenant')).toEqual([[TENANT_ID]]);
    // Only the vacant unit is offered.
    await user.click(within(form).getByRole('combobox', { name: 'Rental Unit' }));
    expect(within(form).getAllByRole('option', { hidden: true })).toHaveLength(1);
    await user.click(within(form).getByRole('option', { name: /^H-1/, hidden: true }));
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await screen.findByRole('dialog', { name: 'Select Application You Wish To Apply' });
    expect(callsOf(onCall, 'saveApplication')).toEqual([
      ['own', { rentcode: 'RU000000001', tenantid: 3, landlordid: 12 }],
    ]);
  });

  it('applies with the ticked people and the rejection remarks, then tells the wizard the id', async () => {
    const onCall = fn();
    const onApplied = fn();
    render(<Panel fakes={{ onCall }} onApplied={onApplied} />);
    const picker = await pickApplication();
    // Picking reads the application again through the save call of the panel's channel.
    expect(callsOf(onCall, 'saveApplication')).toEqual([
      ['office', { rentcode: 'RU000000002', tenantid: 3, landlordid: 12 }],
    ]);
    await user.click(within(picker).getByRole('checkbox', { name: /Bah Kynsai/ }));
    await user.click(within(picker).getByRole('radio', { name: 'Recommend for Rejection' }));
    await user.type(within(picker).getByLabelText(/Remarks/), '  Not known here ');
    await user.click(within(picker).getByRole('button', { name: 'Apply' }));
    await within(picker).findByRole('button', { name: 'Download the Complete Application' });
    expect(callsOf(onCall, 'applyApplication')).toEqual([
      [
        {
          applid: 41,
          membercode: [5],
          helperCode: [],
          recommendation: { kind: 'rejection', remarks: 'Not known here' },
        },
      ],
    ]);
    expect(onApplied).toHaveBeenCalledWith(41);
    // Closing reads the lists again: the application moved to the completed table.
    await user.click(within(picker).getByRole('button', { name: 'Close' }));
    await screen.findByRole('table', { name: 'Completed Applications' });
    expect(callsOf(onCall, 'landlordUnits')).toHaveLength(2);
  });

  it('applies a USER’s application without a recommendation', async () => {
    const onCall = fn();
    render(<Panel role="USER" fakes={{ onCall }} />);
    const picker = await pickApplication();
    await user.click(within(picker).getByRole('button', { name: 'Apply' }));
    await within(picker).findByText('Application applied successfully!');
    expect(callsOf(onCall, 'applyApplication')).toEqual([[{ applid: 41, membercode: [5], helperCode: [9] }]]);
  });

  it('downloads the complete application of the applied id', async () => {
    const onCall = fn();
    const created = URL.createObjectURL;
    URL.createObjectURL = () => 'blob:application';
    URL.revokeObjectURL = () => undefined;
    try {
      render(<Panel role="USER" fakes={{ onCall }} />);
      const picker = await pickApplication();
      await user.click(within(picker).getByRole('button', { name: 'Apply' }));
      await user.click(
        await within(picker).findByRole('button', { name: 'Download the Complete Application' }),
      );
      expect(callsOf(onCall, 'completedApplicationForm')).toEqual([[41]]);
    } finally {
      URL.createObjectURL = created;
    }
  });
});

describe('Tenant Applications page', () => {
  it('finds the landlord by its EPIC with Enter and shows New Application for USER only', async () => {
    const onCall = fn();
    const onNewApplication = fn();
    render(<Page role="USER" fakes={{ onCall }} onNewApplication={onNewApplication} />);
    await findLandlord();
    expect(callsOf(onCall, 'landlordByEpic')).toEqual([['ABC1234567']]);
    await screen.findByRole('table', { name: 'Completed Applications' });
    await user.click(screen.getByRole('button', { name: 'New Application' }));
    expect(onNewApplication).toHaveBeenCalledOnce();
  });

  it('offers no New Application to a MODERATOR', async () => {
    render(<Page role="MODERATOR" />);
    await findLandlord();
    await screen.findByRole('table', { name: 'Completed Applications' });
    expect(screen.queryByRole('button', { name: 'New Application' })).toBeNull();
  });
});

describe('Tenant Applications panel: the tenant’s consent', () => {
  it('confirms the typed code for the created application, then applies the people it answered', async () => {
    const onCall = fn();
    const onApplied = fn();
    render(
      <Panel tenantIdNumber={TENANT_ID} fakes={{ onCall, save: 'tenant-elsewhere' }} onApplied={onApplied} />,
    );
    await createForUnit1();
    const picker = await screen.findByRole('dialog', { name: 'Select Application You Wish To Apply' });
    await user.click(within(picker).getByRole('button', { name: 'Resend code' }));
    await within(picker).findByText(/A new code was sent to the tenant/);
    expect(callsOf(onCall, 'resendTenantConsent')).toEqual([[42]]);
    await user.type(within(picker).getByLabelText(/Consent code/), `${CONSENT_CODE}{Enter}`);
    await within(picker).findByRole('checkbox', { name: /Ka Kharkongor/ });
    expect(callsOf(onCall, 'confirmTenantConsent')).toEqual([[42, CONSENT_CODE]]);
    await user.click(within(picker).getByRole('button', { name: 'Apply' }));
    await within(picker).findByRole('button', { name: 'Download the Complete Application' });
    expect(callsOf(onCall, 'applyApplication')).toEqual([[{ applid: 42, membercode: [5], helperCode: [9] }]]);
    expect(onApplied).toHaveBeenCalledWith(42);
  });

  it('withdraws the created draft on Reset, then reads the lists again without it', async () => {
    const onCall = fn();
    render(<Panel tenantIdNumber={TENANT_ID} fakes={{ onCall, save: 'tenant-elsewhere' }} />);
    await createForUnit1();
    const picker = await screen.findByRole('dialog', { name: 'Select Application You Wish To Apply' });
    const listsRead = callsOf(onCall, 'pickableApplications').length;
    await user.click(within(picker).getByRole('button', { name: 'Reset' }));
    await screen.findByText('The application was withdrawn. The rental unit is free again.');
    expect(callsOf(onCall, 'withdrawApplication')).toEqual([[42]]);
    expect(callsOf(onCall, 'pickableApplications').length).toBe(listsRead + 1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
