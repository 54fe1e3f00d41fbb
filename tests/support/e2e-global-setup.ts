import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_SERVER_ENV } from './e2e-server';
import { spawnServer } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder the real server has migrated and seeded once; each e2e file starts on a copy of it. */
    e2eTemplateDataDir: string;
  }
}

/**
 * Migrates and seeds the embedded database once for the whole browser suite: every file's server then starts on a
 * copy (about 2 s instead of about 5 s each, measured; the first start's migration and demo seed are the rest).
 * Each file still has its own folder, server and Chromium, so files stay independent.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mrss-e2e-template-'));
  const server = spawnServer({ ...E2E_SERVER_ENV, DATA_DIR: dataDir });
  try {
    await server.ready(120_000);
  } finally {
    await server.stop();
  }
  project.provide('e2eTemplateDataDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
