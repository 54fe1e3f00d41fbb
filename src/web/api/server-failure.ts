import { FetchError } from 'ofetch';
import type { ServerFailure } from '../../../machines/access/failures';

/**
 * What a failed call becomes for the citizen machines: `{ status, message }` (no status when nothing answered),
 * so the machines map refusals to the spec's words without knowing about the HTTP client.
 */
export function toServerFailure(err: unknown): ServerFailure {
  if (err instanceof FetchError) {
    const data = err.data as { message?: unknown } | undefined;
    return {
      status: err.response?.status,
      message: data && typeof data.message === 'string' && data.message ? data.message : undefined,
    };
  }
  return {};
}

/** Runs a call and rejects with a ServerFailure instead of the client's error. */
export async function asServerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw toServerFailure(err);
  }
}
