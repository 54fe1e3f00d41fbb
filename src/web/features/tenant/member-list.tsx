import type { ReactNode } from 'react';
import { Alert, Button, Group, Loader, Stack, Table, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { messageOr, SERVER_FALLBACK_MESSAGE } from '../../../../machines/access/failures';
import { showFormSnackbar } from '../../app/snackbar';
import { DocumentViewer } from '../../components/document-viewer';
import { displayDate, isMemberActive, memberStatus } from './member-status';
import { useDocumentView } from './use-document-view';
import type { ListState } from './use-list';

/** What the family members' and the helpers' lists share: a person of the tenant's household with one document. */
export interface MemberRow {
  memberCode: number;
  memberName: string;
  age: string | null;
  leftOn: string | null;
  active?: boolean | null;
  documents: { docid: number; doctype: string }[];
}

/** How one kind of member is listed (public-portal.md "Family Members page", "Domestic Helpers page"). */
export interface MemberListKind<T extends MemberRow> {
  newLabel: string;
  title: string;
  /** Plural noun for the loader and the confirmation title ('family members', 'helpers'). */
  noun: string;
  removeTitle: string;
  emptyText: string;
  /** The member's own columns between Name and Date of Birth. */
  columns: { header: string; cell: (row: T) => ReactNode }[];
  document: { doctype: string; header: string; noun: string; missing: string; unreadable: string };
  remove: (memberCode: number) => Promise<{ message: string }>;
}

/**
 * New button, Skip, the list (Active or 'Left on {date}'), the View of the member's photo or signature ('No Photo
 * Uploaded For This Member!' / 'No image uploaded!' when there is none) and Remove after a confirmation.
 */
export function MemberList<T extends MemberRow>({
  kind,
  list,
  reload,
  onNew,
  onSkip,
  children,
}: {
  kind: MemberListKind<T>;
  list: ListState<T>;
  reload: () => void;
  onNew: () => void;
  onSkip: () => void;
  /** The kind's own dialogs (new member, upload). */
  children: ReactNode;
}) {
  const viewer = useDocumentView();
  const { document } = kind;

  const view = (member: T) => {
    const found = member.documents.find((doc) => doc.doctype === document.doctype);
    if (!found) return showFormSnackbar(document.missing, 'error');
    viewer.open(found.docid, `${document.header} of ${member.memberName}`, document.unreadable);
  };

  const remove = (member: T) =>
    modals.openConfirmModal({
      title: kind.removeTitle,
      children: `Are you sure you want to remove ${member.memberName}?`,
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        void kind
          .remove(member.memberCode)
          .then((reply) => showFormSnackbar(reply.message, 'success'))
          .catch((failure) => showFormSnackbar(messageOr(failure, SERVER_FALLBACK_MESSAGE), 'error'))
          .finally(reload),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Button onClick={onNew}>{kind.newLabel}</Button>
        <Button variant="default" onClick={onSkip}>
          Skip
        </Button>
      </Group>
      <Title order={3} fz="md">
        {kind.title}
      </Title>
      {list.status === 'loading' ? <Loader aria-label={`Loading ${kind.noun}`} size="sm" /> : null}
      {list.status === 'error' ? <Alert color="red">{list.message}</Alert> : null}
      {list.status === 'loaded' && list.rows.length === 0 ? (
        <Alert color="gray">{kind.emptyText}</Alert>
      ) : null}
      {list.status === 'loaded' && list.rows.length > 0 ? (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sl.No</Table.Th>
                <Table.Th>Name</Table.Th>
                {kind.columns.map((column) => (
                  <Table.Th key={column.header}>{column.header}</Table.Th>
                ))}
                <Table.Th>Date of Birth</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>{document.header}</Table.Th>
                <Table.Th>Remove</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.rows.map((member, index) => (
                <Table.Tr key={member.memberCode}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>{member.memberName}</Table.Td>
                  {kind.columns.map((column) => (
                    <Table.Td key={column.header}>{column.cell(member)}</Table.Td>
                  ))}
                  <Table.Td>{displayDate(member.age)}</Table.Td>
                  <Table.Td>{memberStatus(member)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => view(member)}
                      aria-label={`View ${document.noun} of ${member.memberName}`}
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
      {children}
      <DocumentViewer
        opened={viewer.view !== null}
        title={viewer.view?.title ?? ''}
        content={viewer.view?.content ?? { status: 'loading' }}
        onClose={viewer.close}
      />
    </Stack>
  );
}
