import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as dialogStories from '../../../stories/clearance/clearance-dialog.stories';
import * as tabStories from '../../../stories/clearance/clearance-tab.stories';

// Every clearance story is rendered and played: its play function holds the state's checks.

describe('clearance dialog stories', () => {
  it.each(Object.entries(composeStories(dialogStories)))('%s', async (_name, Story) => {
    render(<Story />);
    await Story.play?.();
    expect(screen.getByRole('dialog', { name: 'CLEARANCE APPLICATION' })).toBeInTheDocument();
  });
});

describe('clearance tab stories', () => {
  it.each(Object.entries(composeStories(tabStories)))('%s', async (_name, Story) => {
    render(<Story />);
    await Story.play?.();
  });
});
