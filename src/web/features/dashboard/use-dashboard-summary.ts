import { useCallback, useEffect, useState } from 'react';
import { DASHBOARD_ENDPOINTS, type DashboardCard } from '../../../contract/dashboard.contract';
import { errorMessage } from '../../api/client';
import { callEndpoint } from '../../api/endpoint-call';

export type DashboardState =
  { status: 'loading' } | { status: 'loaded'; cards: DashboardCard[] } | { status: 'error'; message: string };

export const DASHBOARD_LOAD_ERROR = 'The dashboard counts could not be loaded. Please try again.';

/** GET dashboard/summary, with a retry. A reply that lands after the page is left is ignored. */
export function useDashboardSummary(): { state: DashboardState; reload: () => void } {
  const [state, setState] = useState<DashboardState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    callEndpoint(DASHBOARD_ENDPOINTS.summary, {})
      .then((reply) => current && setState({ status: 'loaded', cards: reply.cards }))
      .catch(
        (err: unknown) =>
          current && setState({ status: 'error', message: errorMessage(err, DASHBOARD_LOAD_ERROR) }),
      );
    return () => {
      current = false;
    };
  }, [attempt]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, reload };
}
