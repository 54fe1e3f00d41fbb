import { useState } from 'react';
import { Button, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { messageOr } from '../../../../machines/access/failures';
import { UPLOAD_MESSAGES } from '../../../contract/documents.contract';
import { showFormSnackbar } from '../../app/snackbar';
import { fileData, sizeProblem } from './file-data';
import { useTenantServices } from './tenant-services';

export interface MemberUpload {
  memberCode: number;
  memberName: string;
  ownertype: 'tenantfamily' | 'tenanthelper';
  doctype: 'PHOTO' | 'SIGNATURE';
}

const ACCEPTED = {
  PHOTO: { types: ['image/jpeg', 'image/jpg'], accept: 'image/jpeg,.jpg,.jpeg', words: 'JPG or JPEG' },
  SIGNATURE: {
    types: ['image/jpeg', 'image/jpg', 'image/png'],
    accept: 'image/jpeg,image/png,.jpg,.jpeg,.png',
    words: 'JPG, JPEG or PNG',
  },
} as const;

/**
 * The second half of saving a family member (their photo) or a helper (their signature): opened with the
 * memberCode the save returned (public-portal.md section 4). Closing it without a file leaves the member saved.
 */
export function MemberUploadDialog({
  upload,
  onClose,
  onUploaded,
}: {
  upload: MemberUpload | null;
  onClose: () => void;
  onUploaded: () => void;
}) {
  const services = useTenantServices();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const rule = ACCEPTED[upload?.doctype ?? 'PHOTO'];
  const what = upload?.doctype === 'SIGNATURE' ? 'Signature' : 'Photo';

  const close = () => {
    setFile(null);
    setProblem(null);
    onClose();
  };

  const send = async () => {
    if (!upload) return;
    if (!file) return setProblem(UPLOAD_MESSAGES.noFile);
    if (!(rule.types as readonly string[]).includes(file.type))
      return setProblem(`Only ${rule.words} files are allowed.`);
    const tooBig = sizeProblem(file.size);
    if (tooBig) return setProblem(tooBig);
    setSending(true);
    try {
      const data = await fileData(file);
      const reply = await services.upload({
        ownerid: upload.memberCode,
        ownertype: upload.ownertype,
        doctype: upload.doctype,
        base64img: data.base64,
        contenttype: data.contenttype,
      });
      showFormSnackbar(reply.message, 'success');
      onUploaded();
      close();
    } catch (failure) {
      setProblem(messageOr(failure, UPLOAD_MESSAGES.generic));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      opened={upload !== null}
      onClose={close}
      title={`Upload ${what}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Text size="sm">
          {what} of {upload?.memberName}: one {rule.words} file, at most 500 KB.
        </Text>
        <FileInput
          label={`${what} file`}
          placeholder="Choose a file"
          accept={rule.accept}
          value={file}
          onChange={(next) => {
            setFile(next);
            setProblem(null);
          }}
          error={problem}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Later
          </Button>
          <Button loading={sending} onClick={() => void send()}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
