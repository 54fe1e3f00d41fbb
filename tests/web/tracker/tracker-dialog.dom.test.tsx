import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { composeStories } from '@storybook/react-vite';
import { STATUS_COLOURS } from '../../../machines/application';
import * as stories from '../../../stories/tracker/tracker-dialog.stories';
import { TRACKER_EPIC, TRACKER_OTP, fakeTrackerLogic } from '../../../stories/tracker/tracker-fakes';
import { AppProviders } from '../../../src/web/app/providers';
import { TrackerDialog } from '../../../src/web/features/tracker/tracker-dialog';

// Every tracker story is rendered and played (its play function holds the state's checks), and the status colours
// are the spec's: amber pending, green approved, red rejected.

const all = composeStories(stories);

describe('tracker dialog stories', () => {
  it.each(Object.entries(all))('%s', async (_name, Story) => {
    render(<Story />);
    await Story.play?.();
    expect(screen.getByRole('dialog', { name: 'Track Application Status' })).toBeInTheDocument();
  });

  it.each([
    ['PendingAtWard', 'Application is pending at Sub-Locality/Wards.', STATUS_COLOURS.amber.hex],
    ['Approved', 'Application has been approved.', STATUS_COLOURS.green.hex],
    ['Rejected', 'Application has been rejected.', STATUS_COLOURS.red.hex],
  ] as const)('%s shows its status in its colour', async (name, words, hex) => {
    const Story = all[name];
    render(<Story />);
    await Story.play?.();
    const badge = (await screen.findByText(words)).closest('.mantine-Badge-root') as HTMLElement;
    expect(badge.outerHTML.toLowerCase()).toContain(hex.toLowerCase());
  });
});

describe('closing the tracker', () => {
  it('ends the key its OTP bought; before any OTP was verified there is none to end', async () => {
    const endKey = vi.fn(() => Promise.resolve());
    const close = () => userEvent.click(screen.getByRole('button', { name: 'Close' }));
    render(
      <AppProviders>
        <TrackerDialog opened onClose={() => {}} logic={fakeTrackerLogic({})} endKey={endKey} />
      </AppProviders>,
    );
    await userEvent.type(await screen.findByLabelText('Landlord Epic'), TRACKER_EPIC);
    await close();
    expect(endKey).not.toHaveBeenCalled();

    await userEvent.type(await screen.findByLabelText('Landlord Epic'), TRACKER_EPIC);
    await userEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    await waitFor(() => expect(screen.getByLabelText('OTP')).toBeEnabled());
    await userEvent.type(screen.getByLabelText('OTP'), TRACKER_OTP);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('combobox', { name: 'Application' });
    await close();
    expect(endKey).toHaveBeenCalledTimes(1);
    expect(await screen.findByLabelText('Landlord Epic')).toHaveValue('');
  });
});
