import { linkSync, mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One process per embedded data folder. PGlite opens its folder without any lock of its own: a second process on
 * the same folder runs on its own in-memory copy and the two overwrite each other's files, so acknowledged writes
 * vanish after a restart and indexes end up corrupt. The lock file is created atomically (a hard link, which
 * fails if the name exists) and holds the owner's pid; a lock whose owner is gone (a crash, SIGKILL, a power
 * cut) is taken over with a message.
 */
export const LOCK_FILE = 'mrss.lock';

/** A takeover of a stale lock that itself crashed midway is older than this and may be cleared. */
const TAKEOVER_STALE_MS = 10_000;

/** Folders this process holds: a lock file with our own pid is ours only if it is listed here. */
const heldHere = new Set<string>();

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another MRSS process (pid ${pid}). ` +
        'Stop that process first, or give this one its own DATA_DIR: two processes on one embedded database ' +
        "would each write their own diverging copy and lose each other's data. For several API processes on one " +
        'database, use PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirInUseError';
  }
}

interface LockOwner {
  pid: number;
  /** The owner's start time in clock ticks since boot (Linux), so a reused pid is not mistaken for the owner. */
  started?: string;
}

export interface DataDirLock {
  path: string;
  release(): void;
}

/** Takes the data folder for this process or throws DataDirInUseError; `notice` hears about a stale takeover. */
export function lockDataDir(dataDir: string, notice: (message: string) => void = console.warn): DataDirLock {
  const folder = path.resolve(dataDir);
  mkdirSync(folder, { recursive: true });
  const lockPath = path.join(folder, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, started: startTicksOf(process.pid) };
  if (heldHere.has(lockPath)) throw new DataDirInUseError(folder, process.pid);

  if (!createExclusive(lockPath, me)) {
    const owner = readOwner(lockPath);
    if (owner && isRunning(owner)) throw new DataDirInUseError(folder, owner.pid);
    takeOverStale(lockPath, owner, me, folder);
    notice(
      `The data folder ${folder} was left locked by process ${owner?.pid ?? '(unknown)'}, which is no longer ` +
        'running (it stopped without closing, e.g. a crash): taking it over.',
    );
  }
  heldHere.add(lockPath);

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(lockPath);
    process.off('exit', release);
    // Only our own lock is removed: never one a later owner wrote after a takeover.
    if (readOwner(lockPath)?.pid === me.pid) rmSync(lockPath, { force: true });
  };
  process.on('exit', release);
  return { path: lockPath, release };
}

/**
 * Creates `file` holding `owner`, or returns false if it exists. The content is written to a private file first
 * and then hard-linked into place (link fails if the name exists): a reader never sees a lock without its pid,
 * which it would take for a stale one.
 */
function createExclusive(file: string, owner: LockOwner): boolean {
  const draft = `${file}.${process.pid}.draft`;
  writeFileSync(draft, JSON.stringify(owner) + '\n', { mode: 0o644 });
  try {
    linkSync(draft, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    rmSync(draft, { force: true });
  }
}

/**
 * Two processes may find the same stale lock at once; without care both would delete it and one would delete
 * the other's fresh lock. The takeover is done under a second lock file, re-reading the lock inside it.
 */
function takeOverStale(lockPath: string, stale: LockOwner | null, me: LockOwner, folder: string): void {
  const takeoverPath = `${lockPath}.takeover`;
  if (!createExclusive(takeoverPath, me)) {
    const age = ageMs(takeoverPath);
    if (age === null || age < TAKEOVER_STALE_MS) {
      throw new DataDirInUseError(folder, readOwner(takeoverPath)?.pid ?? stale?.pid ?? 0);
    }
    rmSync(takeoverPath, { force: true });
    if (!createExclusive(takeoverPath, me)) throw new DataDirInUseError(folder, stale?.pid ?? 0);
  }
  try {
    const current = readOwner(lockPath);
    if (current && isRunning(current)) throw new DataDirInUseError(folder, current.pid);
    rmSync(lockPath, { force: true });
    if (!createExclusive(lockPath, me)) {
      throw new DataDirInUseError(folder, readOwner(lockPath)?.pid ?? 0);
    }
  } finally {
    unlinkSync(takeoverPath);
  }
}

/** Null when the file is gone or unreadable (a half-written lock from a crash counts as stale). */
function readOwner(file: string): LockOwner | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, started: parsed.started } : null;
  } catch {
    return null;
  }
}

function isRunning(owner: LockOwner): boolean {
  // Our own pid in a lock we do not hold here: an earlier process had this pid (a restarted container).
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = startTicksOf(owner.pid);
  return !(owner.started && started && started !== owner.started);
}

/** Field 22 of /proc/<pid>/stat (start time); undefined where /proc is not there. */
function startTicksOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function ageMs(file: string): number | null {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return null;
  }
}
