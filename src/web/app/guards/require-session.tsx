import { Outlet } from 'react-router';
import { useStaffSession } from '../use-staff-session';
import { SessionFallback } from './session-fallback';

/** The /app area renders only with an access token in session storage; otherwise the fallback screen. */
export function RequireSession() {
  const session = useStaffSession();
  return session ? <Outlet /> : <SessionFallback />;
}
