import { useCallback, useState } from 'react';
import {
  forgetReport,
  keepReport,
  readCoverageReport,
  restoreReport,
  type StoredReport,
} from './coverage-report-file';

/** Where the dev server offers the last report (Vite serves the project's files in development only). */
export const DEV_REPORT_URL = '/coverage/model/model-coverage.json';

export interface CoverageReportState {
  loaded: StoredReport | null;
  /** Why the last file could not be used; the report shown before it (if any) stays. */
  error: string | null;
  /** False when the tab's storage refused the report: it is shown until the page is reloaded. */
  keptForTab: boolean;
  open: (file: File) => Promise<void>;
  /** Development only: reads the report `npm run test:model` last wrote in this checkout. */
  openLocal: () => Promise<void>;
  clear: () => void;
}

const tabStorage = () => window.sessionStorage;

/** The coverage report the gallery lays over its diagrams, kept for the tab (sessionStorage) until cleared. */
export function useCoverageReport(): CoverageReportState {
  const [loaded, setLoaded] = useState<StoredReport | null>(() => restoreReport(tabStorage()));
  const [error, setError] = useState<string | null>(null);
  const [keptForTab, setKeptForTab] = useState(true);

  const accept = useCallback((text: string, fileName: string) => {
    const reading = readCoverageReport(text, fileName);
    if (!reading.ok) {
      setError(reading.message);
      return;
    }
    const stored = { fileName, report: reading.report };
    setError(null);
    setLoaded(stored);
    setKeptForTab(keepReport(tabStorage(), stored));
  }, []);

  const open = useCallback(
    async (file: File) => {
      try {
        accept(await file.text(), file.name);
      } catch {
        setError(`“${file.name}” could not be read. Choose the file again.`);
      }
    },
    [accept],
  );

  const openLocal = useCallback(async () => {
    try {
      const response = await fetch(DEV_REPORT_URL);
      if (!response.ok) throw new Error(String(response.status));
      accept(await response.text(), DEV_REPORT_URL.slice(1));
    } catch {
      setError(`No report at ${DEV_REPORT_URL.slice(1)}: run npm run test:model first.`);
    }
  }, [accept]);

  const clear = useCallback(() => {
    forgetReport(tabStorage());
    setLoaded(null);
    setError(null);
    setKeptForTab(true);
  }, []);

  return { loaded, error, keptForTab, open, openLocal, clear };
}
