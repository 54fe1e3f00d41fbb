import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Button, Center, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import {
  TENANT_APPLICATION_MESSAGES,
  isApplicationApplied,
  isApplicationPicked,
  isAwaitingOfficeConsent,
  isDownloadingApplication,
  isPanelBusy,
  isSelectionDialogOpen,
} from '../../../../machines/clearance';
import { NoticeAlert } from '../../components/notice-alert';
import type { TenantApplicationActor } from './tenant-applications-actor';
import { TenantApplicationsConsent } from './tenant-applications-consent';
import { TenantApplicationsMembers } from './tenant-applications-members';

export const SELECT_TITLE = 'Select Application You Wish To Apply';

/**
 * "Select Application You Wish To Apply": pick one, the tenant's consent when it is still awaited, its members and
 * helpers, the recommendation, Apply.
 */
export function TenantApplicationsSelect({ actor }: { actor: TenantApplicationActor }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const snapshot = useSelector(actor, (s) => s);
  const { incomplete, application, notice } = snapshot.context;
  const applied = isApplicationApplied(snapshot);
  const reading = snapshot.matches({ selecting: 'readingMembers' });
  const busy = isPanelBusy(snapshot);
  return (
    <Modal
      opened={isSelectionDialogOpen(snapshot)}
      onClose={() => actor.send({ type: 'dialog.close' })}
      title={SELECT_TITLE}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {incomplete.length === 0 ? (
          <Text role="status">{TENANT_APPLICATION_MESSAGES.noIncomplete}</Text>
        ) : (
          <Radio.Group
            label="Application"
            value={application ? String(application.applid) : null}
            onChange={(value) => actor.send({ type: 'application.pick', applid: Number(value) })}
          >
            <Stack gap={6} mt={6}>
              {incomplete.map((row) => (
                <Radio
                  key={row.applid}
                  value={String(row.applid)}
                  disabled={busy || applied}
                  label={`Application ${row.applid}: ${row.tenantname}`}
                  description={row.rentaladdress}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {reading ? (
          <Center h={80} role="status" aria-label="Loading the family members and helpers">
            <Loader size="sm" />
          </Center>
        ) : null}
        {isAwaitingOfficeConsent(snapshot) ? <TenantApplicationsConsent actor={actor} /> : null}
        {application && !applied && !isAwaitingOfficeConsent(snapshot) ? (
          <TenantApplicationsMembers actor={actor} />
        ) : null}
        <NoticeAlert notice={notice} />
        {applied ? (
          <Group>
            <Button
              loading={isDownloadingApplication(snapshot)}
              disabled={!snapshot.can({ type: 'download' })}
              onClick={() => actor.send({ type: 'download' })}
            >
              Download the Complete Application
            </Button>
          </Group>
        ) : null}
        <Group justify="flex-end">
          {isApplicationPicked(snapshot) || snapshot.matches({ selecting: 'applying' }) ? (
            <Button
              loading={snapshot.matches({ selecting: 'applying' })}
              disabled={!snapshot.can({ type: 'apply' })}
              onClick={() => actor.send({ type: 'apply' })}
            >
              Apply
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
