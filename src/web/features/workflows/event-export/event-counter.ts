import type { ExportFormat } from '../../../../../machines/insights-export';

/**
 * Counts the events of an export as its bytes arrive, without decoding or keeping them. Each format writes one
 * fixed marker per event (src/server/services/insights-events.format.ts):
 * - CSV: a line end per row; the first line is the header. No value of the export holds a line break (ids,
 *   codes, steps, statuses, roles and ISO times), so a line is an event.
 * - XES: `</event>` closes each event (the trace and log attributes are self-closing `<string .../>` tags).
 * - OCEL 2.0 JSON: each event object starts `{"id":"e<flow id>"`; the application objects start `{"id":"a`, and the
 *   head's object and event types use `"name"`, so only events match.
 * The markers are ASCII, and UTF-8 never uses an ASCII byte inside a multi-byte character, so matching bytes is
 * exact. A marker split across two chunks is found: the matcher carries how much of it the last chunk ended with.
 */
const MARKERS: Record<ExportFormat, { marker: string; notEvents: number }> = {
  csv: { marker: '\n', notEvents: 1 },
  xes: { marker: '</event>', notEvents: 0 },
  ocel: { marker: '{"id":"e', notEvents: 0 },
};

export interface EventCounter {
  /** Takes the next chunk; returns the events counted so far. */
  push(chunk: Uint8Array): number;
}

/** Knuth-Morris-Pratt over bytes: the fallback table lets a partial match continue into the next chunk. */
export function markerCounter(marker: string): { push(chunk: Uint8Array): number } {
  const pattern = new TextEncoder().encode(marker);
  const fallback = new Int32Array(pattern.length);
  for (let i = 1, k = 0; i < pattern.length; i += 1) {
    while (k > 0 && pattern[i] !== pattern[k]) k = fallback[k - 1];
    if (pattern[i] === pattern[k]) k += 1;
    fallback[i] = k;
  }
  let matched = 0;
  let found = 0;
  return {
    push(chunk) {
      for (let i = 0; i < chunk.length; i += 1) {
        const byte = chunk[i];
        while (matched > 0 && byte !== pattern[matched]) matched = fallback[matched - 1];
        if (byte === pattern[matched]) matched += 1;
        if (matched === pattern.length) {
          found += 1;
          matched = fallback[matched - 1];
        }
      }
      return found;
    },
  };
}

export function eventCounter(format: ExportFormat): EventCounter {
  const { marker, notEvents } = MARKERS[format];
  const markers = markerCounter(marker);
  return { push: (chunk) => Math.max(0, markers.push(chunk) - notEvents) };
}
