/**
 * The citizen key a verified OTP returns (docs/otp-and-citizen-keys.md): kept in session storage for this tab only
 * (cleared on unload like the staff session), sent by the API client as the X-Api-Key header, never put in a URL.
 */
export interface CitizenKey {
  apiKey: string;
  subject: 'landlord' | 'tenant' | 'user';
  /** The landlord id, tenant id (registration number) or username the key reaches. */
  subjectId: string;
  expiresAt: string;
}

const STORAGE_KEY = 'citizenKey';
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function saveCitizenKey(key: CitizenKey): void {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(key));
  notify();
}

export function readCitizenKey(): CitizenKey | null {
  const stored = sessionStorage.getItem(STORAGE_KEY);
  if (!stored) return null;
  try {
    const parsed = JSON.parse(stored) as CitizenKey;
    return typeof parsed.apiKey === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

export function getCitizenApiKey(): string | null {
  return readCitizenKey()?.apiKey ?? null;
}

export function clearCitizenKey(): void {
  sessionStorage.removeItem(STORAGE_KEY);
  notify();
}

/** For useSyncExternalStore: re-render when a key is saved or cleared. */
export function subscribeCitizenKey(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
