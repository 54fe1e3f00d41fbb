/**
 * Where the API lives and how long the browser waits for it. Kept free of zod so the web app's first load
 * (the HTTP client and its failure handling) can import it without bundling the schemas.
 */
export const API_BASE = '/mrssapi/mrss/v-1';
export const REQUEST_TIMEOUT_MS = 10_000;

/** The sign-in endpoint's path (USER_ENDPOINTS.signin is declared from it): the HTTP client tells its 401 apart. */
export const SIGNIN_PATH = '/users/signin';
