import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { NO_LOG_RECORDS } from '../../src/contract/log-records.contract';
import { LogRecordsPageWithFakes } from './log-records-fakes';

/** Log Records (/app/log-records, ADMIN): the table, its filter and paging, and the tamper check, over fake calls. */
const meta = {
  title: 'Log records/Log Records',
  component: LogRecordsPageWithFakes,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof LogRecordsPageWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

const table = () => screen.findByRole('table', { name: 'Log records' });
const bodyRows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1);

/** The records are on their way; so is the chain check. */
export const Loading: Story = {
  args: { log: { records: 'pending', chain: 'pending' } },
  play: async () => {
    await expect(await screen.findByText('Loading log records…')).toBeVisible();
    await expect(screen.getByText('Checking every record against the chain…')).toBeVisible();
  },
};

/** The first page: twenty records sorted by id, and the pager. */
export const Records: Story = {
  play: async () => {
    await expect(await bodyRows()).toHaveLength(20);
    await expect(screen.getByText('47 record(s), page 1 of 3')).toBeVisible();
    await expect(screen.getByRole('navigation', { name: 'Log records pages' })).toBeVisible();
  },
};

/** Page 3 holds the last seven. */
export const LastPage: Story = {
  play: async () => {
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(async () => expect(await bodyRows()).toHaveLength(7));
  },
};

/** Nothing matches: the spec's words. */
export const Empty: Story = {
  args: { log: { records: 'none' } },
  play: async () => {
    await expect(await screen.findByText(NO_LOG_RECORDS)).toBeVisible();
  },
};

/** The records could not be loaded: the server's message and a way to try again. */
export const Failed: Story = {
  args: { log: { records: 'fails' } },
  play: async () => {
    const alert = await screen.findByRole('alert');
    await expect(alert).toHaveTextContent('Server Issue. Please try again later!');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Filtered by user and kind: only the moderator's workflow steps. */
export const Filtered: Story = {
  play: async () => {
    await table();
    await userEvent.type(screen.getByLabelText('User'), 'Moderator');
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Workflow step', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByText(/record\(s\), page 1 of 1/)).toBeVisible());
    for (const row of await bodyRows()) await expect(row).toHaveAttribute('data-kind', 'workflow');
  },
};

/** The chain is intact: how many records were checked, and the head to note. */
export const ChainIntact: Story = {
  play: async () => {
    const status = await screen.findByText('The log is intact');
    await expect(status).toBeVisible();
    await expect(screen.getByText(/1000047 sealed record\(s\) checked/)).toBeVisible();
  },
};

/** The chain breaks at record 1017: the record, its place, and that everything before it is intact. */
export const ChainBroken: Story = {
  args: { log: { chain: 'broken' } },
  play: async () => {
    await expect(await screen.findByText('The log has been tampered with')).toBeVisible();
    await expect(screen.getByText(/Record 1017, place 1017 in the chain/)).toBeVisible();
  },
};

/** The server is still walking the chain: the page asks again until it has a report. */
export const ChainChecking: Story = {
  args: { log: { chain: 'running' } },
  play: async () => {
    await table();
    await waitFor(() => expect(screen.getByText('Checking every record against the chain…')).toBeVisible());
    await expect(screen.getByRole('button', { name: 'Check again' })).toBeDisabled();
  },
};

/** The check itself failed. */
export const ChainCheckFailed: Story = {
  args: { log: { chain: 'fails' } },
  play: async () => {
    await expect(await screen.findByText('The chain could not be checked')).toBeVisible();
  },
};
