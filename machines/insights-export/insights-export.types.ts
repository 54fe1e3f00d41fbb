/**
 * The event-log export of the lifecycle's live numbers (issue 12 part 3; docs/event-export.md): what the browser
 * asks for, what it has received so far and how it ended. Kept free of the contract (machines import only xstate):
 * the filter is the contract's InsightsFilter by shape.
 */

export const EXPORT_FORMATS = ['csv', 'xes', 'ocel'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The period (yyyy-MM-dd, both included) and, optionally, the node of the jurisdiction tree to narrow to. */
export interface ExportFilter {
  from: string;
  to: string;
  districtCode?: string;
  stationCode?: string;
  localityCode?: string;
  wardCode?: string;
}

export interface ExportRequest {
  format: ExportFormat;
  filter: ExportFilter;
}

/** How far the download is: events counted in the stream, of the server's X-Total-Events (null: not sent). */
export interface ExportProgress {
  events: number;
  total: number | null;
  bytes: number;
}

/** Where the file went: written chunk by chunk to a file the person picked, or handed over as one download. */
export type SavedTo = 'file' | 'download';

export interface ExportResult {
  fileName: string;
  events: number;
  bytes: number;
  savedTo: SavedTo;
}

export interface InsightsExportContext {
  format: ExportFormat;
  /** The request of the last download started: what is running, or what failed. */
  request: ExportRequest | null;
  progress: ExportProgress;
  result: ExportResult | null;
  /** Why the last download failed, in words for the person (the server's own message when it sent one). */
  error: string | null;
}

export type InsightsExportEvent =
  | { type: 'format.change'; format: ExportFormat }
  | { type: 'export.start'; filter: ExportFilter }
  | { type: 'export.cancel' }
  /** Sent by the streaming actor as chunks arrive. */
  | { type: 'export.progress'; progress: ExportProgress }
  /** Sent by the streaming actor when the whole log is saved. */
  | { type: 'export.finished'; result: ExportResult }
  /** Sent by the streaming actor when the server refused or the download broke off. */
  | { type: 'export.failed'; message: string };

export const NO_PROGRESS: ExportProgress = { events: 0, total: null, bytes: 0 };
