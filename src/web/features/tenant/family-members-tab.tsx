import { useCallback, useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Table, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { messageOr, SERVER_FALLBACK_MESSAGE } from '../../../../machines/access/failures';
import type { FamilyMember } from '../../../contract/tenants.contract';
import { showSnackbar } from '../../app/snackbar';
import { DocumentViewer } from '../../components/document-viewer';
import { FamilyMemberDialog } from './family-member-dialog';
import { displayDate, isMemberActive, memberStatus } from './member-status';
import { MemberUploadDialog, type MemberUpload } from './member-upload-dialog';
import { useTenantServices } from './tenant-services';
import { useDocumentView } from './use-document-view';
import { useList } from './use-list';
import { useTenantLookups } from './use-lookups';

export const NO_FAMILY_PHOTO = 'No Photo Uploaded For This Member!';
export const FAMILY_PHOTO_UNREADABLE = 'Please re-upload photograph!';

/** Family Members: New Family Member, the list (Active or 'Left on'), photos and Remove (public-portal.md). */
export function FamilyMembersTab({ tenantId, onSkip }: { tenantId: number; onSkip: () => void }) {
  const services = useTenantServices();
  const lookups = useTenantLookups();
  const [list, reload] = useList(useCallback(() => services.familyMembers(tenantId), [services, tenantId]));
  const [adding, setAdding] = useState(false);
  const [upload, setUpload] = useState<MemberUpload | null>(null);
  const viewer = useDocumentView();

  const viewPhoto = (member: FamilyMember) => {
    const photo = member.documents.find((doc) => doc.doctype === 'PHOTO');
    if (!photo) return showSnackbar(NO_FAMILY_PHOTO, 'error');
    viewer.open(photo.docid, `Photo of ${member.memberName}`, FAMILY_PHOTO_UNREADABLE);
  };

  const remove = (member: FamilyMember) =>
    modals.openConfirmModal({
      title: 'Remove family member',
      children: `Are you sure you want to remove ${member.memberName}?`,
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        void services
          .removeFamilyMember(tenantId, member.memberCode)
          .then((reply) => showSnackbar(reply.message, 'success'))
          .catch((failure) => showSnackbar(messageOr(failure, SERVER_FALLBACK_MESSAGE), 'error'))
          .finally(reload),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Button onClick={() => setAdding(true)}>New Family Member</Button>
        <Button variant="default" onClick={onSkip}>
          Skip
        </Button>
      </Group>
      <Title order={3} fz="md">
        Family Members List
      </Title>
      {list.status === 'loading' ? <Loader aria-label="Loading family members" size="sm" /> : null}
      {list.status === 'error' ? <Alert color="red">{list.message}</Alert> : null}
      {list.status === 'loaded' && list.rows.length === 0 ? (
        <Alert color="gray">No family members</Alert>
      ) : null}
      {list.status === 'loaded' && list.rows.length > 0 ? (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sl.No</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Relationship</Table.Th>
                <Table.Th>Occupation</Table.Th>
                <Table.Th>Date of Birth</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Photo</Table.Th>
                <Table.Th>Remove</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.rows.map((member, index) => (
                <Table.Tr key={member.memberCode}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>{member.memberName}</Table.Td>
                  <Table.Td>{member.relationship}</Table.Td>
                  <Table.Td>{member.occupation}</Table.Td>
                  <Table.Td>{displayDate(member.age)}</Table.Td>
                  <Table.Td>{memberStatus(member)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => viewPhoto(member)}
                      aria-label={`View photo of ${member.memberName}`}
                    >
                      View
                    </Button>
                  </Table.Td>
                  <Table.Td>
                    {isMemberActive(member) ? (
                      <Button
                        size="compact-sm"
                        variant="outline"
                        color="red.9"
                        onClick={() => remove(member)}
                        aria-label={`Remove ${member.memberName}`}
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
      <FamilyMemberDialog
        tenantId={tenantId}
        opened={adding}
        occupations={lookups.occupations}
        relationships={lookups.relationships}
        onClose={() => setAdding(false)}
        onSaved={(memberCode, memberName) => {
          setAdding(false);
          reload();
          setUpload({ memberCode, memberName, ownertype: 'tenantfamily', doctype: 'PHOTO' });
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
