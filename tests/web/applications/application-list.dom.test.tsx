import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { userEvent as user } from 'storybook/test';
import { pageWindow } from '../../../src/web/components/pager';
import * as stories from '../../../stories/applications/application-list-view.stories';
import * as landlordStories from '../../../stories/landlords/landlords-list-view.stories';

const { Loading, Loaded, NoApplications, Empty, SupermoderatorFilter, ShiftedTenants } =
  composeStories(stories);
const Landlords = composeStories(landlordStories);

describe('application list view', () => {
  it('shows a loader while loading', () => {
    render(<Loading />);
    expect(screen.getByRole('status', { name: 'Loading applications' })).toBeInTheDocument();
  });

  it('lists the rows with the spec columns, a hidden Logby, and View actions', async () => {
    render(<Loaded />);
    const table = screen.getByRole('table', { name: 'Pending Applications' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Application ID',
      'Tenant Name',
      'Landlord name',
      'Rental Address',
      'Status',
      'Actions',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'View application 1042' }));
    expect(Loaded.args.onView).toHaveBeenCalledWith(expect.objectContaining({ applid: 1042 }));
  });

  it('pages with previous, next and numbered buttons (one-based), from the zero-based page', async () => {
    render(<Loaded />);
    const pager = screen.getByRole('navigation', { name: 'Application list pages' });
    expect(within(pager).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(Loaded.args.onPage).toHaveBeenLastCalledWith(2);
    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(Loaded.args.onPage).toHaveBeenLastCalledWith(0);
    expect(pageWindow(50, 100)).toEqual([47, 48, 49, 50, 51, 52, 53]);
    expect(pageWindow(0, 3)).toEqual([0, 1, 2]);
  });

  it.each([
    ['a failed load', NoApplications],
    ['an empty page', Empty],
  ])("says 'No Applications' for %s, with export disabled", (_name, Story) => {
    render(<Story />);
    expect(screen.getByText('No Applications')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export PDF' })).toBeDisabled();
  });

  it("gives a SUPERMODERATOR the ward filter, and shows 'Shifted On' for shifted tenants", () => {
    const { unmount } = render(<SupermoderatorFilter />);
    expect(
      screen.getByRole('combobox', { name: /^Filter applications by Sub-Localities\/Wards/ }),
    ).toHaveDisplayValue('All Sub-Localities/Wards');
    unmount();
    render(<ShiftedTenants />);
    expect(screen.getByRole('columnheader', { name: 'Shifted On' })).toBeInTheDocument();
    expect(screen.getByText('14-09-2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /View application/ })).toBeNull();
  });

  it('lists landlords with their columns and filter', () => {
    render(<Landlords.SupermoderatorFilter />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Firstname', 'Middlename', 'Lastname', 'Mobile', 'Occupation']);
    expect(screen.getByRole('combobox', { name: /^Filter landlords/ })).toHaveDisplayValue('Nongrim Hills');
  });
});
