import { useEffect } from 'react';
import type { Notice } from '../../../../machines/access/failures';
import { showSnackbar } from '../../app/snackbar';

/** Shows a machine's notice once, when a new one is set (machines assign a fresh object for each message). */
export function useNoticeSnackbar(notice: Notice | null | undefined): void {
  useEffect(() => {
    if (notice) showSnackbar(notice.text, notice.kind);
  }, [notice]);
}
