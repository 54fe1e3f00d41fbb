import type { SigninReply } from '../../contract/users.contract';
import { SESSION_KEYS } from '../../contract/session-keys';
import { isRole, type Role } from '../../contract/roles';

/** What the signed-in official's browser tab holds (session storage, cleared on unload). */
export interface StaffSession {
  accessToken: string;
  role: Role;
  username: string;
  usercode: string;
  userlevel: number;
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function saveSession(reply: SigninReply): void {
  sessionStorage.setItem('accessToken', reply.accessToken);
  sessionStorage.setItem('role', reply.roles);
  sessionStorage.setItem('username', reply.username);
  sessionStorage.setItem('usercode', reply.usercode);
  sessionStorage.setItem('userlevel', String(reply.userlevel));
  notify();
}

export function readSession(): StaffSession | null {
  const accessToken = sessionStorage.getItem('accessToken');
  const role = sessionStorage.getItem('role');
  if (!accessToken || !isRole(role)) return null;
  return {
    accessToken,
    role,
    username: sessionStorage.getItem('username') ?? '',
    usercode: sessionStorage.getItem('usercode') ?? '',
    userlevel: Number(sessionStorage.getItem('userlevel') ?? 0),
  };
}

export function getAccessToken(): string | null {
  return sessionStorage.getItem('accessToken');
}

export function clearSession(): void {
  for (const key of SESSION_KEYS) sessionStorage.removeItem(key);
  notify();
}

/** For useSyncExternalStore: re-render when the session is saved or cleared. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
