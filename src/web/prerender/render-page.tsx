import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { FrameGuard } from '../app/frame-guard';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import { AppStartedSignal } from './app-started-signal';

/**
 * Server entry of the prerender build (vite.prerender.ts): one public page as HTML, the same tree the browser
 * hydrates (main.tsx: StrictMode > AppStartedSignal > AppProviders > FrameGuard > router), with the router's static twin. The
 * hydration data script is left out (`hydrate={false}`): the CSP allows no inline script, and the public pages
 * have no loaders whose data it would carry. Lazy parts (routes, the flow tutorial) are awaited, so their HTML is
 * in the page.
 */
export async function renderPage(path: string): Promise<string> {
  const html = await renderTree(path);
  // A boundary written as a fallback plus an inline script that swaps its content in would be blocked by the
  // CSP (no inline script): refused here rather than shipped.
  if (/<script|<template/.test(html))
    throw new Error(`${path}: a part of the page would need an inline script`);
  return html;
}

async function renderTree(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects; only pages can be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppStartedSignal>
        <AppProviders>
          <FrameGuard framed={false}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </FrameGuard>
        </AppProviders>
      </AppStartedSignal>
    </StrictMode>,
    // React moves a large Suspense boundary's content to the end of the stream, swapped in by an inline script
    // (blocked by the CSP). A static page gains nothing from that: keep every boundary in place.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
