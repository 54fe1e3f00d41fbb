import { useCallback, useEffect, useState } from 'react';
import { messageOr, SERVER_FALLBACK_MESSAGE } from '../../../../machines/access/failures';

export type ListState<T> =
  { status: 'loading' } | { status: 'loaded'; rows: T[] } | { status: 'error'; message: string };

/** A list the tab shows and reloads after each change (members, helpers, documents). */
export function useList<T>(load: () => Promise<T[]>): [ListState<T>, () => void] {
  const [state, setState] = useState<ListState<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    load()
      .then((rows) => live && setState({ status: 'loaded', rows }))
      .catch(
        (failure) =>
          live && setState({ status: 'error', message: messageOr(failure, SERVER_FALLBACK_MESSAGE) }),
      );
    return () => {
      live = false;
    };
  }, [load, round]);
  return [state, useCallback(() => setRound((n) => n + 1), [])];
}
