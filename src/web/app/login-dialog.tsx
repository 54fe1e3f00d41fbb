import { lazy } from 'react';
import { LoginDialog as StaffLoginDialog, type LoginDialogProps } from '../features/auth/login-dialog';

// The password change (its machine, OTP field and stepper styles) loads on the first click on its link only.
const PasswordChangeDialog = lazy(async () => ({
  default: (await import('../features/password-change/password-change-dialog')).PasswordChangeDialog,
}));

/**
 * The login dialog as the app shows it: the staff login (features/auth) whose 'Forgot/Change Password' link
 * opens the password change (features/password-change). The two features do not import each other
 * (ARCHITECTURE.md, "Layout"): they meet here.
 */
export function LoginDialog(props: Omit<LoginDialogProps, 'renderPasswordChange'>) {
  return (
    <StaffLoginDialog
      {...props}
      renderPasswordChange={(slot) => <PasswordChangeDialog opened={slot.opened} onClose={slot.onClose} />}
    />
  );
}
