import { useState } from 'react';
import { Box } from '@mantine/core';
import {
  EVENT_COLUMNS,
  TOTAL_EVENTS_HEADER,
  type InsightsFilter,
} from '../../src/contract/insights.contract';
import { ExportEnvContext } from '../../src/web/features/workflows/event-export/event-export-actor';
import { EventExportPanel } from '../../src/web/features/workflows/event-export/event-export-panel';
import type { SaveFilePicker } from '../../src/web/features/workflows/event-export/export-sink';
import type { ExportEnv } from '../../src/web/features/workflows/event-export/export-stream';

// A fake server for the event-log export's stories and dom tests: a streamed Response of any body, cut into chunks
// of any size, that can stop midway until it is aborted, or a refusal with the server's message.

export const STORY_FILTER: InsightsFilter = { from: '2026-01-01', to: '2026-12-31', districtCode: '1701' };
export const STORY_SERVER_NAME = 'mrss-events-1701-2026-01-01-2026-12-31.csv';

/** A CSV export of `events` flow entries, as the server writes it (header, then one CRLF line per event). */
export function csvExport(events: number): string {
  const lines = Array.from({ length: events }, (_, i) =>
    [9000 + i, 100 + Math.floor(i / 3), 'submitted', '2026-02-01T10:00:00.000Z', 'LARP', 'LANDLORD'].concat([
      'PS1701001LA01W01',
      'PS1701001LA01',
      'PS1701001',
    ]),
  );
  return [EVENT_COLUMNS, ...lines].map((cells) => `${cells.join(',')}\r\n`).join('');
}

export interface FakeExport {
  /** The whole body the server streams. */
  body?: string;
  /** X-Total-Events; null sends none. Defaults to the CSV body's line count less the header. */
  total?: number | null;
  chunkBytes?: number;
  /** The stream stops after this many bytes and waits (until aborted). */
  stallAfterBytes?: number;
  /** A refusal instead of the body. */
  refusal?: { status: number; message: string };
  serverName?: string;
}

/** What the fake saw: the requests, aborts and the files saved (by download or through the save dialog). */
export interface FakeRecord {
  urls: string[];
  authorizations: (string | null)[];
  aborts: number;
  saved: { fileName: string; text: string; savedTo: 'file' | 'download' }[];
}

function fakeBody(fake: FakeExport, signal: AbortSignal | undefined, record: FakeRecord) {
  const bytes = new TextEncoder().encode(fake.body ?? '');
  const chunk = fake.chunkBytes ?? 256;
  let at = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      signal?.addEventListener('abort', () => {
        record.aborts += 1;
        controller.error(new DOMException('The operation was aborted.', 'AbortError'));
      });
    },
    pull(controller) {
      if (fake.stallAfterBytes !== undefined && at >= fake.stallAfterBytes) return new Promise(() => {});
      if (at >= bytes.length) return controller.close();
      const end = Math.min(bytes.length, at + chunk, fake.stallAfterBytes ?? Number.POSITIVE_INFINITY);
      controller.enqueue(bytes.slice(at, end));
      at = end;
    },
  });
}

/** A save dialog that writes into the record, as Chromium's writes into the picked file. */
function fakePicker(record: FakeRecord): SaveFilePicker {
  return ({ suggestedName }) =>
    Promise.resolve({
      createWritable: () => {
        const parts: Uint8Array[] = [];
        const writable = {
          write: (chunk: Uint8Array) => Promise.resolve(void parts.push(chunk)),
          close: async () => {
            const text = await new Blob(parts as BlobPart[]).text();
            record.saved.push({ fileName: suggestedName, text, savedTo: 'file' });
          },
          abort: () => Promise.resolve(),
        };
        return Promise.resolve(writable as unknown as FileSystemWritableFileStream);
      },
    });
}

export function fakeExportEnv(
  fake: FakeExport,
  options: { picker?: SaveFilePicker | 'fake' } = {},
): ExportEnv & { record: FakeRecord } {
  const record: FakeRecord = { urls: [], authorizations: [], aborts: 0, saved: [] };
  const lines = fake.body?.split('\n').length ?? 1;
  const total = fake.total === undefined ? Math.max(0, lines - 2) : fake.total;
  return {
    record,
    fetch: (input, init) => {
      record.urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      record.authorizations.push(new Headers(init?.headers).get('authorization'));
      const signal = init?.signal ?? undefined;
      if (fake.refusal) {
        const { status, message } = fake.refusal;
        return Promise.resolve(Response.json({ message }, { status }));
      }
      const headers = new Headers({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${fake.serverName ?? STORY_SERVER_NAME}"`,
      });
      if (total !== null) headers.set(TOTAL_EVENTS_HEADER, String(total));
      return Promise.resolve(new Response(fakeBody(fake, signal, record), { status: 200, headers }));
    },
    accessToken: () => 'story-token',
    showSaveFilePicker: options.picker === 'fake' ? fakePicker(record) : options.picker,
    saveBlob: (blob, fileName) =>
      void blob.text().then((text) => record.saved.push({ fileName, text, savedTo: 'download' })),
    progressEveryMs: 0,
    now: () => Date.now(),
  };
}

export interface EventExportStoryProps {
  fake?: FakeExport;
  /** The panel's width: 360 for a phone. */
  width?: number;
  /** A fixed environment (tests read its record); a fresh fake of `fake` when absent. */
  env?: ExportEnv;
}

/** The panel with a fake server, for a period of district 1701. */
export function EventExportStory({ fake = {}, width, env }: EventExportStoryProps) {
  const [fixed] = useState(() => env ?? fakeExportEnv(fake));
  return (
    <ExportEnvContext.Provider value={fixed}>
      <Box maw={width}>
        <EventExportPanel filter={STORY_FILTER} />
      </Box>
    </ExportEnvContext.Provider>
  );
}
