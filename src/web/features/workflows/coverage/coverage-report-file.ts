import { modelCoverageReportSchema, type ModelCoverageReport } from './model-coverage-report.schema';

/**
 * Reading a coverage report a person opened (or the dev server offered), and keeping it for the browser tab. A file
 * that is not JSON, or not the report's shape, gives a message that says what was wrong and changes nothing.
 */
export type ReportReading = { ok: true; report: ModelCoverageReport } | { ok: false; message: string };

const WHICH_FILE =
  'Open coverage/model/model-coverage.json, the report that npm run test:model writes (docs/model-coverage.md).';

export function readCoverageReport(text: string, fileName: string): ReportReading {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: `“${fileName}” is not a coverage report: it is not JSON. ${WHICH_FILE}` };
  }
  return checkCoverageReport(json, fileName);
}

/** A JSON value checked against the report's schema. */
export function checkCoverageReport(json: unknown, fileName: string): ReportReading {
  const parsed = modelCoverageReportSchema.safeParse(json);
  if (parsed.success) return { ok: true, report: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue.path.length > 0 ? issue.path.join('.') : 'the whole file';
  return {
    ok: false,
    message: `“${fileName}” is not a coverage report (${where}: ${issue.message.toLowerCase()}). ${WHICH_FILE}`,
  };
}

/** A report in the tab's storage: its name, and the report without what the gallery does not draw. */
export interface StoredReport {
  fileName: string;
  report: ModelCoverageReport;
}

export const COVERAGE_STORAGE_KEY = 'mrss.workflows.coverageReport';

type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The report kept for this tab, if a readable one is there (an unreadable one is dropped). */
export function restoreReport(storage: TabStorage): StoredReport | null {
  const text = storage.getItem(COVERAGE_STORAGE_KEY);
  if (text === null) return null;
  try {
    const { fileName, report } = JSON.parse(text) as { fileName?: unknown; report?: unknown };
    const reading = checkCoverageReport(report, String(fileName));
    if (reading.ok && typeof fileName === 'string') return { fileName, report: reading.report };
  } catch {
    // unreadable: dropped below
  }
  storage.removeItem(COVERAGE_STORAGE_KEY);
  return null;
}

/** Keeps the report for the tab; false when the storage refused it (too big, or storage off): kept in memory only. */
export function keepReport(storage: TabStorage, stored: StoredReport): boolean {
  try {
    storage.setItem(COVERAGE_STORAGE_KEY, JSON.stringify(stored));
    return true;
  } catch {
    storage.removeItem(COVERAGE_STORAGE_KEY);
    return false;
  }
}

export function forgetReport(storage: TabStorage): void {
  storage.removeItem(COVERAGE_STORAGE_KEY);
}
