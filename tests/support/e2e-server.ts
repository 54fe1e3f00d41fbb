import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
import { spawnServer } from './server-process';

/** The known secrets of the e2e server: every demo account's password and the captcha answer it accepts. */
export const E2E_PASSWORD = 'E2e-Demo-Pass-2026';
export const E2E_CAPTCHA = 'E2E42';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * How the e2e server is started: the test environment in demo mode (MRSS_DEMO: the journeys read citizens' OTPs
 * from the outbox and type the fixed captcha), known secrets, and the demo seeded on a first start.
 */
export const E2E_SERVER_ENV = {
  NODE_ENV: 'test',
  MRSS_DEMO: 'true',
  MRSS_DEMO_PASSWORD: E2E_PASSWORD,
  MRSS_CAPTCHA_FIXED: E2E_CAPTCHA,
  MRSS_SEED_DEMO: 'true',
} as const;

export interface E2eServer {
  baseUrl: string;
  /** Everything the server printed, for a failing test's message. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the REAL server (`node --import tsx src/server/main.ts`, through spawnServer) on a free port with a
 * throwaway copy of the suite's seeded data folder (embedded PostgreSQL with the demo), serving the built web app from
 * dist/web, with `extraEnv` on top (e.g. a test SMTP server's MRSS_SMTP_URL). Resolves once /healthz answers; `stop()` ends the process and deletes the data folder.
 */
export async function startE2eServer(extraEnv: Record<string, string> = {}): Promise<E2eServer> {
  if (!existsSync(path.join(repoRoot, 'dist/web/index.html'))) {
    throw new Error('dist/web is missing: run `npm run build` first (`npm run test:e2e` does).');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mrss-e2e-'));
  // A copy of the suite's migrated and seeded folder (tests/support/e2e-global-setup.ts), the server's own from now.
  cpSync(inject('e2eTemplateDataDir'), dataDir, { recursive: true });
  // spawnServer passes no DATABASE_URL: the e2e run always uses the embedded database.
  const server = spawnServer({ ...E2E_SERVER_ENV, ...extraEnv, DATA_DIR: dataDir });
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const baseUrl = await server.ready(120_000);
    await waitForHealth(baseUrl, 30_000);
    return { baseUrl, output: server.output, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function waitForHealth(baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${baseUrl}/healthz did not answer within ${timeoutMs} ms`);
}

/**
 * Debian's Chromium, headless, with the background services that would make runs flaky switched off.
 * `extraArgs` adds switches for one suite, e.g. a fake camera (`--use-fake-device-for-media-stream`).
 */
export function launchChromium(options: { extraArgs?: readonly string[] } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.extraArgs ?? []),
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 360, height: 740 } as const;

export function newContext(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl, viewport, reducedMotion: 'reduce' });
}

/** Screenshots go to /work/main/screenshots (gitignored) only when SCREENSHOTS=1. */
export const SCREENSHOT_DIR = process.env.SCREENSHOTS === '1' ? path.join(repoRoot, 'screenshots') : null;
