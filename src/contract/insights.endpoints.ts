import { endpoint } from './endpoint';
import {
  INSIGHTS_EVENTS_CSV_PATH,
  INSIGHTS_EVENTS_OCEL_PATH,
  INSIGHTS_EVENTS_XES_PATH,
  INSIGHTS_LIFECYCLE_PATH,
  insightsFilterSchema,
  lifecycleInsightsSchema,
  lifecycleRequestSchema,
} from './insights.contract';
import { INSIGHTS_ROLES } from './roles';

// The insights' endpoints (docs/insights.md), apart from insights.contract.ts (their schemas and paths).

const analysts = { staff: INSIGHTS_ROLES } as const;

/** One format of the event-log export: a file streamed by the handler, not JSON. */
const exportEndpoint = (path: string) =>
  endpoint({
    method: 'GET',
    path: `/${path}`,
    access: analysts,
    tag: 'insights',
    query: insightsFilterSchema,
    reply: null,
  });

/** The lifecycle's live numbers and the event-log export, for the analysts' roles. */
export const INSIGHTS_ENDPOINTS = {
  lifecycle: endpoint({
    method: 'POST',
    path: `/${INSIGHTS_LIFECYCLE_PATH}`,
    access: analysts,
    tag: 'insights',
    body: lifecycleRequestSchema,
    reply: lifecycleInsightsSchema,
  }),
  eventsCsv: exportEndpoint(INSIGHTS_EVENTS_CSV_PATH),
  eventsXes: exportEndpoint(INSIGHTS_EVENTS_XES_PATH),
  eventsOcel: exportEndpoint(INSIGHTS_EVENTS_OCEL_PATH),
};
