import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { FrameGuard } from './frame-guard';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/** The router is created on first render, so a framed page never starts routing or loading screens. */
function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}

export function App() {
  return (
    <AppProviders>
      <FrameGuard>
        <AppRouter />
      </FrameGuard>
    </AppProviders>
  );
}
