import { relative } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { CoverageRecorder, type CoverageSource } from './recorder';
import { writeRecording } from './recording-dir';

/*
 * Browser journeys as a model coverage source (docs/model-coverage.md). When MODEL_COVERAGE_DIR is set, every
 * browser context of an e2e file gets, before the app's own scripts, a `__MRSS_MODEL_TRACE__` function
 * (src/web/lib/machine-inspector.ts hands it every actor's inspection events) that names each transition taken by
 * the diagrams' own edge ids, in the page, and passes them to the suite through a Playwright binding. The suite
 * records them for the test running at that moment, as "browser journey: <e2e file> › <test title>", and writes one
 * recording per e2e file at its end, in the format the node suites write.
 */

/** The binding the page calls with what it took. */
export const MODEL_TRACE_BINDING = '__mrssModelTraceSink';

/** What a page reports for one microstep of one actor: transitions by edge id, and the states it is in after it. */
export interface PageTraceRecord {
  machine: string;
  transitions: string[];
  states: string[];
}

/**
 * Runs in the page (Playwright serialises it: it must use nothing from outside its body). Names a taken transition
 * as machineGraph names its arrow, `${source}|${descriptor}|${index}|${target}`, the same rule as
 * transition-ids.ts's `describeTransition` (a test checks the two agree on every registry machine).
 */
export function pageModelTrace(binding: string): void {
  type Node = {
    id: string;
    machine: { id: string };
    always?: unknown[];
    transitions: Map<string, unknown[]>;
  };
  type Transition = { source: Node; eventType: string; target?: Node[] };
  type Microstep = {
    type: string;
    _transitions?: Transition[];
    snapshot?: { machine?: { id: string; root: Node }; _nodes?: Node[] };
  };
  const scope = globalThis as unknown as Record<string, unknown>;
  scope.__MRSS_MODEL_TRACE__ = (event: Microstep) => {
    if (event.type !== '@xstate.microstep') return;
    const sink = scope[binding];
    const machine = event.snapshot?.machine;
    if (typeof sink !== 'function' || !machine) return;
    const transitions: string[] = [];
    for (const transition of event._transitions ?? []) {
      const source = transition.source;
      const always = source.always ? source.always.indexOf(transition) : -1;
      const descriptor = always >= 0 ? 'always' : transition.eventType;
      if (!descriptor) continue;
      const index = always >= 0 ? always : (source.transitions.get(descriptor)?.indexOf(transition) ?? -1);
      if (index < 0) continue;
      const targets = transition.target && transition.target.length > 0 ? transition.target : [source];
      for (const target of targets) transitions.push(`${source.id}|${descriptor}|${index}|${target.id}`);
    }
    const states = [machine.root.id, ...(event.snapshot?._nodes ?? []).map((node) => node.id)];
    (sink as (record: PageTraceRecord) => void)({ machine: machine.id, transitions, states });
  };
}

/** Records a page's report for a source (the test running when it arrived). */
export function recordPageTrace(recorder: CoverageRecorder, record: PageTraceRecord, source: CoverageSource) {
  recorder.transitionIds(record.machine, record.transitions, source);
  recorder.stateIds(record.machine, record.states, source);
}

async function traceContext(context: BrowserContext, receive: (record: PageTraceRecord) => void) {
  await context.exposeBinding(MODEL_TRACE_BINDING, (_page, record: PageTraceRecord) => receive(record));
  await context.addInitScript(pageModelTrace, MODEL_TRACE_BINDING);
}

/**
 * From now on, every context `browser` opens (and so every page) reports the transitions its journeys take, for
 * the test running when they arrive. `write` puts the file's recording into `dir`.
 */
export function recordBrowserJourneys(browser: Browser, dir: string): { write: () => void } {
  const testFile = expect.getState().testPath ?? 'unknown.e2e.ts';
  const file = relative(process.cwd(), testFile);
  const recorder = new CoverageRecorder();
  const sources = new Map<string, CoverageSource>();
  const receive = (record: PageTraceRecord) => {
    const test = expect.getState().currentTestName ?? 'before or after the tests';
    let source = sources.get(test);
    if (!source) sources.set(test, (source = { kind: 'browser journey', file, test }));
    recordPageTrace(recorder, record, source);
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    await traceContext(context, receive);
    return context;
  };
  return { write: () => writeRecording(dir, testFile, recorder) };
}
