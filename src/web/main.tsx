import './app/public-styles';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { routes } from './app/router';
import { AppStartedSignal } from './prerender/app-started-signal';
import { loadMatchedLazyRoutes, markServerRendered, reportRecoverableError } from './prerender/hydrate';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <AppStartedSignal>
      <App />
    </AppStartedSignal>
  </StrictMode>
);

// A prerendered public page (/, /manuals, /privacy-policy) arrives with its HTML: hydrate it, keeping its nodes
// (the largest paint does not move). Its loader (prerender/boot.ts) adds this script after the first paint and
// gives back the clicks made before, once AppStartedSignal says the hydration is committed. Every other path
// gets the empty shell (this script is its entry) and renders here.
if (root.hasChildNodes()) {
  const container = root;
  markServerRendered();
  // In a transition, hydration yields to the browser between components instead of one long task, so a tap
  // during start-up is answered (Lighthouse's total blocking time).
  void loadMatchedLazyRoutes(routes, window.location).then(() =>
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: reportRecoverableError });
    }),
  );
} else {
  createRoot(root).render(app);
}
