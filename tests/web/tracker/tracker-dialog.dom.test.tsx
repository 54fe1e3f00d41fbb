import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { STATUS_COLOURS } from '../../../machines/application';
import * as stories from '../../../stories/tracker/tracker-dialog.stories';

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
