import { useState } from 'react';
import type { ViewerContent } from '../../components/document-viewer';
import { useTenantServices } from './tenant-services';

export interface DocumentView {
  title: string;
  content: ViewerContent;
}

/** Opens a stored document (photo, signature, scan) in the shared viewer; `failed` is the words for no content. */
export function useDocumentView() {
  const services = useTenantServices();
  const [view, setView] = useState<DocumentView | null>(null);
  const open = (docid: number, title: string, failed: string) => {
    setView({ title, content: { status: 'loading' } });
    services
      .document(docid)
      .then((doc) =>
        setView(
          doc.base64img
            ? { title, content: { status: 'loaded', base64: doc.base64img, contenttype: doc.contenttype } }
            : { title, content: { status: 'error', message: failed } },
        ),
      )
      .catch(() => setView({ title, content: { status: 'error', message: failed } }));
  };
  return { view, open, close: () => setView(null) };
}
