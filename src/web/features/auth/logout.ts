import { ofetch } from 'ofetch';
import { API_BASE, REQUEST_TIMEOUT_MS } from '../../../contract/api';
import { USER_ENDPOINTS } from '../../../contract/users.contract';
import { endpointUrl } from '../../api/endpoint-call';
import { clearSession, getAccessToken } from '../../lib/session-store';

/**
 * Ends the official's session: GET users/logout revokes it on the server, then the tab forgets it.
 * The call bypasses the shared `api` client on purpose: its 401 handler logs out, and a logout answered 401
 * (an already expired session) must not start another logout. Failures are ignored: an unreachable server or
 * a dead token must never keep anyone signed in here.
 */
export async function logout(): Promise<void> {
  const token = getAccessToken();
  try {
    if (token) {
      await ofetch(endpointUrl(USER_ENDPOINTS.logout), {
        baseURL: API_BASE,
        timeout: REQUEST_TIMEOUT_MS,
        retry: 0,
        headers: { Authorization: `Bearer ${token}` },
      });
    }
  } catch (err) {
    console.warn('The logout call failed; the session is cleared in this tab anyway.', err);
  } finally {
    clearSession();
  }
}

/**
 * backoffice.md section 4: when the page unloads a logout call is made and session storage is cleared.
 * `pagehide` is the event browsers still deliver on close, reload and navigation (unlike `unload`, and also on
 * mobile); a beacon is the one request a closing page can still send, so the token travels as its text body.
 * Returns the function that removes the listener.
 */
export function installUnloadLogout(target: Window = window): () => void {
  const onPageHide = () => {
    const token = getAccessToken();
    if (token)
      navigator.sendBeacon(
        `${API_BASE}/${endpointUrl(USER_ENDPOINTS.logoutBeacon)}`,
        new Blob([token], { type: 'text/plain' }),
      );
    clearSession();
    sessionStorage.clear();
  };
  target.addEventListener('pagehide', onPageHide);
  return () => target.removeEventListener('pagehide', onPageHide);
}
