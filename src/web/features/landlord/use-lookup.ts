import { useEffect, useState } from 'react';
import { SERVER_FALLBACK_MESSAGE, messageOr } from '../../../../machines/access/failures';
import { showLandlordSnackbar } from './landlord-snackbar';

/**
 * A picker's options from a master lookup: loaded when `key` changes (the state of a district picker, the
 * district of a station picker); `null` as key means "nothing chosen yet", so no call and no options.
 */
export function useLookup<T>(key: string | null, load: (key: string) => Promise<T[]>): T[] {
  const [rows, setRows] = useState<{ key: string | null; rows: T[] }>({ key: null, rows: [] });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    load(key).then(
      (loaded) => {
        if (live) setRows({ key, rows: loaded });
      },
      (error: unknown) => {
        if (live) showLandlordSnackbar(messageOr(error, SERVER_FALLBACK_MESSAGE), 'error');
      },
    );
    return () => {
      live = false;
    };
    // `load` is a stable service call; only the key decides what to fetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return key !== null && rows.key === key ? rows.rows : [];
}
