import '@mantine/core/styles/Alert.layer.css';
import { Alert } from '@mantine/core';
import type { Notice } from '../../../machines/access/failures';

const COLOURS: Record<Notice['kind'], string> = { error: 'red', success: 'green', info: 'blue' };

/** A machine's notice (success, info or error) as an Alert that screen readers announce. */
export function NoticeAlert({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return (
    <Alert color={COLOURS[notice.kind]} role="status">
      {notice.text}
    </Alert>
  );
}
