import './app/public-styles';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { startInspectorIfAsked } from './lib/machine-inspector';
import { routes } from './app/router';
import { AppStartedSignal } from './prerender/app-started-signal';
import { loadMatchedLazyRoutes, markServerRendered, reportRecoverableError } from './prerender/hydrate';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const rootElement = root;

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
//
// The inspector, when a developer asked for it (lib/machine-inspector.ts), must observe the first actors too.
void startInspectorIfAsked().then(start);

function start(): void {
  if (rootElement.hasChildNodes()) {
    markServerRendered();
    // In a transition, hydration yields to the browser between components instead of one long task, so a tap
    // during start-up is answered (Lighthouse's total blocking time).
    void loadMatchedLazyRoutes(routes, window.location).then(() =>
      startTransition(() => {
        hydrateRoot(rootElement, app, { onRecoverableError: reportRecoverableError });
      }),
    );
  } else {
    createRoot(rootElement).render(app);
  }
}
