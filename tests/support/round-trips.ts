import type { Page, Request } from 'playwright-core';

// How many API round trips a person waits on in one step of a journey: the calls the page made between two marks,
// and the longest chain of them where each started only after the previous had answered (calls in parallel count
// once). The goal: no citizen step waits on more than two.

export interface ApiCall {
  method: string;
  path: string;
  start: number;
  end: number;
}

export interface StepCalls {
  step: string;
  calls: ApiCall[];
  /** The longest chain of calls each started after the previous answered. */
  sequential: number;
}

/** Longest chain a -> b -> ... where each call started after the one before it had ended. */
export function sequentialRoundTrips(calls: readonly ApiCall[]): number {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  sorted.forEach((call, i) => {
    const before = sorted.slice(0, i).map((prev, j) => (prev.end <= call.start ? depth[j] : 0));
    depth.push(1 + Math.max(0, ...before));
  });
  return Math.max(0, ...depth);
}

/**
 * Records the page's API calls; `step(name)` closes the step: the calls STARTED since the previous mark. A call
 * belongs to the step whose action started it, even when it answers after the next mark (a prefetch, a logout
 * sent on close): on a busy machine an answer can land in the next step and would make it look longer than the
 * action the person took. Read `sequential` after the journey (a late answer still joins its step).
 */
export function recordApiCalls(page: Page) {
  const started = new Map<Request, { start: number; step: number }>();
  const steps: StepCalls[] = [];
  let open: ApiCall[] = [];
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/mrssapi/');
  page.on('request', (request) => {
    if (isApi(request)) started.set(request, { start: performance.now(), step: steps.length });
  });
  const finish = (request: Request) => {
    const began = started.get(request);
    if (began === undefined) return;
    started.delete(request);
    const call = {
      method: request.method(),
      path: new URL(request.url()).pathname,
      start: began.start,
      end: performance.now(),
    };
    (began.step < steps.length ? steps[began.step].calls : open).push(call);
  };
  page.on('requestfinished', finish);
  page.on('requestfailed', finish);
  return {
    step(name: string): StepCalls {
      const calls = open;
      open = [];
      const done: StepCalls = {
        step: name,
        calls,
        get sequential() {
          return sequentialRoundTrips(calls);
        },
      };
      steps.push(done);
      return done;
    },
    steps,
  };
}
