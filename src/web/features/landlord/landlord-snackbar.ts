import { useEffect } from 'react';
import type { Notice } from '../../../../machines/access/failures';
import { paths } from '../../app/paths';
import { showSnackbar } from '../../app/snackbar';

/**
 * public-portal.md section 8: snackbars of the landlord form and steppers hide after 3 s, the staff shell's time.
 * snackbar.ts times a snackbar by the area of a path, so the shell's path asks for the shell's 3 s.
 */
export function showLandlordSnackbar(text: string, kind: Notice['kind'] = 'info'): void {
  showSnackbar(text, kind, paths.app);
}

/** Shows a machine's notice once, when a new one is set (machines assign a fresh object for each message). */
export function useNoticeSnackbar(notice: Notice | null | undefined): void {
  useEffect(() => {
    if (notice) showLandlordSnackbar(notice.text, notice.kind);
  }, [notice]);
}
