import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** The known secrets of the e2e server: every demo account's password and the captcha answer it accepts. */
export const E2E_PASSWORD = 'E2e-Demo-Pass-2026';
export const E2E_CAPTCHA = 'E2E42';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface E2eServer {
  baseUrl: string;
  /** Everything the server printed, for a failing test's message. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the REAL server (`node --import tsx src/server/main.ts`) on a free port with a throwaway data folder
 * (embedded PostgreSQL, migrated and seeded with the demo), serving the built web app from dist/web.
 * Resolves once /healthz answers; `stop()` ends the process and deletes the data folder.
 */
export async function startE2eServer(): Promise<E2eServer> {
  if (!existsSync(path.join(repoRoot, 'dist/web/index.html'))) {
    throw new Error('dist/web is missing: run `npm run build` first (`npm run test:e2e` does).');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mrss-e2e-'));
  // The e2e run always uses the embedded database, even where the shell points DATABASE_URL at a server.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MRSS_DEMO_PASSWORD: E2E_PASSWORD,
      MRSS_CAPTCHA_FIXED: E2E_CAPTCHA,
      MRSS_SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  try {
    const baseUrl = await waitForAddress(child, () => output, 120_000);
    await waitForHealth(baseUrl, 30_000);
    return {
      baseUrl,
      output: () => output,
      stop: async () => {
        await stopProcess(child);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${(err as Error).message}\n--- server output ---\n${output}`);
  }
}

/** main.ts prints 'MRSS portal serving on http://localhost:PORT' once listening: PORT=0 lets the OS choose. */
function waitForAddress(child: ChildProcess, output: () => string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => finish(new Error(`The server did not start within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const poll = setInterval(() => {
      const match = /serving on (http:\/\/[^\s]+)/.exec(output());
      if (match) finish(null, match[1].replace('localhost', '127.0.0.1'));
    }, 50);
    const onExit = (code: number | null) => finish(new Error(`The server exited early (code ${code})`));
    child.once('exit', onExit);
    function finish(err: Error | null, url?: string) {
      clearTimeout(timer);
      clearInterval(poll);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve(url!);
    }
  });
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

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Debian's Chromium, headless, with the background services that would make runs flaky switched off. */
export function launchChromium(): Promise<Browser> {
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
