import { useEffect, useState } from 'react';
import { messageOr, SERVER_FALLBACK_MESSAGE } from '../../../../machines/access/failures';
import type { ApplicationPage } from '../../../contract/applications.contract';
import { useTenantsOfficeApi } from './tenants-office-api';

export type IncompleteListState =
  { status: 'loading' } | { status: 'loaded'; page: ApplicationPage } | { status: 'failed'; message: string };

/** One page of the official's incomplete applications, reloaded when the page changes. */
export function useIncompleteList(args: {
  code: string;
  username: string;
  page: number;
}): IncompleteListState {
  const api = useTenantsOfficeApi();
  const { code, username, page } = args;
  const key = `${code}|${username}|${page}`;
  const [result, setResult] = useState<{ key: string; state: IncompleteListState } | null>(null);
  useEffect(() => {
    let current = true;
    api
      .incompletePage({ code, username, page })
      .then((reply) => current && setResult({ key, state: { status: 'loaded', page: reply } }))
      .catch(
        (failure: unknown) =>
          current &&
          setResult({
            key,
            state: { status: 'failed', message: messageOr(failure, SERVER_FALLBACK_MESSAGE) },
          }),
      );
    return () => {
      current = false;
    };
  }, [api, code, username, page, key]);
  return result?.key === key ? result.state : { status: 'loading' };
}
