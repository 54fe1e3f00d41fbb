/**
 * The only script a prerendered page (/, /manuals, /privacy-policy) loads before its first paint
 * (docs/landing-page.md, "The app starts after the first paint"). It starts the app (main.tsx, whose URL and
 * static imports the build writes on this script's element) once the page has painted, so that neither the
 * browser nor Lighthouse's simulation of a slow phone puts the app's ~120 KiB of script before the first paint.
 *
 * Until the app has hydrated the page (main.tsx announces it from an effect, after the commit), clicks are kept
 * from React: a click that reached a half-hydrated page could be dropped (a router link ignores a navigation
 * asked before its effects ran). The browser's own action still happens (a link loads its page, the Download
 * Forms disclosure opens), and a click on a button starts the app at once and is given again to the same button
 * once React has the page. So a tap made while the app loads on a slow phone is not lost.
 *
 * It imports nothing, so that it is its own tiny chunk (one small request): the names it shares with the build and
 * main.tsx are copies of boot-protocol.ts (a module both entries imported would become a chunk of its own), and
 * tests/web/prerender/boot.dom.test.ts checks that they are equal.
 */

export const ENTRY_ATTRIBUTE = 'data-app-entry';
export const PRELOAD_ATTRIBUTE = 'data-app-preload';
export const APP_STARTED_EVENT = 'mrss:app-started';

/** Start anyway if no first paint is reported by then (a browser without paint timing, a hidden tab). */
export const FALLBACK_START_MS = 1000;

export interface BootHandle {
  /** Whether the app's script has been added to the page. */
  readonly started: boolean;
  /** Buttons clicked before the app took over, waiting for their replay. */
  readonly pendingClicks: number;
}

export function bootPrerenderedPage(doc: Document = document): BootHandle | undefined {
  const self = doc.querySelector<HTMLScriptElement>(`script[${ENTRY_ATTRIBUTE}]`);
  const entry = self?.getAttribute(ENTRY_ATTRIBUTE);
  if (!self || !entry) return undefined;
  const win = doc.defaultView ?? window;
  const preloads = (self.getAttribute(PRELOAD_ATTRIBUTE) ?? '').split(' ').filter(Boolean);
  const pending: HTMLElement[] = [];
  let started = false;
  let appTookOver = false;

  const start = () => {
    if (started) return;
    started = true;
    // The same requests index.html would make, only later: the entry's static imports in parallel with it.
    for (const href of preloads) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      doc.head.append(link);
    }
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    doc.head.append(script);
  };

  const onEarlyClick = (event: Event) => {
    if (appTookOver) return;
    event.stopPropagation();
    start();
    const target = event.target as Element | null;
    const button = target?.closest?.('button');
    if (button && !(button.type === 'submit' && button.form)) pending.push(button);
  };
  const onEarlyInput = () => start();
  doc.addEventListener('click', onEarlyClick, true);
  doc.addEventListener('pointerdown', onEarlyInput, { capture: true, passive: true });
  doc.addEventListener('keydown', onEarlyInput, true);
  doc.addEventListener(
    APP_STARTED_EVENT,
    () => {
      appTookOver = true;
      doc.removeEventListener('click', onEarlyClick, true);
      doc.removeEventListener('pointerdown', onEarlyInput, true);
      doc.removeEventListener('keydown', onEarlyInput, true);
      win.setTimeout(() => {
        for (const button of pending.splice(0)) if (button.isConnected) button.click();
      }, 0);
    },
    { once: true },
  );

  afterFirstPaint(win, start);
  win.setTimeout(start, FALLBACK_START_MS);
  return {
    get started() {
      return started;
    },
    get pendingClicks() {
      return pending.length;
    },
  };
}

/** Calls `then` once the browser reports the first contentful paint (or, without paint timing, after a frame). */
function afterFirstPaint(win: Window, then: () => void): void {
  const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes('paint')) {
    const painted = () => win.performance.getEntriesByName('first-contentful-paint').length > 0;
    if (painted()) return then();
    const observer = new Observer((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      then();
    });
    observer.observe({ type: 'paint', buffered: true });
    return;
  }
  win.requestAnimationFrame(() => win.setTimeout(then, 0));
}

if (typeof document !== 'undefined') bootPrerenderedPage();
