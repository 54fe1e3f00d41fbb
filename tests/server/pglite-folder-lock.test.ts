import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/server/db/client';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from '../../src/server/db/data-dir-lock';
import { spawnServer, type ServerProcess } from '../support/server-process';

// Two processes on one embedded data folder each ran on their own diverging copy: 300 acknowledged writes of one
// were gone after a restart and indexes were corrupt. The folder is now locked to one process.

const repoRoot = path.resolve(import.meta.dirname, '../..');
const folders: string[] = [];
const newFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'mrss-lock-'));
  folders.push(folder);
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const lockOwner = (folder: string) =>
  JSON.parse(readFileSync(path.join(folder, LOCK_FILE), 'utf8')) as { pid: number; started?: string };

/** A process that runs `code` (ESM, tsx available) and resolves with its exit code and output. */
function runNode(code: string, args: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code, ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (exitCode) => resolve({ code: exitCode, output })),
  );
  return { child, done };
}

/** The pid of a process that has ended: no process holds it now. */
async function deadPid(): Promise<number> {
  const { child, done } = runNode('');
  await done;
  return child.pid!;
}

describe('the embedded data folder lock', () => {
  it('refuses a second server on a folder in use, with a clear message and exit code 1', async () => {
    const folder = newFolder();
    let first: ServerProcess | undefined;
    try {
      first = spawnServer({ DATA_DIR: folder, MRSS_SEED_DEMO: 'false' });
      const url = await first.ready();
      const second = spawnServer({ DATA_DIR: folder, MRSS_SEED_DEMO: 'false' });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `The data folder ${folder} is in use by another MRSS process (pid ${first.child.pid}).`,
      );
      expect(second.output()).not.toContain('serving on');
      expect(second.output()).not.toMatch(/\n\s+at /); // a message, not a stack trace
      expect(lockOwner(folder).pid).toBe(first.child.pid);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      await first?.stop();
    }
    // A clean stop releases the folder.
    expect(existsSync(path.join(folder, LOCK_FILE))).toBe(false);
  }, 120_000);

  it('refuses a second opening inside one process, and frees the folder on close', async () => {
    const folder = newFolder();
    const handle = await openPglite(folder);
    try {
      await expect(openPglite(folder)).rejects.toBeInstanceOf(DataDirInUseError);
      expect(lockOwner(folder).pid).toBe(process.pid);
    } finally {
      await handle.close();
    }
    expect(existsSync(path.join(folder, LOCK_FILE))).toBe(false);
    const again = await openPglite(folder);
    await again.close();
  }, 60_000);

  it('takes over a lock left by a process that is gone, and says so', async () => {
    const folder = newFolder();
    const gone = await deadPid();
    writeFileSync(path.join(folder, LOCK_FILE), JSON.stringify({ pid: gone }));
    const notices: string[] = [];
    const lock = lockDataDir(folder, (message) => notices.push(message));
    expect(notices).toEqual([
      `The data folder ${folder} was left locked by process ${gone}, which is no longer running (it stopped without closing, e.g. a crash): taking it over.`,
    ]);
    expect(lockOwner(folder).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(path.join(folder, LOCK_FILE))).toBe(false);
  });

  it.each([
    ['unreadable (e.g. emptied by a power cut)', () => ''],
    ['holding a live pid that a different process started later (pid reused)', () => ({ started: 'other' })],
  ])('treats a lock %s as stale', async (_name, contents) => {
    const folder = newFolder();
    const sleeper = runNode('setTimeout(() => {}, 20000)');
    try {
      const body = contents();
      writeFileSync(
        path.join(folder, LOCK_FILE),
        typeof body === 'string' ? body : JSON.stringify({ pid: sleeper.child.pid, ...body }),
      );
      const notices: string[] = [];
      lockDataDir(folder, (message) => notices.push(message)).release();
      expect(notices).toHaveLength(1);
    } finally {
      sleeper.child.kill('SIGKILL');
      await sleeper.done;
    }
  });

  it('refuses a lock held by a live process', async () => {
    const folder = newFolder();
    // A real holder, with its true start time in the file.
    const holder = runNode(
      `const { lockDataDir } = await import('./src/server/db/data-dir-lock.ts');
       lockDataDir(process.argv[1]); console.log('locked'); setTimeout(() => {}, 20000);`,
      [folder],
    );
    try {
      // The file appears with its content in one step (a hard link), so existing means written.
      while (!existsSync(path.join(folder, LOCK_FILE))) await new Promise((r) => setTimeout(r, 25));
      expect(() => lockDataDir(folder)).toThrow(
        `The data folder ${folder} is in use by another MRSS process (pid ${holder.child.pid}).`,
      );
    } finally {
      holder.child.kill('SIGKILL');
      await holder.done;
    }
  }, 30_000);

  it('lets exactly one of several processes take over the same stale lock', async () => {
    const folder = newFolder();
    writeFileSync(path.join(folder, LOCK_FILE), JSON.stringify({ pid: await deadPid() }));
    const contenders = Array.from({ length: 4 }, () =>
      runNode(
        `const { lockDataDir } = await import('./src/server/db/data-dir-lock.ts');
         try { lockDataDir(process.argv[1], () => {}); console.log('LOCKED'); setTimeout(() => {}, 8000); }
         catch (err) { console.log('REFUSED ' + err.name); process.exit(1); }`,
        [folder],
      ),
    );
    const results = await Promise.all(contenders.map((c) => c.done));
    const outputs = results.map((r) => r.output.trim());
    expect(
      outputs.filter((o) => o === 'LOCKED'),
      outputs.join('\n'),
    ).toHaveLength(1);
    expect(outputs.filter((o) => o === 'REFUSED DataDirInUseError')).toHaveLength(3);
  }, 60_000);
});
