import './app/public-styles';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { routes } from './app/router';
import { loadMatchedLazyRoutes, reportRecoverableError } from './prerender/hydrate';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A prerendered public page (/, /manuals, /privacy-policy) arrives with its HTML: hydrate it, keeping its nodes
// (the largest paint does not move). Every other path gets the empty shell and renders here.
if (root.hasChildNodes()) {
  const container = root;
  void loadMatchedLazyRoutes(routes, window.location).then(() =>
    hydrateRoot(container, app, { onRecoverableError: reportRecoverableError }),
  );
} else {
  createRoot(root).render(app);
}
