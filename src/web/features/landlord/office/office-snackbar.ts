import { showSnackbar, type SnackbarTone } from '../../../app/snackbar';

/** The staff shell's snackbar (backoffice.md section 8: 3 s). */
export function showOfficeSnackbar(text: string, tone: SnackbarTone = 'info'): void {
  showSnackbar(text, tone);
}
