import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Loader, Stack, Table, Title } from '@mantine/core';
import { DocumentViewer } from '../../components/document-viewer';
import { NewDocumentDialog, TENANT_DOCUMENT_TYPES } from './new-document-dialog';
import { useTenantServices } from './tenant-services';
import { useDocumentView } from './use-document-view';
import { useList } from './use-list';

const typeLabel = (doctype: string) =>
  TENANT_DOCUMENT_TYPES.find((t) => t.value === doctype)?.label ?? doctype;

/** Documents: New Document and the "Tenant's Documents" table with View; the stepper hears of every change. */
export function DocumentsTab({
  tenantId,
  onDocumentsChanged,
}: {
  tenantId: number;
  onDocumentsChanged: (types: string[]) => void;
}) {
  const services = useTenantServices();
  const [list, reload] = useList(useCallback(() => services.documents(tenantId), [services, tenantId]));
  const [adding, setAdding] = useState(false);
  const viewer = useDocumentView();
  const rows = list.status === 'loaded' ? list.rows : null;

  useEffect(() => {
    if (rows) onDocumentsChanged(rows.map((doc) => doc.doctype));
  }, [rows, onDocumentsChanged]);

  return (
    <Stack gap="md">
      <Button onClick={() => setAdding(true)} w="fit-content">
        New Document
      </Button>
      <Title order={3} fz="md">
        Tenant&apos;s Documents
      </Title>
      {list.status === 'loading' ? <Loader aria-label="Loading documents" size="sm" /> : null}
      {list.status === 'error' ? <Alert color="red">{list.message}</Alert> : null}
      {rows && rows.length === 0 ? <Alert color="gray">No documents uploaded yet.</Alert> : null}
      {rows && rows.length > 0 ? (
        <Table.ScrollContainer minWidth={480}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sl.No</Table.Th>
                <Table.Th>Document Type</Table.Th>
                <Table.Th>File Type</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>View</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((doc, index) => (
                <Table.Tr key={doc.docid}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>{typeLabel(doc.doctype)}</Table.Td>
                  <Table.Td>{doc.contenttype}</Table.Td>
                  <Table.Td>{Math.ceil(doc.size / 1024)} KB</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      aria-label={`View ${typeLabel(doc.doctype)}`}
                      onClick={() =>
                        viewer.open(doc.docid, typeLabel(doc.doctype), 'Invalid Image inputted.')
                      }
                    >
                      View
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <NewDocumentDialog
        tenantId={tenantId}
        opened={adding}
        onClose={() => setAdding(false)}
        onUploaded={reload}
      />
      <DocumentViewer
        opened={viewer.view !== null}
        title={viewer.view?.title ?? ''}
        content={viewer.view?.content ?? { status: 'loading' }}
        onClose={viewer.close}
      />
    </Stack>
  );
}
