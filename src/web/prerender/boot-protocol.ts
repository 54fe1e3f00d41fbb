/**
 * What the build (vite.prerender.ts), the prerendered page's loader (boot.ts) and the app (main.tsx) agree on.
 * Constants only, so the loader's chunk stays self-contained.
 */

/** The loader's script element carries the app's entry URL and its static imports (space-separated). */
export const ENTRY_ATTRIBUTE = 'data-app-entry';
export const PRELOAD_ATTRIBUTE = 'data-app-preload';

/**
 * Dispatched on `document` once the hydration of a prerendered page has been committed (an effect of the root,
 * app-started-signal.tsx): from then on React answers clicks itself, and the loader gives back the clicks it kept.
 */
export const APP_STARTED_EVENT = 'mrss:app-started';

export function announceAppStarted(doc: Document = document): void {
  doc.dispatchEvent(new Event(APP_STARTED_EVENT));
}
