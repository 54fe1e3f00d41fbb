import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { userEvent } from 'storybook/test';
import * as wizardStories from '../../../stories/office-applications/clearance-wizard.stories';
import { APPLIED_ID, KNOWN_TENANT_ID } from '../../../stories/office-applications/clearance-wizard-fakes';
import {
  finished,
  findTenant,
  toTenantStep,
} from '../../../stories/office-applications/clearance-wizard-steps';
import { KNOWN_EPIC } from '../../../stories/landlord-office/office-fakes';

// Every wizard story is rendered and played (its play function holds the state's checks), then the wiring's calls.

afterEach(() => vi.restoreAllMocks());

const stories = composeStories(wizardStories);
/** The wizard in the stories' frame (theme, fakes), with the props a test gives. */
const ClearanceWizardWithFakes = stories.LandlordElectionId;

describe('clearance wizard stories', () => {
  it.each(Object.entries(stories))('%s', async (_name, Story) => {
    render(<Story />);
    await Story.play?.();
  });
});

describe('clearance wizard wiring', () => {
  it('looks a USER’s tenant up through process/user/clearanceTenant, a MODERATOR’s through register/', async () => {
    for (const [role, call] of [
      ['USER', 'clearanceTenant'],
      ['MODERATOR', 'tenantByIdNumber'],
    ] as const) {
      const calls: string[] = [];
      const { unmount } = render(
        <ClearanceWizardWithFakes
          role={role}
          onCall={(name, args) => calls.push(`${name} ${String(args[0])}`)}
        />,
      );
      await findTenant();
      await screen.findByText(/Registration Number 1001/);
      expect(calls).toEqual([`${call} ${KNOWN_TENANT_ID}`]);
      unmount();
    }
  });

  it('downloads the applied application’s complete form as a PDF file', async () => {
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:application';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const calls: unknown[] = [];
    render(<ClearanceWizardWithFakes onCall={(name, args) => calls.push([name, ...args])} />);
    await finished();
    await userEvent.click(screen.getByRole('button', { name: 'Download the Complete Application' }));
    await waitFor(() => expect(clicked).toEqual([`application-${APPLIED_ID}.pdf`]));
    expect(calls.at(-1)).toEqual(['completedApplicationForm', APPLIED_ID]);
    expect(new TextDecoder().decode(await saved[0].arrayBuffer())).toMatch(/^%PDF-/);
  });

  it('Back returns to the landlord, which is looked up again, and Reset empties the EPIC', async () => {
    render(<ClearanceWizardWithFakes />);
    await toTenantStep();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByText(/registration number/);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByLabelText(/^Tenant's ID/);
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByLabelText(/^Landlord Epic Number/)).toHaveValue('');
    await userEvent.type(screen.getByLabelText(/^Landlord Epic Number/), KNOWN_EPIC);
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});
