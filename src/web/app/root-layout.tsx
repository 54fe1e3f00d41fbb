import { Outlet, ScrollRestoration } from 'react-router';
import { ApiFailureWiring } from './api-failure-wiring';

/** Around every page: API failure handling and scroll restoration between routes. */
export function RootLayout() {
  return (
    <>
      <ApiFailureWiring />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
