import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { REPORT_MESSAGES } from '../../machines/report';
import { REPORT_FORM_MESSAGES } from '../../src/web/features/report/report-form';
import { ReportStory, VERIFIER } from './report-fakes';

/** The Application Report (/app/report), in each state of the report machine. */
const meta = {
  title: 'Report/Application Report',
  component: ReportStory,
} satisfies Meta<typeof ReportStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const submit = () => screen.getByRole('button', { name: 'SUBMIT' });

/** editing (supervisor): SUBMIT with nothing chosen names every missing field. */
export const Editing: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'SUBMIT' }));
    await expect(await screen.findByText(REPORT_FORM_MESSAGES.statuscode)).toBeVisible();
    await expect(screen.getByText(REPORT_FORM_MESSAGES.policeStation)).toBeVisible();
    await expect(screen.getByText(REPORT_FORM_MESSAGES.startDate)).toBeVisible();
    await expect(screen.getByText(REPORT_FORM_MESSAGES.endDate)).toBeVisible();
  },
};

/** editing (verifier): its district is the report's; no police station, locality or ward pickers. */
export const VerifierEditing: Story = {
  args: { viewer: VERIFIER },
  play: async () => {
    await expect(await screen.findByText('Start Date')).toBeVisible();
    await expect(screen.queryByText('Police Station')).toBeNull();
  },
};

/** loading: the first page is on its way; SUBMIT shows it is busy. */
export const Loading: Story = {
  args: { start: 'submitted', fakes: { report: 'never' } },
  play: async () => {
    await waitFor(() => expect(submit()).toHaveAttribute('data-loading'));
  },
};

/** results: 'Found 25 application(s) !', the first page of ten rows, three pages, Export PDF. */
export const Results: Story = {
  args: { start: 'submitted' },
  play: async () => {
    await expect(await screen.findByText(REPORT_MESSAGES.found(25))).toBeVisible();
    await expect(screen.getAllByRole('row')).toHaveLength(11);
    await expect(screen.getByRole('button', { name: 'Page 3' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Export PDF' })).toBeEnabled();
  },
};

/** empty: 'No applications found!' and the table's 'No Applications Found'. */
export const Empty: Story = {
  args: { start: 'submitted', fakes: { report: 0 } },
  play: async () => {
    await expect(await screen.findByText(REPORT_MESSAGES.noneFound)).toBeVisible();
    await expect(screen.getByText(REPORT_MESSAGES.emptyTable)).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Export PDF' })).toBeDisabled();
  },
};

/** failed: the server's reason (here a refusal outside the caller's jurisdiction). */
export const Failed: Story = {
  args: {
    start: 'submitted',
    fakes: {
      report: { status: 403, message: 'You may only report on applications of your own jurisdiction.' },
    },
  },
  play: async () => {
    await expect(
      await screen.findByText('You may only report on applications of your own jurisdiction.'),
    ).toBeVisible();
  },
};

/** exporting: the PDF of all 25 rows is being made; SUBMIT and Export PDF wait, the table stays. */
export const Exporting: Story = {
  args: { start: 'exporting' },
  play: async () => {
    await expect(await screen.findByText(/Making the PDF of all 25 application/)).toBeVisible();
    await expect(submit()).toBeDisabled();
    await expect(screen.getAllByRole('row')).toHaveLength(11);
  },
};

/** results after an export: the download is confirmed. */
export const Exported: Story = {
  args: { start: 'exporting', fakes: { exportPdf: 'ok' } },
  play: async () => {
    await expect(await screen.findByText(REPORT_MESSAGES.exported(25))).toBeVisible();
  },
};
