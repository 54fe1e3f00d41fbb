import { describe, expect, it } from 'vitest';
import type { ExportFormat } from '../../../machines/insights-export';
import { FLOW_STEPS } from '../../../machines/application/statuses';
import {
  CSV_HEADER,
  OCEL_TAIL,
  OcelWriter,
  XES_HEAD,
  XES_TAIL,
  XesTraces,
  csvLines,
  ocelHead,
} from '../../../src/server/services/insights-events.format';
import type { FlowEvent } from '../../../src/server/services/insights-events.service';
import { eventCounter, markerCounter } from '../../../src/web/features/workflows/event-export/event-counter';

// The panel counts events in the bytes as they arrive. The logs here are written by the server's own writers
// (insights-events.format.ts), in two batches as the server streams them, then cut into chunks every way that
// matters: one byte at a time, odd fixed sizes, random cuts, and a cut inside every single marker.

const EVENTS = 157;
const events: FlowEvent[] = Array.from({ length: EVENTS }, (_, i) => ({
  eventId: 5000 + i,
  caseId: 200 + Math.floor(i / 4),
  activity: FLOW_STEPS[i % FLOW_STEPS.length],
  timestamp: new Date(Date.UTC(2026, 0, 1 + (i % 300), 9, i % 60)).toISOString(),
  status: ['LARP', 'LAVP', 'PLVP', 'RJT'][i % 4],
  resourceRole: i % 5 === 0 ? '' : 'LOCALITY',
  wardCode: 'PS1701001LA01W01',
  localityCode: 'PS1701001LA01',
  stationCode: 'PS1701001',
}));
const batches = [events.slice(0, 60), events.slice(60)];

function written(format: ExportFormat, list: FlowEvent[][] = batches): string {
  if (format === 'csv') return CSV_HEADER + list.map(csvLines).join('');
  if (format === 'xes') {
    const traces = new XesTraces();
    return XES_HEAD + list.map((batch) => traces.write(batch)).join('') + traces.close() + XES_TAIL;
  }
  const writer = new OcelWriter();
  const body = list.map((batch) => writer.events(batch)).join('');
  const between = writer.startObjects();
  const objects = list.map((batch) => writer.objects(batch)).join('');
  return ocelHead(FLOW_STEPS) + body + between + objects + OCEL_TAIL;
}

const MARKER: Record<ExportFormat, string> = { csv: '\n', xes: '</event>', ocel: '{"id":"e' };
const FORMATS: ExportFormat[] = ['csv', 'xes', 'ocel'];

/** Counts `bytes` pushed in chunks cut at `cuts` (sorted offsets). */
function countCut(format: ExportFormat, bytes: Uint8Array, cuts: number[]): number {
  const counter = eventCounter(format);
  let count = 0;
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    count = counter.push(bytes.subarray(at, cut));
    at = cut;
  }
  return count;
}

/** A small deterministic generator, so a failing cut can be replayed. */
function randomCuts(length: number, seed: number, count: number): number[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return Array.from({ length: count }, () => Math.floor(next() * length)).sort((a, b) => a - b);
}

describe.each(FORMATS)('the %s event counter', (format) => {
  const text = written(format);
  const bytes = new TextEncoder().encode(text);

  it('the log written by the server is what the test thinks it is', () => {
    if (format === 'ocel') expect(JSON.parse(text).events).toHaveLength(EVENTS);
    if (format === 'xes') expect(text.match(/<event>/g)).toHaveLength(EVENTS);
    if (format === 'csv') expect(text.trimEnd().split('\r\n')).toHaveLength(EVENTS + 1);
  });

  it('counts every event of the whole log in one chunk', () => {
    expect(countCut(format, bytes, [])).toBe(EVENTS);
  });

  it('counts the same one byte at a time', () => {
    expect(
      countCut(
        format,
        bytes,
        Array.from({ length: bytes.length - 1 }, (_, i) => i + 1),
      ),
    ).toBe(EVENTS);
  });

  it.each([2, 3, 7, 13, 64, 1000])('counts the same in chunks of %i bytes', (size) => {
    const cuts = Array.from({ length: Math.floor((bytes.length - 1) / size) }, (_, i) => (i + 1) * size);
    expect(countCut(format, bytes, cuts)).toBe(EVENTS);
  });

  it.each([1, 2, 3, 4, 5])('counts the same at random cuts (seed %i)', (seed) => {
    expect(countCut(format, bytes, randomCuts(bytes.length, seed, 40))).toBe(EVENTS);
  });

  it('counts a marker cut at every position inside it once, and not before its last byte arrived', () => {
    const marker = MARKER[format];
    const first = text.indexOf(marker, format === 'csv' ? text.indexOf('\n') + 1 : 0);
    const start = new TextEncoder().encode(text.slice(0, first)).length;
    for (let inside = 1; inside < marker.length; inside += 1) {
      const counter = eventCounter(format);
      expect(counter.push(bytes.subarray(0, start + inside))).toBe(0);
      expect(counter.push(bytes.subarray(start + inside, start + marker.length))).toBe(1);
      expect(counter.push(bytes.subarray(start + marker.length))).toBe(EVENTS);
    }
  });

  it('counts nothing in a log with no events', () => {
    expect(countCut(format, new TextEncoder().encode(written(format, [])), [5])).toBe(0);
  });
});

describe('the marker matcher', () => {
  it('finds overlapping starts (a prefix of the marker followed by the marker)', () => {
    const counter = markerCounter('abab');
    expect(counter.push(new TextEncoder().encode('aba'))).toBe(0);
    expect(counter.push(new TextEncoder().encode('babxabab'))).toBe(3);
  });
});
