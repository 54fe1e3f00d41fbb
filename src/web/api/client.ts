import { ofetch, FetchError } from 'ofetch';
import { API_BASE, REQUEST_TIMEOUT_MS, SIGNIN_PATH } from '../../contract/api-base';
import { getCitizenApiKey } from '../lib/citizen-key-store';
import { getAccessToken } from '../lib/session-store';

export const AUTH_FAILED_MESSAGE = 'Authentication Failed';
export const NETWORK_ERROR_MESSAGE = 'Network Connection Error!, Cannot connect to backend API';
export const SERVER_ISSUE_MESSAGE = 'Server Issue. Please try again later!';

type Handler = (message: string) => void;
let onAuthFailed: Handler = () => {};
let onNetworkError: Handler = () => {};

/** The shell plugs in what a 401 (notify + logout) and a lost connection (notify) do. */
export function setApiFailureHandlers(handlers: { authFailed: Handler; networkError: Handler }): void {
  onAuthFailed = handlers.authFailed;
  onNetworkError = handlers.networkError;
}

/**
 * The one HTTP client: base path, 10 s timeout, the official's bearer token or the citizen's OTP key (X-Api-Key),
 * and the spec's failure handling.
 */
export const api = ofetch.create({
  baseURL: API_BASE,
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  onRequest({ options }) {
    const token = getAccessToken();
    const citizenKey = getCitizenApiKey();
    if (token || citizenKey) {
      const headers = new Headers(options.headers);
      if (token) headers.set('Authorization', `Bearer ${token}`);
      if (citizenKey) headers.set('X-Api-Key', citizenKey);
      options.headers = headers;
    }
  },
  onResponseError({ response, request }) {
    const url = typeof request === 'string' ? request : request.url;
    // A failed sign-in is a 401 too, but it is the login form's to show, not a session loss.
    if (response.status === 401 && !url.includes(SIGNIN_PATH)) onAuthFailed(AUTH_FAILED_MESSAGE);
  },
  onRequestError() {
    onNetworkError(NETWORK_ERROR_MESSAGE);
  },
});

/** The message to show a person for a failed call: the server's own message, else the given fallback. */
export function errorMessage(err: unknown, fallback = SERVER_ISSUE_MESSAGE): string {
  if (err instanceof FetchError) {
    const data = err.data as { message?: unknown } | undefined;
    if (data && typeof data.message === 'string' && data.message) return data.message;
    if (!err.response) return NETWORK_ERROR_MESSAGE;
  }
  return fallback;
}
