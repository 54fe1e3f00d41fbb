import { lazy, type ComponentType } from 'react';

/** Resolves once the element is near the viewport (or at once where that cannot be observed: tests, old browsers). */
function whenVisible(elementId: string): Promise<void> {
  const element = document.getElementById(elementId);
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          resolve();
        }
      },
      { rootMargin: '300px' },
    );
    observer.observe(element);
  });
}

/**
 * React.lazy whose code is fetched only when the element `anchorId` (a wrapper around its Suspense boundary)
 * comes near the viewport. While it waits, a prerendered boundary keeps its server HTML (React does not hydrate a
 * suspended boundary), so the page shows the content at once and its script costs nothing until scrolled to.
 * On the server (prerender) the module loads at once.
 */
export function lazyWhenVisible<T extends ComponentType>(
  anchorId: string,
  load: () => Promise<{ default: T }>,
) {
  return lazy(() => (typeof window === 'undefined' ? load() : whenVisible(anchorId).then(load)));
}
