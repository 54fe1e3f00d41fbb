import { notifications } from '@mantine/notifications';
import { isStaffPath } from './paths';

/** backoffice.md section 8: snackbars auto-hide after 3 s in the staff shell; public-portal.md: 5 s on the landing page. */
export const SHELL_SNACKBAR_MS = 3000;
export const PUBLIC_SNACKBAR_MS = 5000;
/** public-portal.md section 8: 3 s in the landlord form and the steppers (landlord, tenant, password change). */
export const STEPPER_SNACKBAR_MS = 3000;

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
  showTimedSnackbar(message, tone, snackbarDuration(pathname));
}

/** A snackbar of the citizens' steppers and the landlord form (3 s wherever they are shown). */
export function showStepperSnackbar(message: string, tone: SnackbarTone = 'info'): void {
  showTimedSnackbar(message, tone, STEPPER_SNACKBAR_MS);
}

function showTimedSnackbar(message: string, tone: SnackbarTone, autoClose: number): void {
  notifications.show({
    message,
    color: TONE_COLOR[tone],
    autoClose,
    // An error interrupts (role=alert); other news waits for a pause (role=status).
    role: tone === 'error' ? 'alert' : 'status',
    closeButtonProps: { 'aria-label': 'Close message' },
  });
}
