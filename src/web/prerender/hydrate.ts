import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Before hydrating a prerendered page, load the lazy routes it matches (React Router's documented SSR step):
 * otherwise the router would first draw its loading fallback where the server drew the page, and the page's
 * nodes would be replaced instead of kept.
 */
export async function loadMatchedLazyRoutes(routes: RouteObject[], location: Location): Promise<void> {
  const lazyMatches = matchRoutes(routes, location)?.filter((m) => typeof m.route.lazy === 'function') ?? [];
  await Promise.all(
    lazyMatches.map(async (m) => {
      const load = m.route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(m.route, { ...(await load()), lazy: undefined });
    }),
  );
}

/** A hydration mismatch is recovered by React (it re-renders on the client); log it so e2e tests can see it. */
export function reportRecoverableError(error: unknown): void {
  console.error('Hydration recovered from an error:', error);
}

/**
 * Tells React Router the page was rendered on the server, as the hydration script of StaticRouterProvider would
 * (the prerender leaves that inline script out: the CSP blocks it). The public pages have no loaders, so the
 * data is empty. Without it the router's scroll restoration scrolls to the top when the app starts, and the app
 * starts after the first paint (boot.ts): a visitor who has already scrolled would be thrown back up.
 */
export function markServerRendered(win: Window = window): void {
  (win as Window & { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData = {
    loaderData: {},
    actionData: null,
    errors: null,
  };
}
