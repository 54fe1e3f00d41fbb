import { useCallback, useEffect, useState } from 'react';
import type { ServerFailure } from '../../../../../machines/access/failures';
import type { LifecycleInsights, LifecycleRequest } from '../../../../contract/insights.contract';
import { NETWORK_ERROR_MESSAGE, SERVER_ISSUE_MESSAGE } from '../../../api/client';
import { useLiveInsightsApi } from './insights-api';

export type LiveNumbersState =
  | { status: 'loading' }
  | { status: 'loaded'; insights: LifecycleInsights }
  /** The server's own message (a 403 outside the viewer's area, a 400 naming the field), or why nothing answered. */
  | { status: 'failed'; message: string };

function failureMessage(err: unknown): string {
  const failure = (err ?? {}) as ServerFailure;
  if (failure.message) return failure.message;
  return failure.status === undefined ? NETWORK_ERROR_MESSAGE : SERVER_ISSUE_MESSAGE;
}

/** The numbers for a checked request; null asks nothing (the filter is bad). A new request shows loading. */
export function useLifecycleInsights(request: LifecycleRequest | null) {
  const api = useLiveInsightsApi();
  const [attempt, setAttempt] = useState(0);
  const key = request ? `${JSON.stringify(request)}|${attempt}` : null;
  const [result, setResult] = useState<{ key: string; state: LiveNumbersState } | null>(null);

  useEffect(() => {
    if (!request || !key) return;
    let current = true;
    api.lifecycle(request).then(
      (insights) => current && setResult({ key, state: { status: 'loaded', insights } }),
      (err: unknown) => {
        console.error('Lifecycle insights failed to load', err);
        if (current) setResult({ key, state: { status: 'failed', message: failureMessage(err) } });
      },
    );
    return () => {
      current = false;
    };
    // The key holds the request's content: a new object with the same fields asks nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const state: LiveNumbersState = result && result.key === key ? result.state : { status: 'loading' };
  return { state, retry };
}
