import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as protocol from '../../../src/web/prerender/boot-protocol';
import {
  APP_STARTED_EVENT,
  ENTRY_ATTRIBUTE,
  FALLBACK_START_MS,
  PRELOAD_ATTRIBUTE,
  bootPrerenderedPage,
} from '../../../src/web/prerender/boot';
import { startAppAfterFirstPaint } from '../../../src/web/prerender/page-template';

// The prerendered pages' loader (src/web/prerender/boot.ts): the app's script is added only after the first
// paint, and clicks made before the app has the page are kept from React and given back to their buttons.

const ENTRY = '/assets/index-abc.js';
const PRELOADS = ['/assets/rolldown-runtime-x.js', '/assets/Stack-y.js'];

/** A PerformanceObserver that reports a first contentful paint when the test says so. */
function fakePaintTiming() {
  const observers: ((list: { getEntriesByName: (n: string) => unknown[] }) => void)[] = [];
  let painted = false;
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(private readonly callback: (list: { getEntriesByName: (n: string) => unknown[] }) => void) {}
    observe() {
      observers.push(this.callback);
    }
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name) =>
    painted && name === 'first-contentful-paint' ? ([{ name }] as unknown as PerformanceEntryList) : [],
  );
  return {
    paint() {
      painted = true;
      const list = { getEntriesByName: (n: string) => (n === 'first-contentful-paint' ? [{}] : []) };
      for (const callback of observers) callback(list);
    },
  };
}

/** Each test gets its own document: a loader's listeners stay on the document it booted. */
let document: Document;

function pageWithLoader(): HTMLButtonElement {
  document.head.innerHTML = `<script type="module" src="/assets/boot-z.js" ${ENTRY_ATTRIBUTE}="${ENTRY}" ${PRELOAD_ATTRIBUTE}="${PRELOADS.join(' ')}"></script>`;
  document.body.innerHTML = '<div id="root"><button type="button">Documents you need</button></div>';
  return document.querySelector('button')!;
}

const appScripts = () =>
  [...document.head.querySelectorAll('script:not([data-app-entry])')].map((s) => s.getAttribute('src'));
const preloadLinks = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

describe('the loader of a prerendered page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document = window.document.implementation.createHTMLDocument('page');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('uses the same names as the build and main.tsx (it keeps copies to stay one chunk)', () => {
    expect(APP_STARTED_EVENT).toBe(protocol.APP_STARTED_EVENT);
    expect(ENTRY_ATTRIBUTE).toBe(protocol.ENTRY_ATTRIBUTE);
    expect(PRELOAD_ATTRIBUTE).toBe(protocol.PRELOAD_ATTRIBUTE);
  });

  it('does nothing on a page without its script element (the shell loads the app itself)', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(bootPrerenderedPage(document)).toBeUndefined();
    expect(appScripts()).toEqual([]);
  });

  it('adds the app and its static imports only once the first paint is reported', () => {
    const timing = fakePaintTiming();
    pageWithLoader();
    const boot = bootPrerenderedPage(document)!;
    expect(boot.started).toBe(false);
    expect(appScripts()).toEqual([]);
    expect(preloadLinks()).toEqual([]);
    timing.paint();
    expect(boot.started).toBe(true);
    expect(appScripts()).toEqual([ENTRY]);
    expect(preloadLinks()).toEqual(PRELOADS);
    const script = document.head.querySelector<HTMLScriptElement>(`script[src="${ENTRY}"]`)!;
    expect(script.type).toBe('module');
    expect(script.crossOrigin).toBe(''); // as Vite writes it, so the preloads are reused
  });

  it('starts at once when the page has already painted', () => {
    const timing = fakePaintTiming();
    timing.paint();
    pageWithLoader();
    expect(bootPrerenderedPage(document)!.started).toBe(true);
    expect(appScripts()).toEqual([ENTRY]);
  });

  it('starts anyway when no paint is reported in time, and only once', () => {
    fakePaintTiming();
    pageWithLoader();
    const boot = bootPrerenderedPage(document)!;
    vi.advanceTimersByTime(FALLBACK_START_MS - 1);
    expect(boot.started).toBe(false);
    vi.advanceTimersByTime(1);
    expect(boot.started).toBe(true);
    vi.advanceTimersByTime(FALLBACK_START_MS);
    expect(appScripts()).toEqual([ENTRY]);
  });

  it('keeps a click made before the app has the page from React, starts the app, and replays it after', () => {
    fakePaintTiming();
    const button = pageWithLoader();
    const boot = bootPrerenderedPage(document)!;
    const reachedThePage = vi.fn();
    document.getElementById('root')!.addEventListener('click', reachedThePage); // where React listens
    button.click();
    expect(boot.started).toBe(true);
    expect(boot.pendingClicks).toBe(1);
    expect(reachedThePage).not.toHaveBeenCalled();

    document.dispatchEvent(new Event(APP_STARTED_EVENT));
    expect(reachedThePage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(reachedThePage).toHaveBeenCalledTimes(1);
    expect(boot.pendingClicks).toBe(0);
    // From now on clicks go straight to the page, once each.
    button.click();
    expect(reachedThePage).toHaveBeenCalledTimes(2);
  });

  it('lets a link do what the browser does without the app (it only keeps clicks on buttons)', () => {
    fakePaintTiming();
    pageWithLoader();
    document.getElementById('root')!.innerHTML = '<a href="#privacy">Privacy Policy</a>';
    const boot = bootPrerenderedPage(document)!;
    const link = document.querySelector('a')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(boot.pendingClicks).toBe(0);
    expect(boot.started).toBe(true);
  });
});

describe('the prerendered page template', () => {
  const built = [
    '<head>',
    '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-x.js">',
    '<link rel="modulepreload" crossorigin href="/assets/Stack-y.js">',
    '<style>a{}</style>',
    '</head>',
  ].join('\n');

  it('replaces the entry script and its preloads with the loader, which carries their URLs', () => {
    const html = startAppAfterFirstPaint(built, '/assets/boot-z.js');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(
      `<script type="module" crossorigin src="/assets/boot-z.js" ${ENTRY_ATTRIBUTE}="${ENTRY}" ${PRELOAD_ATTRIBUTE}="${PRELOADS.join(' ')}"></script>`,
    );
    expect(html).toContain('<style>a{}</style>');
  });

  it('refuses a page it does not understand rather than ship one that loads the app early', () => {
    expect(() => startAppAfterFirstPaint('<head></head>', '/b.js')).toThrow(/one module script/);
    expect(() =>
      startAppAfterFirstPaint(
        built.replace('<style>', '<link rel="modulepreload" href="/x.js"><style>'),
        '/b.js',
      ),
    ).toThrow(/modulepreload/);
  });
});
