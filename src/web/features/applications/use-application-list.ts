import { useCallback, useEffect, useState } from 'react';
import type { StatusCode } from '../../../../machines/application';
import type { ApplicationPage } from './applications-types';
import { useApplicationsApi } from './applications-api';
import { errorMessage } from '../../api/client';

export type ApplicationListState =
  | { status: 'loading' }
  | { status: 'loaded'; page: ApplicationPage }
  /** The spec's lists show 'No Applications' for a failure as for an empty list; `message` is for other screens. */
  | { status: 'failed'; message?: string };

/** One page of a list, reloaded when the status, area code or page changes (or after an action). */
export function useApplicationList(args: {
  status: StatusCode;
  code: string;
  username: string;
  page: number;
}) {
  const applicationsApi = useApplicationsApi();
  const [attempt, setAttempt] = useState(0);
  const { status, code, username, page } = args;
  // A result belongs to the request that asked for it: until the current request answers, the list is loading.
  const key = `${status}|${code}|${username}|${page}|${attempt}`;
  const [result, setResult] = useState<{ key: string; state: ApplicationListState } | null>(null);

  useEffect(() => {
    let current = true;
    applicationsApi
      .listPage({ status, code, username, page })
      .then((reply) => current && setResult({ key, state: { status: 'loaded', page: reply } }))
      .catch((err: unknown) => {
        console.error('Application list failed to load', err);
        if (current) setResult({ key, state: { status: 'failed', message: errorMessage(err) } });
      });
    return () => {
      current = false;
    };
  }, [applicationsApi, status, code, username, page, key]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const state: ApplicationListState = result?.key === key ? result.state : { status: 'loading' };
  return { state, reload };
}
