import { useCallback, useEffect, useState } from 'react';
import { messageOr } from '../../../../machines/access/failures';

export const LIST_FAILED_MESSAGE = 'The list could not be loaded. Please try again later.';

export type UnitListState<T> =
  | { status: 'loading'; rows: T[] }
  | { status: 'loaded'; rows: T[] }
  | { status: 'failed'; rows: T[]; message: string };

interface Answer<T> {
  load: () => Promise<T[]>;
  request: number;
  state: UnitListState<T>;
}

/**
 * One table's rows from one call, loaded again on demand (after a unit or a user was created) and whenever `load`
 * changes (a new filter). Until the answer to the latest request arrives the table is loading (showing the rows
 * it had); an older request's late answer is dropped.
 */
export function useUnitList<T>(load: () => Promise<T[]>) {
  const [request, setRequest] = useState(0);
  const [answer, setAnswer] = useState<Answer<T> | null>(null);

  useEffect(() => {
    let current = true;
    load().then(
      (rows) => {
        if (current) setAnswer({ load, request, state: { status: 'loaded', rows } });
      },
      (err: unknown) => {
        if (current)
          setAnswer({
            load,
            request,
            state: { status: 'failed', rows: [], message: messageOr(err, LIST_FAILED_MESSAGE) },
          });
      },
    );
    return () => {
      current = false;
    };
  }, [load, request]);

  const reload = useCallback(() => setRequest((n) => n + 1), []);
  const fresh = answer && answer.load === load && answer.request === request;
  const state: UnitListState<T> = fresh
    ? answer.state
    : { status: 'loading', rows: answer?.state.rows ?? [] };
  return { state, reload };
}
