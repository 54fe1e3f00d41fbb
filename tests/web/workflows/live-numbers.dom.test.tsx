import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { userEvent } from 'storybook/test';
import type { LifecycleRequest } from '../../../src/contract/insights.contract';
import { AppProviders } from '../../../src/web/app/providers';
import { DISTRICT_YEAR, fakeInsightsApi } from '../../../stories/workflows/lifecycle-insights-fixtures';
import { LiveNumbersStory } from '../../../stories/workflows/live-numbers-story';
import { pendingLayout } from '../../../stories/workflows/workflows-story';
import * as stories from '../../../stories/workflows/live-numbers.stories';
import { playEveryStory } from '../../support/play-stories';

// The live view's stories, each played to its state in jsdom; then the filter bar's choices -> the request.
playEveryStory('live numbers stories', composeStories(stories));

describe('the filter bar', () => {
  it('asks again for the chosen place and limit, and keeps the verifier in its district', async () => {
    const requests: LifecycleRequest[] = [];
    render(
      <AppProviders>
        <LiveNumbersStory api={fakeInsightsApi(DISTRICT_YEAR, requests)} layout={pendingLayout} />
      </AppProviders>,
    );
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({ from: '2025-04-01', to: '2026-03-31', serviceLimitDays: 15 });
    expect(screen.getByText('Your district (1701)')).toBeVisible();

    await userEvent.click(screen.getByRole('combobox', { name: 'Police Station' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sadar', hidden: true }));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ stationCode: 'PS1701001' }));

    const limit = screen.getByRole('textbox', { name: 'Service limit (days)' });
    await userEvent.clear(limit);
    // An empty limit stays in the field with its message; the address and the numbers keep the last good one.
    expect(await screen.findByText('Give a whole number of days from 1 to 365.')).toBeVisible();
    expect(limit).toHaveValue('');
    expect(requests.every((request) => Number.isInteger(request.serviceLimitDays))).toBe(true);
    await userEvent.type(limit, '30');
    await waitFor(() =>
      expect(requests.at(-1)).toEqual({
        from: '2025-04-01',
        to: '2026-03-31',
        serviceLimitDays: 30,
        stationCode: 'PS1701001',
      }),
    );
  });
});
