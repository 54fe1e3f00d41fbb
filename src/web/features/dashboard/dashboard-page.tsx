import type { DashboardCardKey } from '../../../contract/dashboard.contract';
import { DashboardView } from './dashboard-view';
import { useDashboardSummary } from './use-dashboard-summary';

/** /app/dashboard: the live counts of GET dashboard/summary. The route supplies the links of built lists. */
export function DashboardPage({ cardLinks }: { cardLinks?: Partial<Record<DashboardCardKey, string>> }) {
  const { state, reload } = useDashboardSummary();
  return <DashboardView state={state} onRetry={reload} cardLinks={cardLinks} />;
}
