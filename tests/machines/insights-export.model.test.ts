import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type SnapshotFrom } from 'xstate';
import {
  canCancel,
  canStart,
  exportView,
  insightsExportMachine,
  percentOf,
  type ExportRequest,
  type ExportResult,
  type InsightsExportEvent,
} from '../../machines/insights-export';
import { leafKeys } from './citizen-fakes';
import { checkedStates, expectFullCoverage, machineModel } from './model-harness';

/*
 * Model-based test of the event-log export machine: xstate/graph walks it, and every shortest path is replayed on a
 * real actor whose streaming actor is a fake. The streaming actor's own events (progress, finished, failed) are sent
 * through the fake's sendBack, as the browser's streaming actor sends them; leaving `exporting` must stop it.
 */

type Snapshot = SnapshotFrom<typeof insightsExportMachine>;
type EventFixtures = { [K in InsightsExportEvent['type']]: Array<Extract<InsightsExportEvent, { type: K }>> };

const filter = { from: '2026-01-01', to: '2026-12-31', districtCode: '1701' };
const saved: ExportResult = {
  fileName: 'mrss-events-1701-2026-01-01-to-2026-12-31.csv',
  events: 81,
  bytes: 9_120,
  savedTo: 'file',
};
const refusal = 'You may only report on applications of your own jurisdiction.';

/** A fixture for every event type: a new event without one fails to compile. */
const eventFixtures = {
  'format.change': [
    { type: 'format.change', format: 'xes' },
    { type: 'format.change', format: 'csv' },
  ],
  'export.start': [{ type: 'export.start', filter }],
  'export.cancel': [{ type: 'export.cancel' }],
  'export.progress': [{ type: 'export.progress', progress: { events: 40, total: 81, bytes: 4_480 } }],
  'export.finished': [
    { type: 'export.finished', result: saved },
    { type: 'export.finished', result: { ...saved, events: 0, bytes: 96 } },
  ],
  'export.failed': [{ type: 'export.failed', message: refusal }],
} satisfies EventFixtures;
const allEvents: InsightsExportEvent[] = Object.values(eventFixtures).flat();
/** Events only the streaming actor sends: the test sends them through the fake actor's sendBack. */
const FROM_STREAM = new Set(['export.progress', 'export.finished', 'export.failed']);

const model = machineModel<Snapshot, InsightsExportEvent>(insightsExportMachine, allEvents);

/** The machine with a fake streaming actor: its inputs, its way back to the machine, and how often it was stopped. */
function startExport() {
  const stream = {
    inputs: [] as ExportRequest[],
    running: 0,
    stopped: 0,
    sendBack: null as ((event: InsightsExportEvent) => void) | null,
  };
  const machine = insightsExportMachine.provide({
    actors: {
      streamExport: fromCallback<InsightsExportEvent, ExportRequest>(({ input, sendBack }) => {
        stream.inputs.push(input);
        stream.running += 1;
        stream.sendBack = sendBack;
        return () => {
          stream.running -= 1;
          stream.stopped += 1;
        };
      }),
    },
  });
  return { actor: createActor(machine).start(), stream };
}

