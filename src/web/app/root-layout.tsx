import { Outlet, ScrollRestoration } from 'react-router';
import { ApiFailureWiring } from './api-failure-wiring';
import { DemoModeBanner } from './demo-mode-banner';

/** Around every page: API failure handling, scroll restoration between routes, and the demonstration banner. */
export function RootLayout() {
  return (
    <>
      <ApiFailureWiring />
      <Outlet />
      <DemoModeBanner />
      <ScrollRestoration />
    </>
  );
}
