import {
  DEFAULT_SERVICE_LIMIT_DAYS,
  lifecycleRequestSchema,
  type LifecycleRequest,
} from '../../contract/insights.contract';
import { jurisdictionLevelOf, type StatusCode } from '../../../machines/application';
import { generatePath } from 'react-router';
import { paths } from '../app/paths';

/**
 * The lifecycle's live-numbers filter as it is kept in an address (docs/insights-page.md): the Workflows page's
 * live view writes it, and the list of one state's applications reads it, to name its area and to link back to
 * the same numbers. Absent fields take their defaults, so a bare address shows the last twelve months.
 */
export interface LifecycleFilter {
  from: string;
  to: string;
  district: string | null;
  station: string | null;
  locality: string | null;
  ward: string | null;
  /** The service limit, days from submission; kept as typed so a bad value can be shown, not silently fixed. */
  limit: string;
}

export const FILTER_PARAMS = ['from', 'to', 'district', 'station', 'locality', 'ward', 'limit'] as const;

const DAY_MS = 86_400_000;

/** The default period: the twelve months up to today, both ends included (365 days). */
export function defaultPeriod(today: string): { from: string; to: string } {
  const end = Date.parse(`${today}T00:00:00Z`);
  return { from: new Date(end - 364 * DAY_MS).toISOString().slice(0, 10), to: today };
}

/** The filter an address holds; whatever it lacks takes its default. */
export function readLifecycleFilter(params: URLSearchParams, today: string): LifecycleFilter {
  const period = defaultPeriod(today);
  const text = (name: string) => params.get(name)?.trim() || null;
  return {
    from: text('from') ?? period.from,
    to: text('to') ?? period.to,
    district: text('district'),
    station: text('station'),
    locality: text('locality'),
    ward: text('ward'),
    limit: text('limit') ?? String(DEFAULT_SERVICE_LIMIT_DAYS),
  };
}

/** Writes the filter into `params` (other parameters are kept); defaults and empty fields are left out. */
export function writeLifecycleFilter(params: URLSearchParams, filter: LifecycleFilter, today: string) {
  const period = defaultPeriod(today);
  const defaults: Record<string, string | null> = {
    from: period.from,
    to: period.to,
    limit: String(DEFAULT_SERVICE_LIMIT_DAYS),
  };
  for (const name of FILTER_PARAMS) {
    const value = filter[name];
    if (value && value !== defaults[name]) params.set(name, value);
    else params.delete(name);
  }
  return params;
}

/** The narrowest place the filter names, or null for the viewer's whole area. */
export function filterArea(filter: LifecycleFilter): string | null {
  return filter.ward ?? filter.locality ?? filter.station ?? filter.district;
}

const LEVEL_WORDS = {
  state: 'the state',
  district: 'district',
  station: 'police station',
  locality: 'locality',
  ward: 'sub-locality/ward',
} as const;

/** The area in words: the filter's narrowest place, else the viewer's own (a verifier's district, or the state). */
export function areaName(filter: LifecycleFilter, viewer: { role: string; usercode: string }): string {
  const code = filterArea(filter);
  if (!code) return viewer.role === 'VERIFIER' ? `your district (${viewer.usercode})` : 'the whole state';
  const level = jurisdictionLevelOf(code);
  return level ? `${LEVEL_WORDS[level]} ${code}` : code;
}

export type FilterCheck = { ok: true; request: LifecycleRequest } | { ok: false; problems: string[] };

/** The request the filter makes, checked by the contract's own schema (the server's rules and words). */
export function lifecycleRequestOf(filter: LifecycleFilter): FilterCheck {
  const limit = /^\d+$/.test(filter.limit) ? Number(filter.limit) : Number.NaN;
  const request: LifecycleRequest = {
    from: filter.from,
    to: filter.to,
    serviceLimitDays: limit,
    ...(filter.district ? { districtCode: filter.district } : {}),
    ...(filter.station ? { stationCode: filter.station } : {}),
    ...(filter.locality ? { localityCode: filter.locality } : {}),
    ...(filter.ward ? { wardCode: filter.ward } : {}),
  };
  const checked = lifecycleRequestSchema.safeParse(request);
  if (checked.success) return { ok: true, request };
  return { ok: false, problems: [...new Set(checked.error.issues.map((issue) => issue.message))] };
}

/** The list of one status's applications for the filter's area, carrying the filter to link back with. */
export function stateListAddress(status: StatusCode, filter: LifecycleFilter, today: string): string {
  const query = writeLifecycleFilter(new URLSearchParams(), filter, today).toString();
  return `${generatePath(paths.applicationsByStatus, { status })}${query ? `?${query}` : ''}`;
}

/** The live numbers of the lifecycle for the same filter. */
export function liveNumbersAddress(filter: LifecycleFilter, today: string): string {
  const params = new URLSearchParams({ machine: 'applicationLifecycle', view: 'live' });
  return `${paths.workflows}?${writeLifecycleFilter(params, filter, today).toString()}`;
}
