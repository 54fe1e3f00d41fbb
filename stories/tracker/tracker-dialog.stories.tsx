import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { TrackerDialog } from '../../src/web/features/tracker/tracker-dialog';
import {
  TRACKER_EPIC,
  TRACKER_OTP,
  certifiedResult,
  fakeTrackerLogic,
  trackedAs,
  type TrackerFakes,
} from './tracker-fakes';

function TrackerWithFakes({ fakes = {} }: { fakes?: TrackerFakes }) {
  return (
    <TrackerDialog
      opened
      onClose={() => {}}
      logic={fakeTrackerLogic(fakes)}
      endKey={() => Promise.resolve()}
    />
  );
}

/** The landing page's Track Application Status dialog, in each state of the tracker machine. */
const meta = {
  title: 'Tracker/Dialog',
  component: TrackerWithFakes,
} satisfies Meta<typeof TrackerWithFakes>;

export default meta;
type Story = StoryObj<typeof meta>;

const button = (name: string) => screen.getByRole('button', { name });
const epicField = () => screen.findByLabelText('Landlord Epic');

async function verify() {
  await userEvent.type(await epicField(), TRACKER_EPIC.toLowerCase());
  await userEvent.click(button('Get OTP'));
  await waitFor(() => expect(screen.getByLabelText('OTP')).toBeEnabled());
  await userEvent.type(screen.getByLabelText('OTP'), TRACKER_OTP);
  await userEvent.click(button('Verify'));
}

async function trackFirst() {
  await verify();
  await userEvent.click(await screen.findByRole('combobox', { name: 'Application' }));
  await userEvent.click(await screen.findByRole('option', { name: /^101/, hidden: true }));
  await userEvent.click(button('Track'));
}

/** enteringEpic: Get OTP waits for 8 characters; Track and View Application Flow are disabled. */
export const Empty: Story = {
  play: async () => {
    await userEvent.type(await epicField(), 'abc1234');
    await expect(button('Get OTP')).toBeDisabled();
    await expect(button('Track')).toBeDisabled();
    await expect(button('View Application Flow')).toBeDisabled();
  },
};

/** otp: the code was sent; the OTP field is open with its countdown. */
export const CodeSent: Story = {
  play: async () => {
    await userEvent.type(await epicField(), TRACKER_EPIC);
    await userEvent.click(button('Get OTP'));
    await waitFor(() => expect(screen.getByLabelText('OTP')).toBeEnabled());
  },
};

/** An unknown EPIC: the tracker's words. */
export const UnknownEpic: Story = {
  args: { fakes: { otpRequest: 'unknown' } },
  play: async () => {
    await userEvent.type(await epicField(), TRACKER_EPIC);
    await userEvent.click(button('Get OTP'));
    await expect(await screen.findByText('This landlord epic number does not exist!')).toBeVisible();
  },
};

/** A wrong code: 'Invalid OTP' and the server's advice (the same for every refused code). */
export const WrongOtp: Story = {
  args: { fakes: { otpVerify: 'wrong' } },
  play: async () => {
    await verify();
    await expect(
      await screen.findByText('Invalid OTP. If it keeps failing, please request a new OTP.'),
    ).toBeVisible();
  },
};

/** loadingApplications: the key is held, the list is on its way. */
export const LoadingApplications: Story = {
  args: { fakes: { applications: 'pending' } },
  play: async () => {
    await verify();
    await expect(await screen.findByRole('combobox', { name: 'Application' })).toBeInTheDocument();
  },
};

/** ready.choosing: the landlord's applications in the picker. */
export const Verified: Story = {
  play: async () => {
    await verify();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Application' }));
    await expect(await screen.findByRole('option', { name: /^102/, hidden: true })).toBeInTheDocument();
  },
};

/** noApplications. */
export const NoApplications: Story = {
  args: { fakes: { applications: 'none' } },
  play: async () => {
    await verify();
    await expect(await screen.findByText('No applications were found for this landlord.')).toBeVisible();
  },
};

/** loadFailed: 'Sorry,{server message}'. */
export const ApplicationsFailed: Story = {
  args: { fakes: { applications: 'fail' } },
  play: async () => {
    await verify();
    await expect(await screen.findByText('Sorry,Server Issue. Please try again later!')).toBeVisible();
  },
};

