import { useEffect } from 'react';
import type { Notice } from '../../../machines/access/failures';
import { showStepperSnackbar } from './snackbar';

/**
 * Shows a citizen machine's notice once, when a new one is set (the machines assign a fresh object for each
 * message), as a stepper snackbar (3 s).
 */
export function useNoticeSnackbar(notice: Notice | null | undefined): void {
  useEffect(() => {
    if (notice) showStepperSnackbar(notice.text, notice.kind);
  }, [notice]);
}
