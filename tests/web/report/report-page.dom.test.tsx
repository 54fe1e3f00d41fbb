import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { composeStories } from '@storybook/react-vite';
import * as stories from '../../../stories/report/report-page.stories';
import { REPORT_FORM_MESSAGES, reportFormErrors } from '../../../src/web/features/report/report-form';

// Every report story is rendered and played (its play function holds the state's checks), then paging and the
// form's date rules.

const all = composeStories(stories);

describe('report stories', () => {
  it.each(Object.entries(all))('%s', async (_name, Story) => {
    render(<Story />);
    await Story.play?.();
    expect(screen.getByRole('heading', { name: 'Application Report' })).toBeInTheDocument();
  });
});

describe('the report screen', () => {
  it('turns to page 3: rows 21 to 25, numbered through the whole result', async () => {
    const { Results } = all;
    render(<Results />);
    await userEvent.click(await screen.findByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(6));
    const cells = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0].textContent);
    expect(cells).toEqual(['21', '22', '23', '24', '25']);
  });

  it('holds the date rules: end not before start, nothing after today', () => {
    const base = {
      policeStation: 'PS1701001',
      locality: null,
      localAuthority: null,
      statuscode: 'PLVP' as const,
    };
    expect(
      reportFormErrors({ ...base, startDate: '2026-03-02', endDate: '2026-03-01' }, true, '2026-11-24'),
    ).toEqual({
      endDate: REPORT_FORM_MESSAGES.endBeforeStart,
    });
    expect(
      reportFormErrors({ ...base, startDate: '2026-11-24', endDate: '2026-11-25' }, true, '2026-11-24'),
    ).toEqual({
      endDate: REPORT_FORM_MESSAGES.afterToday,
    });
    expect(
      reportFormErrors({ ...base, startDate: '2026-11-24', endDate: '2026-11-24' }, true, '2026-11-24'),
    ).toEqual({});
    expect(
      reportFormErrors(
        { ...base, policeStation: null, startDate: '2026-01-01', endDate: '2026-01-02' },
        false,
        '2026-11-24',
      ),
    ).toEqual({});
  });
});
