import { afterEach, describe, expect, it } from 'vitest';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { fn, userEvent as user } from 'storybook/test';
import * as stories from '../../../stories/landlord-office/rental-units-list.stories';

const composed = composeStories(stories);
const { RowsForModerator, RowsWithoutVacancyPath } = composed;

async function show(Story: { (): React.ReactElement; play?: () => Promise<void> }) {
  render(<Story />);
  await Story.play?.();
}

afterEach(() => notifications.clean());

const table = () => screen.findByRole('table', { name: 'Rental Units' });

describe('officials’ Rental Units list', () => {
  it.each(Object.entries(composed))('plays the %s story', async (_name, Story) => {
    await show(Story);
  });

  it('enables Update Status only for occupied units and marks one vacant after Yes', async () => {
    const onCall = fn();
    render(<RowsForModerator services={{ onCall }} />);
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    // Unit 1 is occupied (i % 3 === 0), unit 2 vacant.
    const update = (row: HTMLElement) => within(row).getByRole('button', { name: /^Update Status/ });
    expect(update(rows[0])).toBeEnabled();
    expect(update(rows[1])).toBeDisabled();
    await user.click(update(rows[0]));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onCall).toHaveBeenCalledWith('markVacant', '12', 'RU000000001'));
    expect(await screen.findByText('Successfully Updated!')).toBeInTheDocument();
    await waitFor(async () => expect(update(within(await table()).getAllByRole('row')[1])).toBeDisabled());
  });

  it('pages: Sl.No continues on page 2, and the search asks from page 0 with the text', async () => {
    const onList = fn();
    render(<RowsForModerator services={{ onList }} />);
    await table();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(onList).toHaveBeenLastCalledWith({ page: 1, q: undefined }));
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getAllByRole('cell')[0]).toHaveTextContent('11');
    await user.type(
      screen.getByLabelText('Landlord EPIC Number, house number or address'),
      '3 Laitumkhrah{Enter}',
    );
    await waitFor(() => expect(onList).toHaveBeenLastCalledWith({ page: 0, q: '3 Laitumkhrah' }));
    expect(within(await table()).getAllByRole('row')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(onList).toHaveBeenLastCalledWith({ page: 0, q: undefined }));
  });

  it('edits a unit through the Rental Unit dialog with the unit’s landlord', async () => {
    const onCall = fn();
    render(<RowsWithoutVacancyPath services={{ onCall }} />);
    const [first] = within(await table()).getAllByRole('button', { name: /^Edit/ });
    await user.click(first);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Rental Unit' });
    const line = within(dialog).getByLabelText(/^Address Line 1/);
    await user.clear(line);
    await user.type(line, 'Upper Shillong');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(onCall).toHaveBeenCalledWith(
        'editRentalUnit',
        'RU000000001',
        expect.objectContaining({ address1: 'Upper Shillong', landlordId: 12 }),
      ),
    );
  });
});
