import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { machineRegistry } from '../../../machines';
import { machineGraph } from '../../../machines/graph/machine-graph';
import { idleSessionMachine } from '../../../machines/session';
import { inspectOptions } from '../../../src/web/lib/machine-inspector';
import {
  MODEL_TRACE_BINDING,
  pageModelTrace,
  recordPageTrace,
  type PageTraceRecord,
} from './browser-journeys';
import { coverageMarkdown } from './coverage-markdown';
import { buildCoverageReport } from './coverage-report';
import { CoverageRecorder, type CoverageSource } from './recorder';
import { mergeRecordings, toRecordingFile } from './recording-file';
import { transitionDefinitions } from './transition-ids';
import { startRecording } from './xstate-watch';

/*
 * Browser journeys name the transitions they take in the page, with pageModelTrace (serialised by Playwright into
 * every page of a recording e2e run). Here it runs in node: in a fresh realm for every transition of every registry
 * machine (it must name each arrow exactly as machineGraph does, and use nothing outside its own body), and on a
 * real actor started with the app's inspectOptions(), whose recording must say what the node recorder says.
 */

type Scope = Record<string, unknown>;
const scope = globalThis as unknown as Scope;

/** pageModelTrace installed in a new realm, as a page gets it; returns its trace function and what it sent. */
function traceInNewRealm() {
  const sent: PageTraceRecord[] = [];
  const page: Scope = { [MODEL_TRACE_BINDING]: (record: PageTraceRecord) => sent.push(record) };
  runInNewContext(`(${pageModelTrace.toString()})(${JSON.stringify(MODEL_TRACE_BINDING)})`, page);
  return { trace: page.__MRSS_MODEL_TRACE__ as (event: unknown) => void, sent };
}

const JOURNEY: CoverageSource = {
  kind: 'browser journey',
  file: 'tests/e2e/session.e2e.ts',
  test: 'a clerk idles, stays, idles and logs out',
};

afterEach(() => {
  delete scope.__MRSS_MODEL_TRACE__;
  delete scope[MODEL_TRACE_BINDING];
  vi.useRealTimers();
});

describe('browser journeys as a coverage source', () => {
  it('name every transition of every registry machine by its diagram arrow id, from a fresh realm', () => {
    const { trace, sent } = traceInNewRealm();
    for (const { machine } of Object.values(machineRegistry)) {
      sent.length = 0;
      for (const transition of transitionDefinitions(machine))
        trace({
          type: '@xstate.microstep',
          _transitions: [transition],
          snapshot: { machine, _nodes: [] },
        });
      expect(sent.flatMap((record) => record.transitions).sort(), machine.id).toEqual(
        machineGraph(machine)
          .edges.map((edge) => edge.id)
          .sort(),
      );
    }
  });

  it('leave the app untouched when no page script asked: inspectOptions() attaches nothing', () => {
    expect(inspectOptions()).toEqual({});
  });

  it('record what a real actor took, as the node recorder sees it, and show it in the report by journey', () => {
    vi.useFakeTimers();
    pageModelTrace(MODEL_TRACE_BINDING);
    const sent: PageTraceRecord[] = [];
    scope[MODEL_TRACE_BINDING] = (record: PageTraceRecord) => sent.push(record);
    const { recorder: nodeRecorder, stop } = startRecording({
      file: () => 'idle.test.ts',
      test: () => 'same run',
    });
    try {
      const input = { idleTimeoutMs: 1_000, warningTimeoutMs: 60_000 };
      const actor = createActor(idleSessionMachine, { ...inspectOptions(), input }).start();
      actor.send({ type: 'activity' });
      vi.advanceTimersByTime(1_000);
      actor.send({ type: 'stay' });
      vi.advanceTimersByTime(1_000);
      actor.send({ type: 'logout' });
      expect(actor.getSnapshot().value).toBe('loggedOut');
      actor.stop();
    } finally {
      stop();
    }

    const journeys = new CoverageRecorder();
    sent.forEach((record) => recordPageTrace(journeys, record, JOURNEY));
    const taken = (recorder: CoverageRecorder) =>
      [...(recorder.machines.get('idleSession')?.transitions.keys() ?? [])].sort();
    expect(taken(journeys)).toEqual(taken(nodeRecorder));
    expect(taken(journeys)).toEqual(
      [
        'idleSession.active|activity|0|idleSession.active',
        'idleSession.active|xstate.after.idleTimeout.idleSession.active|0|idleSession.warning',
        'idleSession.warning|stay|0|idleSession.active',
        'idleSession.warning|logout|0|idleSession.loggedOut',
      ].sort(),
    );

    const report = buildCoverageReport(
      { idleSession: machineRegistry.idleSession },
      mergeRecordings([JSON.parse(JSON.stringify(toRecordingFile(journeys)))]),
      {},
      1,
    );
    const { transitions, states } = report.machines.idleSession;
    expect(transitions['idleSession.warning|logout|0|idleSession.loggedOut'].by).toEqual([JOURNEY]);
    expect(
      Object.entries(transitions)
        .filter(([, coverage]) => !coverage.covered)
        .map(([id]) => id),
    ).toEqual([expect.stringMatching(/^idleSession\.warning\|xstate\.after\.warningTimeout/)]);
    expect(states['idleSession.loggedOut'].covered).toBe(true);
    expect(states['idleSession.expired'].covered).toBe(false);
    expect(coverageMarkdown(report, [])).toContain(
      'browser journey: tests/e2e/session.e2e.ts › a clerk idles, stays, idles and logs out',
    );
  });
});
