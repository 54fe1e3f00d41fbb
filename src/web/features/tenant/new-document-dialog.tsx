import { useState } from 'react';
import { Button, FileInput, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { messageOr } from '../../../../machines/access/failures';
import {
  IDENTITY_PROOF_LABELS,
  IDENTITY_PROOF_TYPES,
  UPLOAD_MESSAGES,
} from '../../../contract/documents.contract';
import { showFormSnackbar } from '../../app/snackbar';
import { CameraDialog } from './camera-dialog';
import { JPEG, fileData, imageFileToJpeg, sizeProblem } from './file-data';
import { useTenantServices } from './tenant-services';

export const TENANT_DOCUMENT_TYPES = [
  { value: 'PHOTO', label: 'Photo' },
  { value: 'IDENTITYPROOF', label: 'Identity proof' },
  { value: 'SIGNATURE', label: 'Signature' },
];

/** The identity documents a tenant may give; Aadhaar is never one of them (public-portal.md section 5). */
export const IDENTITY_PROOF_KINDS = IDENTITY_PROOF_TYPES.map((value) => ({
  value,
  label: IDENTITY_PROOF_LABELS[value],
}));

const PDF = 'application/pdf';
type Problems = Partial<Record<'doctype' | 'idtype' | 'file', string>>;

/** A picture other than a JPEG is redrawn as one; a PDF scan (identity proof only) goes as it is. */
async function prepared(file: Blob, doctype: string): Promise<Blob> {
  if (file.type === JPEG || file.type === 'image/jpg') return file;
  if (file.type === PDF && doctype === 'IDENTITYPROOF') return file;
  if (file.type.startsWith('image/')) return imageFileToJpeg(file);
  throw new Error(
    doctype === 'IDENTITYPROOF' ? 'Choose a JPEG photo or a PDF scan.' : 'Choose a JPEG photo.',
  );
}

/** New Document: the type (with the kind of identity proof), a file or a camera photo, at most 500 KB. */
export function NewDocumentDialog({
  tenantId,
  opened,
  onClose,
  onUploaded,
}: {
  tenantId: number;
  opened: boolean;
  onClose: () => void;
  onUploaded: () => void;
}) {
  const services = useTenantServices();
  const [doctype, setDoctype] = useState<string | null>(null);
  const [idtype, setIdtype] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [camera, setCamera] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [sending, setSending] = useState(false);

  const close = () => {
    setDoctype(null);
    setIdtype(null);
    setFile(null);
    setProblems({});
    onClose();
  };

  const send = async () => {
    const found: Problems = {};
    if (!doctype) found.doctype = 'Document type required';
    if (doctype === 'IDENTITYPROOF' && !idtype) found.idtype = 'Kind of identity proof required';
    if (!file) found.file = UPLOAD_MESSAGES.noFile;
    setProblems(found);
    if (!doctype || !file || Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const ready = await prepared(file, doctype);
      const tooBig = sizeProblem(ready.size);
      if (tooBig) return setProblems({ file: tooBig });
      const data = await fileData(ready);
      const reply = await services.upload({
        ownerid: tenantId,
        ownertype: 'tenant',
        doctype: doctype as 'PHOTO',
        base64img: data.base64,
        contenttype: data.contenttype,
        idtype: doctype === 'IDENTITYPROOF' ? idtype : undefined,
      });
      showFormSnackbar(reply.message, 'success');
      onUploaded();
      close();
    } catch (failure) {
      setProblems({ file: messageOr(failure, UPLOAD_MESSAGES.generic) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="New Document"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Text size="sm" c="red.9">
          Note: documents must be at most 500kb (JPEG or JPG; an identity proof may be a PDF scan).
        </Text>
        <Select
          label="Document Type"
          withAsterisk
          data={TENANT_DOCUMENT_TYPES}
          value={doctype}
          onChange={setDoctype}
          error={problems.doctype}
        />
        {doctype === 'IDENTITYPROOF' ? (
          <Select
            label="Kind of Identity Proof"
            description="Aadhaar is not accepted"
            withAsterisk
            data={IDENTITY_PROOF_KINDS}
            value={idtype}
            onChange={setIdtype}
            error={problems.idtype}
          />
        ) : null}
        <FileInput
          label="File"
          placeholder="Choose a file"
          accept={
            doctype === 'IDENTITYPROOF'
              ? 'image/jpeg,.jpg,.jpeg,application/pdf,.pdf'
              : 'image/jpeg,.jpg,.jpeg,image/png,.png'
          }
          value={file}
          onChange={(next) => {
            setFile(next);
            setProblems((current) => ({ ...current, file: undefined }));
          }}
          error={problems.file}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
        />
        <Group justify="space-between">
          <Button variant="light" onClick={() => setCamera(true)}>
            Camera
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button loading={sending} onClick={() => void send()}>
              Upload
            </Button>
          </Group>
        </Group>
      </Stack>
      <CameraDialog
        opened={camera}
        onClose={() => setCamera(false)}
        onCapture={(jpeg) => {
          setFile(new File([jpeg], 'camera-photo.jpg', { type: JPEG }));
          setProblems((current) => ({ ...current, file: undefined }));
          setCamera(false);
        }}
      />
    </Modal>
  );
}
