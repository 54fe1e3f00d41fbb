import type { ActorOptions, AnyActorLogic } from 'xstate';

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

/** The actor options every machine of the app is started with: the inspector's observer when it runs. */
export function inspectOptions(): { inspect?: InspectOption } {
  return inspect ? { inspect } : {};
}
