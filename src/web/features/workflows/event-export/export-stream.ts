import type { ExportProgress, ExportRequest, ExportResult } from '../../../../../machines/insights-export';
import { formatCount } from '../../../lib/numbers';
import { eventCounter } from './event-counter';
import { EXPORT_FORMAT_INFO, exportFileName } from './event-export-formats';
import { ExportFailure, openExport, type RequestEnv } from './export-request';
import { PickerDismissed, openSink, type ExportSink, type SinkEnv } from './export-sink';

/** Everything the export needs from the browser; stories and tests give fakes. */
export interface ExportEnv extends RequestEnv, SinkEnv {
  /** Progress is reported at most this often (each report re-renders the panel), and once at the end. */
  progressEveryMs: number;
  now(): number;
}

export const brokenOffMessage = (events: number, total: number) =>
  `The download broke off after ${formatCount(events)} of ${formatCount(total)} events. Nothing was saved; please try again.`;

export interface StreamCallbacks {
  signal: AbortSignal;
  onProgress: (progress: ExportProgress) => void;
}

/**
 * Streams one export into its sink: the headers first (the count), then where to save, then the body chunk by
 * chunk, counting events. Resolves with the saved file, or 'dismissed' when the save dialog was closed; rejects with
 * an ExportFailure (refusal, broken download) or, when aborted, with the abort. A log that ends short of the
 * server's count broke off: it is thrown away, not saved.
 */
export async function streamExport(
  request: ExportRequest,
  { signal, onProgress }: StreamCallbacks,
  env: ExportEnv,
): Promise<ExportResult | 'dismissed'> {
  const opened = await openExport(request, signal, env);
  const progress: ExportProgress = { events: 0, total: opened.total, bytes: 0 };
  onProgress({ ...progress });
  const info = EXPORT_FORMAT_INFO[request.format];
  const fileName = exportFileName(request, opened.serverName);
  let sink: ExportSink;
  try {
    sink = await openSink(
      { fileName, mime: info.mime, description: `${info.label} event log`, pickerExt: info.pickerExt },
      env,
    );
  } catch (err) {
    await opened.body.cancel().catch(() => undefined);
    if (err instanceof PickerDismissed) return 'dismissed';
    throw err;
  }
  const reader = opened.body.getReader();
  const counter = eventCounter(request.format);
  let reportedAt = env.now();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array<ArrayBuffer>>;
      try {
        chunk = await reader.read();
      } catch (err) {
        if (signal.aborted) throw err;
        throw new ExportFailure(brokenOffMessage(progress.events, opened.total ?? progress.events));
      }
      if (chunk.done) break;
      await sink.write(chunk.value);
      progress.events = counter.push(chunk.value);
      progress.bytes += chunk.value.byteLength;
      if (env.now() - reportedAt >= env.progressEveryMs) {
        reportedAt = env.now();
        onProgress({ ...progress });
      }
    }
    if (opened.total !== null && progress.events < opened.total) {
      throw new ExportFailure(brokenOffMessage(progress.events, opened.total));
    }
    onProgress({ ...progress });
    await sink.close();
    return { fileName, events: progress.events, bytes: progress.bytes, savedTo: sink.savedTo };
  } catch (err) {
    await sink.abort();
    await reader.cancel().catch(() => undefined);
    throw err;
  }
}
