import { useEffect, useMemo } from 'react';
import { Alert, Center, Image, Loader, Modal } from '@mantine/core';

/** What a viewer shows: content as base64 with its type, still loading, or a failure message. */
export type ViewerContent =
  | { status: 'loading' }
  | { status: 'loaded'; base64: string; contenttype: string }
  | { status: 'error'; message: string };

const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'jpeg', 'jpg'];

/** The spec's rule: jpeg or jpg is shown as an image, anything else as a PDF. */
export function isImageType(contenttype: string): boolean {
  return IMAGE_TYPES.includes(contenttype.toLowerCase());
}

function base64ToBlob(base64: string, type: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** A PDF from a blob URL (the CSP allows frame-src blob:), revoked when it is no longer shown. */
function PdfFrame({ base64, title }: { base64: string; title: string }) {
  const url = useMemo(() => URL.createObjectURL(base64ToBlob(base64, 'application/pdf')), [base64]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <iframe src={url} title={title} style={{ width: '100%', height: '75vh', border: 0 }} />;
}

/** A document, photo or the complete application form in a dialog. */
export function DocumentViewer({
  opened,
  title,
  content,
  onClose,
}: {
  opened: boolean;
  title: string;
  content: ViewerContent;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {content.status === 'loading' ? (
        <Center h={200} role="status" aria-label={`Loading ${title}`}>
          <Loader />
        </Center>
      ) : null}
      {content.status === 'error' ? (
        <Alert color="red" role="alert">
          {content.message}
        </Alert>
      ) : null}
      {content.status === 'loaded' && isImageType(content.contenttype) ? (
        <Image src={`data:image/jpeg;base64,${content.base64}`} alt={title} fit="contain" mah="75vh" />
      ) : null}
      {content.status === 'loaded' && !isImageType(content.contenttype) ? (
        <PdfFrame base64={content.base64} title={title} />
      ) : null}
    </Modal>
  );
}
