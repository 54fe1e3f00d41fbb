import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setApiFailureHandlers } from '../api/client';
import { getAccessToken } from '../lib/session-store';
import { paths } from './paths';
import { showSnackbar } from './snackbar';

/**
 * backoffice.md section 8: a 401 shows 'Authentication Failed', then logs out and returns home; a call that
 * cannot reach the server shows 'Network Connection Error!, Cannot connect to backend API'.
 * Installed by the root layout in the same commit as the first screen, so no reply can arrive before it.
 */
export function ApiFailureWiring() {
  const navigate = useNavigate();
  useEffect(() => {
    let loggingOut = false;
    setApiFailureHandlers({
      authFailed: (message) => {
        // Several calls can fail at once, and a dead session may fail again while leaving: act once.
        if (loggingOut || !getAccessToken()) return;
        loggingOut = true;
        showSnackbar(message, 'error');
        // The logout module (and its contract schemas) loads only when needed, off the landing page's first load.
        void import('../features/auth/logout')
          .then(({ logout }) => logout())
          .catch((err: unknown) => console.error('Logout after a 401 failed', err))
          .finally(() => {
            loggingOut = false;
            void navigate(paths.home, { replace: true });
          });
      },
      networkError: (message) => showSnackbar(message, 'error'),
    });
  }, [navigate]);
  return null;
}
