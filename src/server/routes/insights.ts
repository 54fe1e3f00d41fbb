import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TOTAL_EVENTS_HEADER, type InsightsFilter } from '../../contract/insights.contract';
import { INSIGHTS_ENDPOINTS } from '../../contract/insights.endpoints';
import type { AppDeps } from '../deps';
import { serve } from '../http/serve-endpoint';
import { staffOf } from '../security/auth-guard';
import { refuseOutsideJurisdiction } from '../security/refusals';
import { insightsAreaOf, type InsightsArea } from '../services/insights-area';
import {
  CSV_HEADER,
  OCEL_TAIL,
  OcelWriter,
  XES_HEAD,
  XES_TAIL,
  XesTraces,
  csvLines,
  ocelHead,
} from '../services/insights-events.format';
import { FLOW_STEPS } from '../../../machines/application/statuses';
import { countEvents, flowEvents, type EventsQuery } from '../services/insights-events.service';
import { lifecycleInsights } from '../services/insights-lifecycle.service';
import { OUTSIDE_REPORT_MESSAGE } from '../services/report-scope';
import type { ZodApi } from '../http/zod-api';

/** The viewer's area for the filter, or an audited 403 when the filter lies outside the viewer's jurisdiction. */
async function areaOrRefuse(deps: AppDeps, request: FastifyRequest, filter: InsightsFilter) {
  const outcome = insightsAreaOf(staffOf(request), filter);
  if ('refusal' in outcome) {
    request.log.info({ refusal: outcome.refusal }, 'insights outside jurisdiction');
    return refuseOutsideJurisdiction(deps, request, OUTSIDE_REPORT_MESSAGE);
  }
  return outcome.area;
}

const attachmentName = (area: InsightsArea, filter: InsightsFilter, ext: string) =>
  `mrss-events-${area.code ?? 'state'}-${filter.from}-${filter.to}.${ext}`;

/** Streams the export: the count header first, then the body batch by batch with the socket's backpressure. */
async function sendEvents(
  deps: AppDeps,
  reply: FastifyReply,
  query: EventsQuery,
  format: {
    ext: string;
    type: string;
    head: string;
    tail: () => string;
    /** Given a fresh read of the events per call (OCEL reads them twice). */
    body: (read: () => ReturnType<typeof flowEvents>) => AsyncGenerator<string>;
  },
) {
  const total = await countEvents(deps.db, query);
  async function* chunks() {
    yield format.head;
    yield* format.body(() => flowEvents(deps.db, query));
    yield format.tail();
  }
  return reply
    .header(TOTAL_EVENTS_HEADER, String(total))
    .header('access-control-expose-headers', TOTAL_EVENTS_HEADER)
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${attachmentName(query.area, query, format.ext)}"`)
    .type(format.type)
    .send(Readable.from(chunks()));
}

/** The lifecycle's live numbers and the event-log export (docs/insights.md). */
export function registerInsightsRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { clock } = deps;

  serve(api, deps, INSIGHTS_ENDPOINTS.lifecycle, async (request) => {
    const area = await areaOrRefuse(deps, request, request.body);
    const { from, to, serviceLimitDays } = request.body;
    return lifecycleInsights(deps.db, { area, from, to, serviceLimitDays, now: clock.now() });
  });

  serve(api, deps, INSIGHTS_ENDPOINTS.eventsCsv, async (request, reply) => {
    const area = await areaOrRefuse(deps, request, request.query);
    return sendEvents(
      deps,
      reply,
      { area, from: request.query.from, to: request.query.to },
      {
        ext: 'csv',
        type: 'text/csv; charset=utf-8',
        head: CSV_HEADER,
        tail: () => '',
        body: async function* (read) {
          for await (const events of read()) yield csvLines(events);
        },
      },
    );
  });

  serve(api, deps, INSIGHTS_ENDPOINTS.eventsXes, async (request, reply) => {
    const area = await areaOrRefuse(deps, request, request.query);
    const traces = new XesTraces();
    return sendEvents(
      deps,
      reply,
      { area, from: request.query.from, to: request.query.to },
      {
        ext: 'xes',
        type: 'application/xml; charset=utf-8',
        head: XES_HEAD,
        tail: () => traces.close() + XES_TAIL,
        body: async function* (read) {
          for await (const events of read()) yield traces.write(events);
        },
      },
    );
  });

  serve(api, deps, INSIGHTS_ENDPOINTS.eventsOcel, async (request, reply) => {
    const area = await areaOrRefuse(deps, request, request.query);
    const writer = new OcelWriter();
    return sendEvents(
      deps,
      reply,
      { area, from: request.query.from, to: request.query.to },
      {
        ext: 'ocel.json',
        type: 'application/json; charset=utf-8',
        head: ocelHead(FLOW_STEPS),
        tail: () => OCEL_TAIL,
        body: async function* (read) {
          for await (const events of read()) yield writer.events(events);
          yield writer.startObjects();
          for await (const events of read()) yield writer.objects(events);
        },
      },
    );
  });

  return Promise.resolve();
}
