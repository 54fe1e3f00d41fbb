import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, newContext, startE2eServer, type E2eServer } from './e2e-server';

export interface E2eSuite {
  server: E2eServer;
  browser: Browser;
  /** Runs `run` on a page of a fresh browser context at `viewport`, closing the context afterwards. */
  withPage(viewport: { width: number; height: number }, run: (page: Page) => Promise<void>): Promise<void>;
}

/**
 * One real server and one Chromium for a whole e2e file: started before its first test, stopped after its last.
 * Read `suite.server` and `suite.browser` inside tests and hooks (they are set once the file's beforeAll ran).
 * `fakeCamera` gives Chromium a synthetic camera (the tenant's photo through the camera dialog). `env` adds to the
 * server's environment; it is read when the suite starts, so a useSmtpTestServer() declared before fills it.
 */
export function setUpE2eSuite(
  options: { fakeCamera?: boolean; env?: Record<string, string> } = {},
): E2eSuite {
  const suite: Partial<E2eSuite> = {
    async withPage(viewport, run) {
      const context = await newContext(suite.browser!, suite.server!.baseUrl, viewport);
      try {
        await run(await context.newPage());
      } finally {
        await context.close();
      }
    },
  };
  let journeys: { write: () => void } | undefined;
  beforeAll(async () => {
    suite.server = await startE2eServer(options.env);
    // A fake camera needs no permission prompt: a camera dialog gets a real (synthetic) video stream.
    suite.browser = await launchChromium(
      options.fakeCamera
        ? { extraArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] }
        : {},
    );
    // Model coverage (docs/model-coverage.md): the transitions each test's pages take, only when recording.
    const recordings = process.env.MODEL_COVERAGE_DIR;
    if (recordings)
      journeys = (await import('./model-coverage/browser-journeys')).recordBrowserJourneys(
        suite.browser,
        recordings,
      );
  });
  afterAll(async () => {
    journeys?.write();
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite as E2eSuite;
}