describe('insights export machine: model-based paths', () => {
  const paths = model.getShortestPaths();

  it('reaches every leaf state and uses every event type', () => {
    expectFullCoverage(insightsExportMachine, paths, Object.keys(eventFixtures));
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const sut = startExport();
    const snapshot = () => sut.actor.getSnapshot();
    const context = () => snapshot().context;
    const idleChecks = () => {
      expect(canStart(snapshot())).toBe(true);
      expect(canCancel(snapshot())).toBe(false);
      expect(sut.stream.running).toBe(0);
    };
    const stateChecks: Record<string, () => void> = {
      '#insightsExport.ready.idle': () => {
        idleChecks();
        expect(exportView(snapshot())).toBe('idle');
        expect(context().request).toBeNull();
      },
      '#insightsExport.exporting': () => {
        expect(exportView(snapshot())).toBe('exporting');
        expect(canStart(snapshot())).toBe(false);
        expect(canCancel(snapshot())).toBe(true);
        expect(sut.stream.running).toBe(1);
        expect(sut.stream.inputs.at(-1)).toEqual({ format: context().format, filter });
        expect(context().result).toBeNull();
        expect(context().error).toBeNull();
        expect([null, 49]).toContain(percentOf(context().progress));
      },
      '#insightsExport.ready.done': () => {
        idleChecks();
        expect(exportView(snapshot())).toBe('done');
        expect(context().result).toEqual(saved);
        expect(sut.stream.stopped).toBeGreaterThan(0);
      },
      '#insightsExport.ready.empty': () => {
        idleChecks();
        expect(exportView(snapshot())).toBe('empty');
        expect(context().result?.events).toBe(0);
      },
      '#insightsExport.ready.failed': () => {
        idleChecks();
        expect(exportView(snapshot())).toBe('failed');
        expect(context().error).toBe(refusal);
        // The picker may have changed since; the next start takes the format shown, the failed request is kept.
        expect(context().request?.filter).toEqual(filter);
      },
      '#insightsExport.ready.cancelled': () => {
        idleChecks();
        expect(exportView(snapshot())).toBe('cancelled');
        expect(context().result).toBeNull();
        expect(sut.stream.stopped).toBeGreaterThan(0);
      },
    };
    expect(leafKeys(insightsExportMachine).filter((id) => !(id in stateChecks))).toEqual([]);

    const send = ({ event }: { event: InsightsExportEvent }) => {
      if (FROM_STREAM.has(event.type)) sut.stream.sendBack!(event);
      else sut.actor.send(event);
    };
    await path.test({
      events: Object.fromEntries(Object.keys(eventFixtures).map((type) => [type, send])),
      states: checkedStates(snapshot, stateChecks),
    });
  });
});

describe('insights export machine: behaviour', () => {
  it('downloads in the format chosen before the start, and keeps it for the next download', () => {
    const sut = startExport();
    sut.actor.send({ type: 'format.change', format: 'ocel' });
    sut.actor.send({ type: 'export.start', filter });
    expect(sut.stream.inputs).toEqual([{ format: 'ocel', filter }]);
    sut.actor.send({ type: 'format.change', format: 'xes' });
    expect(snapshot(sut).context.format).toBe('ocel');
    sut.stream.sendBack!({ type: 'export.failed', message: 'Server Issue. Please try again later!' });
    sut.actor.send({ type: 'export.start', filter });
    expect(sut.stream.inputs.at(-1)).toEqual({ format: 'ocel', filter });
  });

  it('a new start forgets the last result, error and progress', () => {
    const sut = startExport();
    sut.actor.send({ type: 'export.start', filter });
    sut.stream.sendBack!({ type: 'export.progress', progress: { events: 81, total: 81, bytes: 9_120 } });
    expect(percentOf(snapshot(sut).context.progress)).toBe(100);
    sut.stream.sendBack!({ type: 'export.finished', result: saved });
    sut.actor.send({ type: 'export.start', filter });
    expect(snapshot(sut).context).toMatchObject({
      progress: { events: 0, total: null, bytes: 0 },
      result: null,
      error: null,
    });
  });

  it('percentOf: whole percent, capped at 100, none without a count', () => {
    expect(percentOf({ events: 1, total: 3, bytes: 1 })).toBe(33);
    expect(percentOf({ events: 5, total: 4, bytes: 1 })).toBe(100);
    expect(percentOf({ events: 5, total: null, bytes: 1 })).toBeNull();
    expect(percentOf({ events: 0, total: 0, bytes: 1 })).toBeNull();
  });
});

const snapshot = (sut: ReturnType<typeof startExport>) => sut.actor.getSnapshot();
