import type { SavedTo } from '../../../../../machines/insights-export';

/**
 * Where the export's chunks go as they arrive (docs/event-export.md, "Memory"):
 * - with the File System Access API (Chromium: `window.showSaveFilePicker`), straight into the file the person
 *   picks, chunk by chunk: the page holds one chunk at a time, whatever the size of the log;
 * - without it, into a Blob that is handed over as a download at the end. Chunks are rolled into a Blob every few
 *   megabytes, which moves their bytes from the page's heap into the browser's blob store (which Chromium and
 *   Firefox spill to disk when large), but the whole log still passes through the browser before it is saved.
 */
export interface ExportSink {
  readonly savedTo: SavedTo;
  write(chunk: Uint8Array<ArrayBuffer>): Promise<void>;
  /** The file is whole: keep it. */
  close(): Promise<void>;
  /** Stopped or broken off: keep nothing. */
  abort(): Promise<void>;
}

/** The part of the File System Access API the export uses (not in TypeScript's DOM types yet). */
export type SaveFilePicker = (options: {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}) => Promise<Pick<FileSystemFileHandle, 'createWritable'>>;

export interface SinkEnv {
  showSaveFilePicker?: SaveFilePicker;
  saveBlob(blob: Blob, fileName: string): void;
}

export interface SinkFile {
  fileName: string;
  mime: string;
  description: string;
  pickerExt: string;
}

/** The person closed the save dialog: the export stops as if cancelled. */
export class PickerDismissed extends Error {
  constructor() {
    super('The save dialog was closed.');
    this.name = 'PickerDismissed';
  }
}

/** Chunks are rolled into one Blob part once this many bytes wait in the page's heap. */
export const BLOB_ROLL_BYTES = 4 * 1024 * 1024;

function blobSink(file: SinkFile, env: SinkEnv): ExportSink {
  let parts: BlobPart[] = [];
  let waiting = 0;
  return {
    savedTo: 'download',
    write(chunk) {
      parts.push(chunk);
      waiting += chunk.byteLength;
      if (waiting >= BLOB_ROLL_BYTES) {
        parts = [new Blob(parts)];
        waiting = 0;
      }
      return Promise.resolve();
    },
    close() {
      env.saveBlob(new Blob(parts, { type: file.mime }), file.fileName);
      parts = [];
      return Promise.resolve();
    },
    abort() {
      parts = [];
      return Promise.resolve();
    },
  };
}

/**
 * Asks where to save when the browser can, else collects a Blob. A closed dialog stops the export; a picker that
 * refuses for another reason (no user gesture left after a slow server, a sandboxed frame) falls back to the Blob.
 */
export async function openSink(file: SinkFile, env: SinkEnv): Promise<ExportSink> {
  if (!env.showSaveFilePicker) return blobSink(file, env);
  let handle: Pick<FileSystemFileHandle, 'createWritable'>;
  try {
    handle = await env.showSaveFilePicker({
      suggestedName: file.fileName,
      types: [{ description: file.description, accept: { [file.mime]: [file.pickerExt] } }],
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw new PickerDismissed();
    return blobSink(file, env);
  }
  const writable = await handle.createWritable();
  return {
    savedTo: 'file',
    write: (chunk) => writable.write(chunk),
    close: () => writable.close(),
    // An aborted writable discards what was written to its swap file: the picked file keeps its old content.
    abort: () => writable.abort().catch(() => undefined),
  };
}
