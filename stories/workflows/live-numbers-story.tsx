import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Role } from '../../src/contract/roles';
import { paths } from '../../src/web/app/paths';
import {
  LiveInsightsApiContext,
  type LiveInsightsApi,
} from '../../src/web/features/workflows/live/insights-api';
import type { LayoutMachine } from '../../src/web/features/workflows/machine-diagram-types';
import { WorkflowsPage } from '../../src/web/features/workflows/workflows-page';

export interface LiveNumbersStoryProps {
  /** The page's address with its filter, e.g. '/app/workflows?from=2025-04-01&to=2026-03-31'. */
  entry?: string;
  api: LiveInsightsApi;
  role?: Extract<Role, 'VERIFIER' | 'SUPERVISOR' | 'ADMIN'>;
  layout?: LayoutMachine;
}

const USERCODES = { VERIFIER: '1701', SUPERVISOR: '17', ADMIN: '17' } as const;

/** Where a click on a state led: the list route's address, shown so a story can check it. */
function OpenedList() {
  const location = useLocation();
  return <p data-testid="opened-list">{`${location.pathname}${location.search}`}</p>;
}

/** The Workflows page as the route renders it for a signed-in analyst, on fake insights calls. */
export function LiveNumbersStory({
  entry = '/app/workflows?from=2025-04-01&to=2026-03-31',
  api,
  role = 'VERIFIER',
  layout,
}: LiveNumbersStoryProps) {
  const viewer = { role, usercode: USERCODES[role], username: role.toLowerCase() };
  return (
    <LiveInsightsApiContext.Provider value={api}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path={paths.workflows} element={<WorkflowsPage liveViewer={viewer} layout={layout} />} />
          <Route path={paths.applicationsByStatus} element={<OpenedList />} />
        </Routes>
      </MemoryRouter>
    </LiveInsightsApiContext.Provider>
  );
}
