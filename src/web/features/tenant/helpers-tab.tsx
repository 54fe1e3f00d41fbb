import { useCallback, useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Table, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { messageOr, SERVER_FALLBACK_MESSAGE } from '../../../../machines/access/failures';
import type { Helper } from '../../../contract/tenants.contract';
import { showSnackbar } from '../../app/snackbar';
import { DocumentViewer } from '../../components/document-viewer';
import { HelperDialog } from './helper-dialog';
import { displayDate, isMemberActive, memberStatus } from './member-status';
import { MemberUploadDialog, type MemberUpload } from './member-upload-dialog';
import { useTenantServices } from './tenant-services';
import { useDocumentView } from './use-document-view';
import { useList } from './use-list';
import { useTenantLookups } from './use-lookups';

export const NO_HELPER_IMAGE = 'No image uploaded!';
export const HELPER_IMAGE_UNREADABLE = 'Invalid Image inputted.';

/** Domestic Helpers: New Helper, the 'Domestic Helpers List', signatures and Remove (public-portal.md). */
export function HelpersTab({ tenantId, onSkip }: { tenantId: number; onSkip: () => void }) {
  const services = useTenantServices();
  const lookups = useTenantLookups();
  const [list, reload] = useList(useCallback(() => services.helpers(tenantId), [services, tenantId]));
  const [adding, setAdding] = useState(false);
  const [upload, setUpload] = useState<MemberUpload | null>(null);
  const viewer = useDocumentView();

  const viewSignature = (helper: Helper) => {
    const signature = helper.documents.find((doc) => doc.doctype === 'SIGNATURE');
    if (!signature) return showSnackbar(NO_HELPER_IMAGE, 'error');
    viewer.open(signature.docid, `Signature of ${helper.memberName}`, HELPER_IMAGE_UNREADABLE);
  };

  const remove = (helper: Helper) =>
    modals.openConfirmModal({
      title: 'Remove helper',
      children: `Are you sure you want to remove ${helper.memberName}?`,
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        void services
          .removeHelper(tenantId, helper.memberCode)
          .then((reply) => showSnackbar(reply.message, 'success'))
          .catch((failure) => showSnackbar(messageOr(failure, SERVER_FALLBACK_MESSAGE), 'error'))
          .finally(reload),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Button onClick={() => setAdding(true)}>New Helper</Button>
        <Button variant="default" onClick={onSkip}>
          Skip
        </Button>
      </Group>
      <Title order={3} fz="md">
        Domestic Helpers List
      </Title>
      {list.status === 'loading' ? <Loader aria-label="Loading helpers" size="sm" /> : null}
      {list.status === 'error' ? <Alert color="red">{list.message}</Alert> : null}
      {list.status === 'loaded' && list.rows.length === 0 ? <Alert color="gray">No helpers</Alert> : null}
      {list.status === 'loaded' && list.rows.length > 0 ? (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sl.No</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Date of Birth</Table.Th>
                <Table.Th>Permanent Address</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Signature</Table.Th>
                <Table.Th>Remove</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.rows.map((helper, index) => (
                <Table.Tr key={helper.memberCode}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>{helper.memberName}</Table.Td>
                  <Table.Td>{displayDate(helper.age)}</Table.Td>
                  <Table.Td>
                    {[
                      helper.permanentAddress.address1,
                      helper.permanentAddress.district.districtName,
                      helper.permanentAddress.pinCode,
                    ]
                      .filter(Boolean)
                      .join(', ')}
                  </Table.Td>
                  <Table.Td>{memberStatus(helper)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => viewSignature(helper)}
                      aria-label={`View signature of ${helper.memberName}`}
                    >
                      View
                    </Button>
                  </Table.Td>
                  <Table.Td>
                    {isMemberActive(helper) ? (
                      <Button
                        size="compact-sm"
                        variant="outline"
                        color="red.9"
                        onClick={() => remove(helper)}
                        aria-label={`Remove ${helper.memberName}`}
                      >
                        Remove
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <HelperDialog
        tenantId={tenantId}
        opened={adding}
        states={lookups.states}
        onClose={() => setAdding(false)}
        onSaved={(memberCode, memberName) => {
          setAdding(false);
          reload();
          setUpload({ memberCode, memberName, ownertype: 'tenanthelper', doctype: 'SIGNATURE' });
        }}
      />
      <MemberUploadDialog upload={upload} onClose={() => setUpload(null)} onUploaded={reload} />
      <DocumentViewer
        opened={viewer.view !== null}
        title={viewer.view?.title ?? ''}
        content={viewer.view?.content ?? { status: 'loading' }}
        onClose={viewer.close}
      />
    </Stack>
  );
}
