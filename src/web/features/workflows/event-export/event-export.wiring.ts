import { fromCallback } from 'xstate';
import {
  insightsExportMachine,
  type ExportRequest,
  type InsightsExportEvent,
} from '../../../../../machines/insights-export';
import { SERVER_ISSUE_MESSAGE } from '../../../api/client';
import { getAccessToken } from '../../../lib/session-store';
import { saveBlob } from '../../../lib/pdf-download';
import { ExportFailure } from './export-request';
import type { SaveFilePicker } from './export-sink';
import { streamExport, type ExportEnv } from './export-stream';

/** The browser's own: fetch with the session's token, the save dialog where the browser has one, a Blob else. */
export function browserExportEnv(): ExportEnv {
  const picker = (window as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
  return {
    fetch: (...args) => window.fetch(...args),
    accessToken: getAccessToken,
    showSaveFilePicker: picker?.bind(window),
    saveBlob,
    progressEveryMs: 100,
    now: () => performance.now(),
  };
}

/**
 * The export machine with the streaming actor: progress, then finished or failed, sent back to the machine; the
 * save dialog closed counts as a cancel. Stopping the actor (Cancel, or the panel unmounted) aborts the request,
 * which ends the read and discards the file.
 */
export function insightsExportLogic(env: ExportEnv) {
  return insightsExportMachine.provide({
    actors: {
      streamExport: fromCallback<InsightsExportEvent, ExportRequest>(({ input, sendBack }) => {
        const controller = new AbortController();
        const { signal } = controller;
        streamExport(
          input,
          { signal, onProgress: (progress) => sendBack({ type: 'export.progress', progress }) },
          env,
        ).then(
          (outcome) => {
            if (signal.aborted) return;
            if (outcome === 'dismissed') sendBack({ type: 'export.cancel' });
            else sendBack({ type: 'export.finished', result: outcome });
          },
          (err: unknown) => {
            if (signal.aborted) return;
            const message = err instanceof ExportFailure ? err.message : SERVER_ISSUE_MESSAGE;
            sendBack({ type: 'export.failed', message });
          },
        );
        return () => controller.abort();
      }),
    },
  });
}
