import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Timeline.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AnyStateMachine } from 'xstate';
import { STATUS_COLOURS, trackerView } from '../../../../machines/application';
import {
  canDownloadCertificate,
  canRequestOtp,
  canTrack,
  canViewFlow,
  isBusy,
  isDownloadingCertificate,
  isVerified,
  showsCertificateDownload,
  trackerOtpActor,
  trackerOtpNotice,
  type trackerMachine,
} from '../../../../machines/tracker';
import { logoutCitizen } from '../../api/citizen-otp';
import { LandlordOtpFields } from '../../components/landlord-otp-fields';
import { NoticeAlert } from '../../components/notice-alert';
import { StatusBadge } from '../../components/status-badge';
import { trackerLogic } from './tracker.wiring';
import { FlowTimeline } from '../../components/flow-timeline';
import { inspectOptions } from '../../lib/machine-inspector';

export const TRACKER_TITLE = 'Track Application Status';

type TrackerLogic = typeof trackerMachine;

/**
 * The landing page's Track Application Status dialog (docs/tracker.md): Landlord Epic + Get OTP, OTP + Verify,
 * the landlord's applications, Track, View Application Flow, Download Certificate, Reset. Everything shown is read from the tracker
 * machine; `logic` lets stories and tests give it fake calls. Closing it ends the key its OTP bought (`endKey`).
 */
export function TrackerDialog({
  opened,
  onClose,
  logic = trackerLogic,
  endKey = logoutCitizen,
}: {
  opened: boolean;
  onClose: () => void;
  logic?: TrackerLogic | AnyStateMachine;
  /** Ends the key the dialog's OTP bought (POST apikey/logout); stories and tests give a fake. */
  endKey?: () => Promise<void>;
}) {
  const actor = useActorRef(logic as TrackerLogic, inspectOptions());
  const snapshot = useSelector(actor, (s) => s);
  const otpActor = trackerOtpActor(snapshot);
  const otpSnapshot = useSelector(otpActor, (s) => s);
  const { epic, applications, applid, result, flow, notice } = snapshot.context;
  const shownNotice = notice ?? trackerOtpNotice(otpSnapshot?.context.notice ?? null);
  const verified = isVerified(snapshot);
  const busy = isBusy(snapshot);
  const downloadingCertificate = isDownloadingCertificate(snapshot);
  const close = () => {
    // Nothing stays signed in behind a closed dialog: the key ends on the server too.
    if (actor.getSnapshot().context.key !== null) void endKey();
    actor.send({ type: 'reset' });
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={TRACKER_TITLE}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <LandlordOtpFields
          epic={epic}
          onEpicChange={(value) => actor.send({ type: 'epic.change', value })}
          canRequest={canRequestOtp(snapshot)}
          onRequest={() => actor.send({ type: 'otp.request' })}
          otpActor={otpActor}
          verified={verified}
        />
        {verified ? (
          <Select
            label="Application"
            placeholder={applications.length ? 'Choose an application' : 'No applications'}
            data={applications.map((a) => ({ value: String(a.applid), label: `${a.applid}: ${a.status}` }))}
            value={applid === null ? null : String(applid)}
            disabled={applications.length === 0}
            onChange={(value) =>
              actor.send({ type: 'application.select', applid: value ? Number(value) : null })
            }
            comboboxProps={{ withinPortal: false }}
          />
        ) : null}
        <NoticeAlert notice={shownNotice} />
        {result ? (
          <TrackingResult result={result}>
            {showsCertificateDownload(snapshot) ? (
              <Group>
                <Button
                  variant="outline"
                  loading={downloadingCertificate}
                  disabled={!canDownloadCertificate(snapshot)}
                  onClick={() => actor.send({ type: 'certificate.download' })}
                >
                  Download Certificate
                </Button>
              </Group>
            ) : null}
          </TrackingResult>
        ) : null}
        {flow ? (
          <Stack gap="xs">
            <Text fw={600}>Application Flow</Text>
            <FlowTimeline flow={flow} />
            <Group>
              <Button variant="subtle" onClick={() => actor.send({ type: 'flow.close' })}>
                Hide Application Flow
              </Button>
            </Group>
          </Stack>
        ) : null}
        <Group justify="flex-end" gap="xs" wrap="wrap">
          <Button variant="default" onClick={() => actor.send({ type: 'reset' })}>
            Reset
          </Button>
          <Button
            variant="outline"
            disabled={!canViewFlow(snapshot)}
            onClick={() => actor.send({ type: 'flow.view' })}
          >
            View Application Flow
          </Button>
          <Button
            loading={busy && verified && !downloadingCertificate}
            disabled={!canTrack(snapshot)}
            onClick={() => actor.send({ type: 'track' })}
          >
            Track
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function TrackingResult({
  result,
  children,
}: {
  result: NonNullable<ReturnType<TrackerLogic['getInitialSnapshot']>['context']['result']>;
  /** Actions on this result (Download Certificate). */
  children?: ReactNode;
}) {
  const view = trackerView(result.applStatus);
  return (
    <Stack gap="xs" aria-label="Tracking result">
      <Table variant="vertical" withTableBorder>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w="40%">Landlord Name</Table.Th>
            <Table.Td>{result.landlordName}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Tenant Name</Table.Th>
            <Table.Td>{result.tenantName}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Rental Unit Address</Table.Th>
            <Table.Td>{result.rentalUnitAddress}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Status</Table.Th>
            <Table.Td>
              <StatusBadge status={result.applStatus} label={view.message} />
            </Table.Td>
          </Table.Tr>
          {result.holderLabel ? (
            <Table.Tr>
              <Table.Th>With</Table.Th>
              <Table.Td>
                <Text fz="sm">
                  {result.holderLabel} for {result.heldDays} {result.heldDays === 1 ? 'day' : 'days'} (service
                  limit {result.serviceDays} days)
                </Text>
                {result.overdue ? (
                  <Text fz="sm" fw={600} c={STATUS_COLOURS.red.hex}>
                    Beyond the service limit
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
      {children}
    </Stack>
  );
}
