import { useMemo, useSyncExternalStore } from 'react';
import { getAccessToken, readSession, subscribeSession, type StaffSession } from '../lib/session-store';

/**
 * The signed-in official, re-read whenever the session is saved or cleared. The store's snapshot is the token
 * string (stable between renders); the full session is derived from it.
 */
export function useStaffSession(): StaffSession | null {
  const token = useSyncExternalStore(subscribeSession, getAccessToken, () => null);
  return useMemo(() => (token ? readSession() : null), [token]);
}
