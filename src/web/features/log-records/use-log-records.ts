import { useCallback, useEffect, useState } from 'react';
import { messageOr } from '../../../../machines/access/failures';
import type { ChainStatus, LogPage, LogQuery } from '../../../contract/log-records.contract';
import { useLogRecordsServices } from './log-records-api';

export const CHAIN_POLL_MS = 1500;

export type LogFilterValues = Pick<LogQuery, 'username' | 'kind' | 'from' | 'to'>;

export type Loaded<T> =
  { status: 'loading' } | { status: 'loaded'; value: T } | { status: 'failed'; message: string };

/**
 * Runs `call` whenever `key` changes (or on reload); only the newest answer counts (a slow earlier page never
 * wins), and an answer to an older key reads as loading.
 */
function useLoaded<T>(call: () => Promise<T>, key: string, failure: string): [Loaded<T>, () => void] {
  const [round, setRound] = useState(0);
  const asked = `${key}#${round}`;
  const [answer, setAnswer] = useState<{ asked: string; state: Loaded<T> } | null>(null);
  useEffect(() => {
    let live = true;
    call().then(
      (value) => live && setAnswer({ asked, state: { status: 'loaded', value } }),
      (error: unknown) =>
        live && setAnswer({ asked, state: { status: 'failed', message: messageOr(error, failure) } }),
    );
    return () => {
      live = false;
    };
    // `call` is rebuilt each render; `asked` says when the request really changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);
  const state: Loaded<T> = answer?.asked === asked ? answer.state : { status: 'loading' };
  return [state, useCallback(() => setRound((n) => n + 1), [])];
}

/** The Log Records page's data: the filter applied, the page shown, and the chain's last check. */
export function useLogRecords() {
  const services = useLogRecordsServices();
  const [filter, setFilter] = useState<LogFilterValues>({});
  const [page, setPage] = useState(0);
  const query: LogQuery = { ...filter, page: String(page) };
  const [records, reloadRecords] = useLoaded<LogPage>(
    () => services.page(query),
    JSON.stringify(query),
    'The log records could not be loaded.',
  );
  const [chain, recheck] = useLoaded<ChainStatus>(
    () => services.chain(),
    'chain',
    'The chain could not be checked.',
  );
  // While the server walks the chain, ask again every CHAIN_POLL_MS for its report.
  const checking = chain.status === 'loaded' && chain.value.running;
  useEffect(() => {
    if (!checking) return;
    const timer = setTimeout(recheck, CHAIN_POLL_MS);
    return () => clearTimeout(timer);
  }, [checking, chain, recheck]);
  const applyFilter = useCallback((next: LogFilterValues) => {
    setFilter(next);
    setPage(0);
  }, []);
  return { filter, applyFilter, page, setPage, records, reloadRecords, chain, recheck };
}
