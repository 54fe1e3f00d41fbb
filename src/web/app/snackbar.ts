import { notifications } from '@mantine/notifications';
import { isStaffPath } from './paths';

/** backoffice.md section 8: snackbars auto-hide after 3 s in the staff shell; public-portal.md: 5 s on the landing page. */
export const SHELL_SNACKBAR_MS = 3000;
export const PUBLIC_SNACKBAR_MS = 5000;
/** public-portal.md section 8: 3 s in the landlord form and the steppers (landlord, tenant, password change). */
export const STEPPER_SNACKBAR_MS = 3000;
/** public-portal.md section 8: 6 s in forms (the tenant profile's forms, wherever they are shown). */
export const FORM_SNACKBAR_MS = 6000;

export function snackbarDuration(pathname: string): number {
  return isStaffPath(pathname) ? SHELL_SNACKBAR_MS : PUBLIC_SNACKBAR_MS;
}

export type SnackbarTone = 'error' | 'success' | 'info';

const TONE_COLOR: Record<SnackbarTone, string> = { error: 'red.9', success: 'green.9', info: 'govBlue.7' };

export interface SnackbarOptions {
  /** Where the person is (decides 3 s or 5 s); the current page unless given. */
  pathname?: string;
  /** A fixed duration instead, for the places the spec times on their own (forms: FORM_SNACKBAR_MS). */
  autoCloseMs?: number;
}

/** One snackbar, timed for the area the person is in now, or for as long as `autoCloseMs` says. */
export function showSnackbar(
  message: string,
  tone: SnackbarTone = 'info',
  where: string | SnackbarOptions = {},
): void {
  const options = typeof where === 'string' ? { pathname: where } : where;
  const autoClose = options.autoCloseMs ?? snackbarDuration(options.pathname ?? window.location.pathname);
  showTimedSnackbar(message, tone, autoClose);
}

/** A snackbar of a form (6 s wherever it is shown: the tenant profile in the citizen dialog and at /app/tenants). */
export function showFormSnackbar(message: string, tone: SnackbarTone = 'info'): void {
  showSnackbar(message, tone, { autoCloseMs: FORM_SNACKBAR_MS });
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
