import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { RequireSession } from './guards/require-session';
import { appSegment, paths } from './paths';
import { RootLayout } from './root-layout';
import { PageLoader, RouteError } from './route-error';
import { HomeRoute } from './routes/home-route';
import { SCREEN_ROUTES } from './screen-routes';
import { VERIFY_PATH } from '../features/verify/verify-path';

/** Staff screens under /app: one child route per built screen, each its own chunk. */
const screenRoutes: RouteObject[] = Object.entries(SCREEN_ROUTES).map(([key, lazy]) => ({
  path: appSegment(paths[key as keyof typeof paths]),
  lazy,
}));

/**
 * The route tree. The landing page is in the first load; everything else (privacy policy, 404, the staff shell
 * and its screens) is fetched when first visited. /app renders only with a session (RequireSession).
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      { path: paths.home, Component: HomeRoute },
      {
        path: paths.privacyPolicy,
        lazy: async () => ({
          Component: (await import('../features/privacy-policy/privacy-policy-page')).PrivacyPolicyPage,
        }),
      },
      {
        path: paths.manuals,
        lazy: async () => ({ Component: (await import('../features/manuals/manuals-page')).ManualsPage }),
      },
      {
        path: VERIFY_PATH,
        lazy: async () => ({ Component: (await import('../features/verify/verify-page')).VerifyPage }),
      },
      {
        path: paths.tenantLogin,
        lazy: async () => ({
          Component: (await import('../features/tenant/tenant-login-page')).TenantLoginPage,
        }),
      },
      {
        path: paths.landlordLogin,
        lazy: async () => ({
          Component: (await import('./routes/landlord-route')).LandlordRoute,
        }),
      },
      {
        path: paths.app,
        Component: RequireSession,
        children: [
          {
            lazy: async () => ({ Component: (await import('./shell/app-shell-layout')).AppShellLayout }),
            children: [
              { index: true, element: <Navigate to={paths.dashboard} replace /> },
              ...screenRoutes,
              {
                path: '*',
                lazy: async () => ({
                  Component: (await import('../features/not-found/not-found-page')).NotFoundPage,
                }),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found-route')).PublicNotFoundRoute }),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
