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

/** Records the page's API calls; `step(name)` closes the calls since the last step under that name. */
export function recordApiCalls(page: Page) {
  const started = new Map<Request, number>();
  let pending: ApiCall[] = [];
  const steps: StepCalls[] = [];
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/mrssapi/');
  page.on('request', (request) => {
    if (isApi(request)) started.set(request, performance.now());
  });
  const finish = (request: Request) => {
    const start = started.get(request);
    if (start === undefined) return;
    started.delete(request);
    pending.push({
      method: request.method(),
      path: new URL(request.url()).pathname,
      start,
      end: performance.now(),
    });
  };
  page.on('requestfinished', finish);
  page.on('requestfailed', finish);
  return {
    step(name: string): StepCalls {
      const done: StepCalls = { step: name, calls: pending, sequential: sequentialRoundTrips(pending) };
      pending = [];
      steps.push(done);
      return done;
    },
    steps,
  };
}
