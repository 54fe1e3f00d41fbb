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
