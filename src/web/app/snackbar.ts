import { notifications } from '@mantine/notifications';
import { isStaffPath } from './paths';

/** backoffice.md section 8: snackbars auto-hide after 3 s in the staff shell; public-portal.md: 5 s on the landing page. */
export const SHELL_SNACKBAR_MS = 3000;
export const PUBLIC_SNACKBAR_MS = 5000;

export function snackbarDuration(pathname: string): number {
  return isStaffPath(pathname) ? SHELL_SNACKBAR_MS : PUBLIC_SNACKBAR_MS;
}

export type SnackbarTone = 'error' | 'success' | 'info';

const TONE_COLOR: Record<SnackbarTone, string> = { error: 'red.9', success: 'green.9', info: 'govBlue.7' };

/** One snackbar, timed for the area the person is in now. */
export function showSnackbar(
  message: string,
  tone: SnackbarTone = 'info',
  pathname = window.location.pathname,
): void {
  notifications.show({
    message,
    color: TONE_COLOR[tone],
    autoClose: snackbarDuration(pathname),
    // An error interrupts (role=alert); other news waits for a pause (role=status).
    role: tone === 'error' ? 'alert' : 'status',
    closeButtonProps: { 'aria-label': 'Close message' },
  });
}
