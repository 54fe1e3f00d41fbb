import { statusOf } from '../../../machines/access/failures';

/**
 * A citizen page's calls, each watched for a 401: the key behind them expired or was revoked, and `onExpired` ends
 * the session (the stepper's `session.expired`). The refusal still reaches the caller. The landlord page and the
 * tenant dialog wrap their services with it.
 */
export function watchingKeyExpiry<Services extends object>(
  services: Services,
  onExpired: () => void,
): Services {
  const watched = {} as Record<string, unknown>;
  for (const [name, call] of Object.entries(services) as [string, unknown][]) {
    watched[name] =
      typeof call === 'function'
        ? (...args: unknown[]) =>
            (call as (...args: unknown[]) => Promise<unknown>)(...args).catch((failure: unknown) => {
              if (statusOf(failure) === 401) onExpired();
              throw failure;
            })
        : call;
  }
  return watched as Services;
}
