import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { fn, userEvent } from 'storybook/test';
import { formatLogTime } from '../../../src/web/features/log-records/log-records-table';
import * as stories from '../../../stories/log-records/log-records-page.stories';
import { callsOf } from '../../support/fake-calls';

const all = composeStories(stories);

describe('Log Records stories', () => {
  it.each(Object.entries(all))('%s plays to its state', async (_name, Story) => {
    render(<Story />);
    await Story.play?.();
  });
});

describe('the Log Records page', () => {
  it('sends the filter as typed, from page 0, and refuses a reversed date range in the browser', async () => {
    const onCall = fn();
    render(<all.Records log={{ onCall }} />);
    await screen.findByRole('table', { name: 'Log records' });
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await userEvent.type(screen.getByLabelText('User'), '  verifier ');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-21');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-20');
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    expect(screen.getByText('the end date must not be before the start date.')).toBeVisible();
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '2026-11-22');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(callsOf(onCall, 'page').at(-1)).toEqual([
        { username: 'verifier', from: '2026-11-21', to: '2026-11-22', page: '0' },
      ]),
    );
    expect(callsOf(onCall, 'page')).toContainEqual([{ page: '1' }]);
  });

  it('shows times in India, day first', () => {
    expect(formatLogTime('2026-11-20T23:30:05.000Z')).toBe('21-11-2026 05:00:05');
  });
});
