import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { fn, userEvent as user } from 'storybook/test';
import { ApplicationDetailDialog } from '../../../src/web/features/applications/application-detail-dialog';
import { ApplicationsApiProvider } from '../../../src/web/features/applications/applications-api';
import { ACTION_SPECS } from '../../../src/web/features/applications/application-actions';
import { NO_PHOTO_MESSAGE } from '../../../src/web/features/applications/detail-sections';
import * as stories from '../../../stories/applications/application-detail-dialog.stories';
import { demoDetail, fakeApplicationsApi } from '../../../stories/applications/application-fixtures';
import type { LifecycleEventType } from '../../../machines/application';
import { AppProviders } from '../../../src/web/app/providers';
import { APPLICATION_DETAIL_MESSAGES } from '../../../src/contract/applications.contract';

const Stories = composeStories(stories);
const ALL_LABELS = Object.values(ACTION_SPECS).map((s) => s.label);

/** The labels of the processing buttons the dialog shows once loaded. */
async function actionButtons(): Promise<string[]> {
  await screen.findByRole('button', { name: 'Application Flow' });
  return ALL_LABELS.filter((label) => screen.queryByRole('button', { name: label }) !== null);
}

function renderWith(events: LifecycleEventType[], options: Parameters<typeof fakeApplicationsApi>[0] = {}) {
  const onChanged = fn();
  const onClose = fn();
  render(
    <AppProviders>
      <ApplicationsApiProvider
        value={fakeApplicationsApi({ detail: demoDetail('LAVP', events, 'SUPERMODERATOR'), ...options })}
      >
        <ApplicationDetailDialog applid={1042} onClose={onClose} onChanged={onChanged} />
      </ApplicationsApiProvider>
    </AppProviders>,
  );
  return { onChanged, onClose };
}

async function pickReason(reason: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: /^Reason/ }), reason);
}

describe('application detail dialog', () => {
  it.each([
    ['ModeratorOnPending', ['Recommend Approval', 'Recommend Rejection', 'Request Rectification']],
    ['SupermoderatorOnForwarded', ['Request Rectification', 'Accept', 'Decline']],
    ['SupermoderatorOnApproved', ['Certify']],
    ['ModeratorOnOwnForwarded', ['Delete']],
    ['ReadOnlyRejected', []],
    ['ReadOnlyShifted', []],
    ['ReadOnlyRectification', []],
  ] as const)('%s shows exactly the actions of its allowedEvents', async (name, expected) => {
    const Story = Stories[name];
    render(<Story />);
    expect(await actionButtons()).toEqual(expected);
  });

  it('shows the four sections with the landlord, tenant, rental unit and remarks', async () => {
    render(<Stories.ReadOnlyRejected />);
    for (const section of ['Landlord Details', 'Tenant Details', 'Rental Unit', 'Remarks']) {
      expect(await screen.findByRole('button', { name: section })).toBeInTheDocument();
    }
    expect(screen.getByText('Wanphrang Nongbri')).toBeInTheDocument();
    expect(screen.getByText('21-03-1994')).toBeInTheDocument();
  });

  it.each([
    ['TenantConsented', 'received 10-11-2026 14:35 IST'],
    ['TenantConsentPending', 'pending'],
    ['ReadOnlyRejected', 'not asked'],
  ] as const)('%s says when the tenant consented: %s', async (name, text) => {
    const Story = Stories[name];
    render(<Story />);
    const label = await screen.findByText("Tenant's consent");
    expect(label.nextElementSibling).toHaveTextContent(text);
  });

  it('shows names and ID numbers of people outside reach, and where the rest is kept', async () => {
    render(<Stories.PeopleOutsideReach />);
    expect(await screen.findByText('Wanphrang Nongbri')).toBeInTheDocument();
    expect(screen.getByText('MLB7654321')).toBeInTheDocument();
    for (const who of ['Landlord', 'Tenant'])
      expect(screen.getByRole('note', { name: `${who} record withheld` })).toHaveTextContent(
        APPLICATION_DETAIL_MESSAGES.recordWithheld,
      );
    for (const field of ['Mobile', 'Date of Birth', 'Permanent Address', 'Documents'])
      expect(screen.queryByText(field)).not.toBeInTheDocument();
    expect(screen.getByText('Ibashisha Lyngdoh')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^View photo of/ })).not.toBeInTheDocument();
    // The actions of the ward stay: the application is the official's to process.
    expect(await actionButtons()).toEqual(['Recommend Approval', 'Recommend Rejection']);
  });

  it('says no photo was uploaded for a member without one', async () => {
    render(<Stories.ReadOnlyRejected />);
    await user.click(await screen.findByRole('button', { name: 'View photo of Dapbiang Rymbai' }));
    expect(await screen.findByText(NO_PHOTO_MESSAGE)).toBeInTheDocument();
  });

  it('asks for confirmation before approving, and acts only on Yes', async () => {
    const onAct = fn();
    const { onChanged } = renderWith(['application.accept', 'application.decline'], { onAct });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Are you sure you want to approve application 1042?')).toBeInTheDocument();
    expect(onAct).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Yes, Accept' }));
    await waitFor(() => expect(onAct).toHaveBeenCalledWith('application.accept', {}));
    expect(onChanged).toHaveBeenCalledOnce();
  });

  it('keeps Apply disabled for a rejection recommendation until a reason and remarks are given', async () => {
    const onAct = fn();
    renderWith(['application.recommendRejection'], { onAct });
    await user.click(await screen.findByRole('button', { name: 'Recommend Rejection' }));
    const apply = await screen.findByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    await pickReason('Invalid Documents');
    expect(apply).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /^Remarks/ }), '   ');
    expect(apply).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /^Remarks/ }), 'The ID proof is unreadable');
    expect(apply).toBeEnabled();
    await user.click(apply);
    await user.click(await screen.findByRole('button', { name: 'Yes, Recommend Rejection' }));
    await waitFor(() =>
      expect(onAct).toHaveBeenCalledWith('application.recommendRejection', {
        reason: 'Invalid Documents',
        remarks: '   The ID proof is unreadable',
      }),
    );
  });

  it("requires the typed reason when the reason is 'Others'", async () => {
    renderWith(['application.decline']);
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const apply = await screen.findByRole('button', { name: 'Apply' });
    await pickReason('Others');
    expect(apply).toBeDisabled();
    await user.type(screen.getByLabelText(/^Type the reason/), 'Rental unit is not residential');
    expect(apply).toBeEnabled();
  });

  it("shows the server's message when it refuses the action, and keeps the dialog open", async () => {
    render(<Stories.ActionRefused />);
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, Accept' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('This application was changed by someone else. Please reload it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes, Accept' })).toBeEnabled();
  });
});
