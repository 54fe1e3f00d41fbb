import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { EventExportStory, csvExport } from './event-export-fakes';

/** The event-log export panel (issue 12 part 3), in each state of its machine, against a fake streaming server. */
const meta = {
  title: 'Workflows/Event-log export',
  component: EventExportStory,
} satisfies Meta<typeof EventExportStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const FILE = 'mrss-events-1701-2026-01-01-to-2026-12-31.csv';
const LOG = csvExport(81);
/** Where the 41st event line starts: the fake stalls there, 40 events in. */
const AFTER_40 = new TextEncoder().encode(LOG.split('\r\n').slice(0, 41).join('\r\n') + '\r\n').length;

const download = async () =>
  userEvent.click(await screen.findByRole('button', { name: 'Download event log' }));

/** idle: the three formats, each with what it is for, and the Download button. */
export const Idle: Story = {
  play: async () => {
    await expect(await screen.findByRole('radio', { name: /^CSV/ })).toBeChecked();
    await expect(screen.getByRole('radio', { name: /^XES/ })).toBeEnabled();
    await expect(screen.getByRole('radio', { name: /^OCEL 2\.0 JSON/ })).toBeEnabled();
    await expect(screen.getByText(/For process-mining tools/)).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Download event log' })).toBeEnabled();
    await expect(screen.queryByRole('progressbar')).toBeNull();
  },
};

/** exporting: 40 of the 81 events have arrived; the bar, the numbers and Cancel; the formats wait. */
export const Exporting: Story = {
  args: { fake: { body: LOG, stallAfterBytes: AFTER_40, chunkBytes: 97 } },
  play: async () => {
    await download();
    await expect(await screen.findByText(/^40 of 81 events \(49 %\), .* received$/)).toBeVisible();
    await expect(screen.getByRole('progressbar', { name: 'Events received' })).toHaveAttribute(
      'aria-valuenow',
      '49',
    );
    await expect(screen.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(screen.getByRole('radio', { name: /^XES/ })).toBeDisabled();
  },
};

/** done: the bar full, the file's name (area and period), its events and size. */
export const Done: Story = {
  args: { fake: { body: LOG } },
  play: async () => {
    await download();
    await expect(await screen.findByText('Event log saved')).toBeVisible();
    await expect(
      screen.getByText(new RegExp(`^${FILE}: 81 events, .*, handed to the browser`)),
    ).toBeVisible();
    await expect(screen.getByRole('progressbar', { name: 'Events received' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
  },
};

/** empty: a whole log with no event; it says so. */
export const Empty: Story = {
  args: { fake: { body: csvExport(0), total: 0 } },
  play: async () => {
    await download();
    await expect(await screen.findByText('No events in this period')).toBeVisible();
  },
};

/** failed: the server's refusal, word for word, and Try again. */
export const Failed: Story = {
  args: {
    fake: {
      refusal: { status: 403, message: 'You may only report on applications of your own jurisdiction.' },
    },
  },
  play: async () => {
    await download();
    const alert = await screen.findByRole('alert');
    await expect(alert).toHaveTextContent('You may only report on applications of your own jurisdiction.');
    await expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** cancelled: stopped midway; nothing saved, Download offered again. */
export const Cancelled: Story = {
  args: { fake: { body: LOG, stallAfterBytes: AFTER_40 } },
  play: async () => {
    await download();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(await screen.findByText('Download cancelled')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download event log' })).toBeEnabled());
  },
};

/** a 360 px phone, midway: the bar, the numbers and Cancel fit the width; the formats' lines wrap. */
export const Phone: Story = {
  args: { width: 360, fake: { body: LOG, stallAfterBytes: AFTER_40 } },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async () => {
    await download();
    await expect(await screen.findByText(/^40 of 81 events \(49 %\)/)).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Cancel' })).toBeVisible();
  },
};
