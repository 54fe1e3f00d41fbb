import {
  SERVER_FALLBACK_MESSAGE,
  messageOr,
  statusOf,
  type Notice,
} from '../../../../machines/access/failures';
import { showStepperSnackbar } from '../../app/snackbar';

/** public-portal.md section 8: snackbars of the landlord form and steppers hide after 3 s. */
export function showLandlordSnackbar(text: string, kind: Notice['kind'] = 'info'): void {
  showStepperSnackbar(text, kind);
}

/**
 * A failed call of the landlord page: the server's message (or 'Error in Server') in an error snackbar, or
 * `text` when the caller has a better one. A 401 says nothing here: the key has ended, and the session's own
 * notice ('Your session has expired. Please login again!') says so once.
 */
export function showLandlordFailure(error: unknown, text?: string): void {
  if (statusOf(error) === 401) return;
  showLandlordSnackbar(text ?? messageOr(error, SERVER_FALLBACK_MESSAGE), 'error');
}
