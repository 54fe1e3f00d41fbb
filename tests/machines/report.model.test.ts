import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import {
  REPORT_MESSAGES,
  canExport,
  canSubmit,
  canTurnTo,
  isExporting,
  isLoading,
  reportMachine,
  shownResult,
  type ReportEvent,
  type ReportResult,
} from '../../machines/report';
import { STORY_QUERY } from '../../stories/report/report-story-query';
import { ServerCalls, leafKeys } from './citizen-fakes';
import { checkedStates, expectFullCoverage, machineModel } from './model-harness';

// Model-based test of the Application Report machine: xstate/graph walks it, and every shortest path is replayed
// on a real actor whose two server calls (a page, the PDF export) are fakes settled by hand.

type Snapshot = SnapshotFrom<typeof reportMachine>;
type EventFixtures = { [K in ReportEvent['type']]: Array<Extract<ReportEvent, { type: K }>> };

const query = STORY_QUERY;
const threePages: ReportResult = {
  applDto: [{ applid: 1 }],
  totalElements: 25,
  totalPages: 3,
  pageNumber: 0,
};
const nothing: ReportResult = { applDto: [], totalElements: 0, totalPages: 0, pageNumber: 0 };

const eventFixtures = {
  'report.submit': [{ type: 'report.submit', query }],
  'report.page': [
    { type: 'report.page', page: 1 },
    { type: 'report.page', page: 0 },
    { type: 'report.page', page: 3 },
  ],
  'report.export': [{ type: 'report.export' }],
} satisfies EventFixtures;

const outcomeFixtures = {
  'xstate.done.actor.loadReport': [
    { type: 'xstate.done.actor.loadReport', output: threePages },
    { type: 'xstate.done.actor.loadReport', output: nothing },
  ],
  'xstate.error.actor.loadReport': [
    { type: 'xstate.error.actor.loadReport', error: { status: 403, message: 'Not yours.' } },
    { type: 'xstate.error.actor.loadReport', error: {} },
  ],
  'xstate.done.actor.exportReport': [{ type: 'xstate.done.actor.exportReport', output: undefined }],
  'xstate.error.actor.exportReport': [{ type: 'xstate.error.actor.exportReport', error: new Error('') }],
};
type OutcomeEvent = (typeof outcomeFixtures)[keyof typeof outcomeFixtures][number];
type ModelEvent = ReportEvent | OutcomeEvent;
const allEvents: ModelEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...Object.values(outcomeFixtures).flat(),
];

const model = machineModel<Snapshot, ModelEvent>(reportMachine, allEvents);
const callNames = ['loadReport', 'exportReport'] as const;

function startReport() {
  const calls = new ServerCalls(callNames);
  const machine = reportMachine.provide({
    actors: {
      loadReport: fromPromise(({ input, signal }) => calls.wait('loadReport', input, signal)),
      exportReport: fromPromise(({ input, signal }) => calls.wait('exportReport', input, signal)),
    },
  });
  return { actor: createActor(machine).start(), calls };
}

describe('report machine: model-based paths', () => {
  const paths = model.getShortestPaths();

  it('reaches every leaf state and uses every event type', () => {
    expectFullCoverage(reportMachine, paths, [
      ...Object.keys(eventFixtures),
      ...Object.keys(outcomeFixtures),
    ]);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const sut = startReport();
    const snapshot = () => sut.actor.getSnapshot();
    const context = () => snapshot().context;
    const stateChecks: Record<string, () => void> = {
      '#report.editing': () => {
        expect(shownResult(snapshot())).toBeNull();
        expect(canExport(snapshot())).toBe(false);
      },
      '#report.loading': () => {
        expect(isLoading(snapshot())).toBe(true);
        expect(sut.calls.inFlight.loadReport).toHaveLength(1);
        expect(sut.calls.lastInput('loadReport')).toEqual({ query, page: context().page });
        expect(canExport(snapshot())).toBe(false);
      },
      '#report.results': () => {
        expect(shownResult(snapshot())).toEqual(threePages);
        expect(canExport(snapshot())).toBe(true);
        expect(canSubmit(snapshot())).toBe(true);
        expect(canTurnTo(snapshot(), 1)).toBe(true);
        expect(canTurnTo(snapshot(), 0)).toBe(false);
        expect(canTurnTo(snapshot(), 3)).toBe(false);
        expect([
          REPORT_MESSAGES.found(25),
          REPORT_MESSAGES.exported(25),
          REPORT_MESSAGES.exportFailed,
        ]).toContain(context().notice?.text);
      },
      '#report.empty': () => {
        expect(context().notice).toEqual({
          kind: 'info',
          code: 'report.noneFound',
          text: REPORT_MESSAGES.noneFound,
        });
        expect(shownResult(snapshot())?.applDto).toEqual([]);
        expect(canExport(snapshot())).toBe(false);
      },
      '#report.failed': () => {
        expect(shownResult(snapshot())).toBeNull();
        expect(['Not yours.', REPORT_MESSAGES.failed]).toContain(context().notice?.text);
        expect(canSubmit(snapshot())).toBe(true);
      },
      '#report.exporting': () => {
        expect(isExporting(snapshot())).toBe(true);
        expect(canSubmit(snapshot())).toBe(false);
        expect(canExport(snapshot())).toBe(false);
        expect(sut.calls.lastInput('exportReport')).toEqual({ query, total: 25 });
      },
    };
    expect(leafKeys(reportMachine).filter((id) => !(id in stateChecks))).toEqual([]);

    const send = ({ event }: { event: { type: string } }) => sut.actor.send(event as ReportEvent);
    const settle =
      (name: (typeof callNames)[number]) =>
      ({ event }: { event: object }) =>
        sut.calls.settle(name, event as { output: unknown } | { error: unknown });
    await path.test({
      events: {
        ...Object.fromEntries(Object.keys(eventFixtures).map((type) => [type, send])),
        ...Object.fromEntries(
          callNames.flatMap((name) => [
            [`xstate.done.actor.${name}`, settle(name)],
            [`xstate.error.actor.${name}`, settle(name)],
          ]),
        ),
      },
      states: checkedStates(snapshot, stateChecks),
    });
  });
});

describe('report machine: behaviour', () => {
  it('turns to a page of the submitted query, not of fields edited since', async () => {
    const sut = startReport();
    sut.actor.send({ type: 'report.submit', query });
    await sut.calls.settle('loadReport', { output: threePages });
    sut.actor.send({ type: 'report.page', page: 2 });
    expect(sut.calls.lastInput('loadReport')).toEqual({ query, page: 2 });
    expect(shownResult(sut.actor.getSnapshot())).toEqual(threePages);
  });

  it('a new SUBMIT starts again from the first page', async () => {
    const sut = startReport();
    sut.actor.send({ type: 'report.submit', query });
    await sut.calls.settle('loadReport', { output: threePages });
    sut.actor.send({ type: 'report.page', page: 2 });
    await sut.calls.settle('loadReport', { output: { ...threePages, pageNumber: 2 } });
    const other = { ...query, statuscode: 'RJT' as const };
    sut.actor.send({ type: 'report.submit', query: other });
    expect(sut.calls.lastInput('loadReport')).toEqual({ query: other, page: 0 });
  });
});
