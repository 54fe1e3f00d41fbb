import type { ActorOptions, AnyActorLogic, InspectionEvent } from 'xstate';

type InspectOption = ActorOptions<AnyActorLogic>['inspect'];

/**
 * The Stately inspector (@statelyai/inspect), opt-in for developers and QA: in development only, when the page
 * is opened with `?inspect` (kept for the tab's session) or the dev server runs with VITE_XSTATE_INSPECT=true.
 * It shows every machine actor of the page live in the inspector window. In a production build
 * `import.meta.env.DEV` is false, so the dynamic import below is dropped and the package is not in the bundle
 * (docs/inspector.md; checked by a test on the built files).
 */
let inspect: InspectOption;

const SESSION_FLAG = 'mrss.inspect';

/** True when this page asked for the inspector (query flag, remembered for the session, or the env setting). */
export function inspectorAsked(search: string, storage: Pick<Storage, 'getItem' | 'setItem'>): boolean {
  if (new URLSearchParams(search).has('inspect')) storage.setItem(SESSION_FLAG, 'on');
  return storage.getItem(SESSION_FLAG) === 'on' || import.meta.env.VITE_XSTATE_INSPECT === 'true';
}

/** Opens the inspector before the first actor starts, when asked; resolves at once otherwise. */
export async function startInspectorIfAsked(): Promise<void> {
  if (!import.meta.env.DEV) return;
  if (!inspectorAsked(window.location.search, window.sessionStorage)) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  inspect = createBrowserInspector().inspect;
}

/**
 * QA's browser journeys (docs/model-coverage.md): when a script on the page has defined
 * `globalThis.__MRSS_MODEL_TRACE__` before the app starts (the e2e suite does, with Playwright's addInitScript, only
 * when it records model coverage), every actor's inspection events are handed to it, so the suite can tell which
 * transitions of which machine a journey took. In every other page, in production too, the function is not there and
 * nothing is attached: no observer, no cost. It sends nothing anywhere by itself; it only calls a function the page
 * already holds, and a page's own scripts can read its machines anyway. Kept in the production build because the
 * e2e suite runs that build.
 */
type ModelTrace = (event: InspectionEvent) => void;

function modelTrace(): ModelTrace | undefined {
  const trace = (globalThis as { __MRSS_MODEL_TRACE__?: unknown }).__MRSS_MODEL_TRACE__;
  return typeof trace === 'function' ? (trace as ModelTrace) : undefined;
}

/** The actor options every machine of the app is started with: the inspector's observer, or QA's trace, when asked. */
export function inspectOptions(): { inspect?: InspectOption } {
  const trace = modelTrace();
  if (!trace) return inspect ? { inspect } : {};
  const inspector = inspect;
  return {
    inspect: (event: InspectionEvent) => {
      trace(event);
      if (typeof inspector === 'function') inspector(event);
      else inspector?.next?.(event);
    },
  };
}
