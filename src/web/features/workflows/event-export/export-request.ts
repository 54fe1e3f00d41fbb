import type { ExportRequest } from '../../../../../machines/insights-export';
import { API_BASE } from '../../../../contract/api-base';
import { TOTAL_EVENTS_HEADER, insightsQuery } from '../../../../contract/insights.contract';
import { AUTH_FAILED_MESSAGE, NETWORK_ERROR_MESSAGE, SERVER_ISSUE_MESSAGE } from '../../../api/client';
import { EXPORT_FORMAT_INFO, attachmentName } from './event-export-formats';

/** A failure to show the person as it is: the server's own message, or what went wrong in words. */
export class ExportFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportFailure';
  }
}

export interface RequestEnv {
  fetch: typeof fetch;
  /** The official's bearer token, as the app's HTTP client sends it. */
  accessToken(): string | null;
}

export interface OpenedExport {
  body: ReadableStream<Uint8Array<ArrayBuffer>>;
  /** X-Total-Events: the events the server counted before the first byte; null when absent or unreadable. */
  total: number | null;
  /** The server's attachment name, for the area it answered for. */
  serverName: string | null;
}

export function exportUrl(request: ExportRequest): string {
  return `${API_BASE}/${EXPORT_FORMAT_INFO[request.format].path}?${insightsQuery(request.filter)}`;
}

/** The server's `{ message }` of a refusal (403) or bad input (400), else words for the status. */
async function failureOf(response: Response): Promise<ExportFailure> {
  const data: unknown = await response.json().catch(() => null);
  const message = (data as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message.trim()) return new ExportFailure(message);
  return new ExportFailure(response.status === 401 ? AUTH_FAILED_MESSAGE : SERVER_ISSUE_MESSAGE);
}

/**
 * Starts the download with plain fetch (the app's ofetch client would abort a body that takes longer than its
 * 10 s timeout and reports an abort as a lost connection) and the same bearer token. Resolves once the headers
 * are in: the body is still to be read.
 */
export async function openExport(
  request: ExportRequest,
  signal: AbortSignal,
  env: RequestEnv,
): Promise<OpenedExport> {
  const token = env.accessToken();
  let response: Response;
  try {
    response = await env.fetch(exportUrl(request), {
      signal,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new ExportFailure(NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) throw await failureOf(response);
  if (!response.body) throw new ExportFailure(SERVER_ISSUE_MESSAGE);
  const total = Number(response.headers.get(TOTAL_EVENTS_HEADER) ?? Number.NaN);
  return {
    body: response.body,
    total: Number.isInteger(total) && total >= 0 ? total : null,
    serverName: attachmentName(response.headers.get('content-disposition')),
  };
}