/** ready.tracking: Track is busy. */
export const Tracking: Story = {
  args: { fakes: { track: 'pending' } },
  play: async () => {
    await trackFirst();
    await waitFor(() => expect(button('Track')).toHaveAttribute('data-loading'));
  },
};

/** ready.tracked, pending at the ward: amber, with the holder and its days. */
export const PendingAtWard: Story = {
  play: async () => {
    await trackFirst();
    const result = await screen.findByLabelText('Tracking result');
    await expect(within(result).getByText('Application is pending at Sub-Locality/Wards.')).toBeVisible();
    await expect(within(result).getByText(/Sub-Locality\/Ward for 4 days/)).toBeVisible();
  },
};

/** Pending at the Local Authority and beyond the service limit. */
export const PendingAtLocalityOverdue: Story = {
  args: { fakes: { track: trackedAs('LAVP', { heldDays: 19, overdue: true }) } },
  play: async () => {
    await trackFirst();
    await expect(await screen.findByText('Application is pending at Local Authority.')).toBeVisible();
    await expect(screen.getByText('Beyond the service limit')).toBeVisible();
  },
};

/** Approved, certificate not issued yet: green, and no Download Certificate. */
export const Approved: Story = {
  args: { fakes: { track: trackedAs('PLVP') } },
  play: async () => {
    await trackFirst();
    await expect(await screen.findByText('Application has been approved.')).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'Download Certificate' })).toBeNull();
  },
};

/** ready.tracked, certified: Download Certificate beside the result; once saved it is offered again. */
export const Certified: Story = {
  args: { fakes: { track: certifiedResult } },
  play: async () => {
    await trackFirst();
    const result = await screen.findByLabelText('Tracking result');
    await expect(within(result).getByText(/Police Station for 4 days/)).toBeVisible();
    const download = within(result).getByRole('button', { name: 'Download Certificate' });
    await expect(download).toBeEnabled();
    await userEvent.click(download);
    await waitFor(() => expect(download).not.toHaveAttribute('data-loading'));
    await expect(download).toBeEnabled();
    await expect(screen.queryByText(/^Sorry,/)).toBeNull();
  },
};

/** ready.downloadingCertificate: Download Certificate is busy, Track is not. */
export const DownloadingCertificate: Story = {
  args: { fakes: { track: certifiedResult, certificate: 'pending' } },
  play: async () => {
    await trackFirst();
    await userEvent.click(await screen.findByRole('button', { name: 'Download Certificate' }));
    await waitFor(() => expect(button('Download Certificate')).toHaveAttribute('data-loading'));
    await expect(button('Track')).not.toHaveAttribute('data-loading');
    await expect(button('Track')).toBeDisabled();
  },
};

/** The certificate refused: 'Sorry,{server message}', the result stays. */
export const CertificateFailed: Story = {
  args: { fakes: { track: certifiedResult, certificate: 'fail' } },
  play: async () => {
    await trackFirst();
    await userEvent.click(await screen.findByRole('button', { name: 'Download Certificate' }));
    await expect(
      await screen.findByText('Sorry,No clearance certificate has been issued for this application yet.'),
    ).toBeVisible();
    await expect(screen.getByLabelText('Tracking result')).toBeVisible();
  },
};

/** Rejected: red. */
export const Rejected: Story = {
  args: { fakes: { track: trackedAs('RJT') } },
  play: async () => {
    await trackFirst();
    await expect(await screen.findByText('Application has been rejected.')).toBeVisible();
  },
};

/** Track refused: 'Sorry,{server message}'. */
export const TrackFailed: Story = {
  args: { fakes: { track: 'fail' } },
  play: async () => {
    await trackFirst();
    await expect(
      await screen.findByText('Sorry,This application is not one of your applications.'),
    ).toBeVisible();
  },
};

/** ready.flowShown: the Application Flow timeline under the result. */
export const FlowShown: Story = {
  play: async () => {
    await trackFirst();
    await screen.findByLabelText('Tracking result');
    await userEvent.click(button('View Application Flow'));
    await expect(
      await screen.findByText('Application forwarded to Locality by Sub-Locality/Wards'),
    ).toBeVisible();
  },
};

/** Reset: back to an empty Landlord Epic. */
export const AfterReset: Story = {
  play: async () => {
    await trackFirst();
    await screen.findByLabelText('Tracking result');
    await userEvent.click(button('Reset'));
    await expect(await epicField()).toHaveValue('');
    await expect(screen.queryByLabelText('Tracking result')).toBeNull();
  },
};
