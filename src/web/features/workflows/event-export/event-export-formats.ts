import type { ExportFilter, ExportFormat, ExportRequest } from '../../../../../machines/insights-export';
import {
  INSIGHTS_EVENTS_CSV_PATH,
  INSIGHTS_EVENTS_OCEL_PATH,
  INSIGHTS_EVENTS_XES_PATH,
} from '../../../../contract/insights.contract';

/** What the person picks from: each format's name, what it is for, where the server streams it, and its file. */
export interface ExportFormatInfo {
  label: string;
  purpose: string;
  path: string;
  /** The file name's ending. */
  ext: string;
  /** For the save dialog's file type (its extension list takes a single dot). */
  mime: string;
  pickerExt: string;
}

export const EXPORT_FORMAT_INFO: Record<ExportFormat, ExportFormatInfo> = {
  csv: {
    label: 'CSV',
    purpose: 'For spreadsheets and scripts: one line per event, the column names on the first line.',
    path: INSIGHTS_EVENTS_CSV_PATH,
    ext: 'csv',
    mime: 'text/csv',
    pickerExt: '.csv',
  },
  xes: {
    label: 'XES',
    purpose: 'For process-mining tools (ProM, Disco, pm4py): one trace per application, IEEE 1849 XES.',
    path: INSIGHTS_EVENTS_XES_PATH,
    ext: 'xes',
    mime: 'application/xml',
    pickerExt: '.xes',
  },
  ocel: {
    label: 'OCEL 2.0 JSON',
    purpose: 'For object-centric process mining: each event related to its application object.',
    path: INSIGHTS_EVENTS_OCEL_PATH,
    ext: 'ocel.json',
    mime: 'application/json',
    pickerExt: '.json',
  },
};

/** The narrowest code of the filter: the area the export is about, when the filter names one. */
export function filterArea(filter: ExportFilter): string | null {
  return filter.wardCode || filter.localityCode || filter.stationCode || filter.districtCode || null;
}

/**
 * The saved file's name, with the area and the period: mrss-events-1701-2026-01-01-to-2026-12-31.csv. The area
 * is the one the server answered for (its attachment name, `mrss-events-<area>-<from>-<to>.<ext>`), which also
 * covers a verifier who named no district; else the filter's narrowest code, else 'state'.
 */
export function exportFileName(request: ExportRequest, serverName: string | null): string {
  const { from, to } = request.filter;
  const answered = serverName?.match(/^mrss-events-(.+)-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\./)?.[1];
  const area = answered ?? filterArea(request.filter) ?? 'state';
  return `mrss-events-${area}-${from}-to-${to}.${EXPORT_FORMAT_INFO[request.format].ext}`;
}

/** The file name of a Content-Disposition header (`attachment; filename="..."`), or null. */
export function attachmentName(header: string | null): string | null {
  return header?.match(/filename="([^"]+)"/)?.[1] ?? null;
}
