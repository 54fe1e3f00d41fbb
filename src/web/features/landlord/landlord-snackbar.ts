import type { Notice } from '../../../../machines/access/failures';
import { showStepperSnackbar } from '../../app/snackbar';

/** public-portal.md section 8: snackbars of the landlord form and steppers hide after 3 s. */
export function showLandlordSnackbar(text: string, kind: Notice['kind'] = 'info'): void {
  showStepperSnackbar(text, kind);
}
