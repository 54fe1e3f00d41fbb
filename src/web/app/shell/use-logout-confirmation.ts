import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { modals } from '@mantine/modals';
import { logout } from '../../features/auth/logout';
import { paths } from '../paths';

export const LOGOUT_QUESTION = 'Are you sure you want to logout?';

/** Logout asks first (backoffice.md section 2); after logout the person lands on / (section 2). */
export function useLogoutConfirmation(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    modals.openConfirmModal({
      title: 'Logout',
      children: LOGOUT_QUESTION,
      labels: { confirm: 'Logout', cancel: 'Cancel' },
      confirmProps: { color: 'red.9' },
      onConfirm: () => {
        void logout().then(() => navigate(paths.home, { replace: true }));
      },
    });
  }, [navigate]);
}
