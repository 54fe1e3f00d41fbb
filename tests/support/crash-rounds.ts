import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE } from '../../src/contract/api';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { inArray } from 'drizzle-orm';
import { openPglite } from '../../src/server/db/client';
import { applications } from '../../src/server/db/schema';
import { lockDataDir } from '../../src/server/db/data-dir-lock';
import { seedRoles } from '../../src/server/db/seed/roles-seed';
import { seedDemo } from '../../src/server/db/seed/demo-seed';
import {
  insertApplications,
  prepareFixture,
  replayMismatches,
  WARD_A,
} from '../server/applications-fixtures';
import { spawnServer, type ServerProcess } from './server-process';
import { sealSecret } from './staff-signin';
import { TEST_CAPTCHA } from './test-app';
import { TEST_PASSWORD } from './test-db';

// The crash drill shared by tests/server/crash-restart.test.ts (a few short rounds) and bench/crash.bench.ts (many):
// the real server on a PGlite folder takes a stream of workflow steps, is killed with SIGKILL mid-stream, and is
// started again on the same folder. Every step it acknowledged (a 200 reached the client) must be there after
// the restart: same or later version, and at the acknowledged version the acknowledged status.

export interface CrashOptions {
  rounds: number;
  /** Applications prepared at LARP; each can take three steps (recommend, accept, certify). */
  applications: number;
  /** The kill comes at a random moment in this window after the first acknowledged step. */
  killAfterMs: [min: number, max: number];
  /** Requests in flight at once. */
  concurrency: number;
  log?: (line: string) => void;
}

export interface RoundReport {
  round: number;
  acknowledged: number;
  /** Acknowledged steps missing after the restart, as 'applid: expected ..., found ...'. */
  lost: string[];
  /** Steps whose reply never came (killed in flight): they may or may not have been written, both are fine. */
  inFlightAtKill: number;
  restartMs: number;
}

export interface CrashReport {
  rounds: RoundReport[];
  acknowledged: number;
  /** After the last restart and a clean stop: every acknowledged step checked again in the stored rows. */
  lostAtEnd: string[];
  /** Applications whose flow log does not replay to their status. */
  replayMismatches: string[];
  /** B-tree indexes checked with amcheck (bt_index_check with heapallindexed), and those that failed. */
  indexesChecked: number;
  corruptIndexes: string[];
}

interface Seen {
  version: number;
  status: string;
  certified: boolean;
}

const STEPS = {
  LARP: { who: 'moderator', event: 'application.recommendApproval' },
  LAVP: { who: 'supermoderator', event: 'application.accept' },
  PLVP: { who: 'supermoderator', event: 'application.certify' },
} as const;

/** Prepares the folder, then runs the rounds; the last server is left running for the caller's checks. */
export async function runCrashRounds(options: CrashOptions): Promise<CrashReport> {
  const log = options.log ?? (() => undefined);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mrss-crash-'));
  const prepareStarted = performance.now();
  const ids = await prepareFolder(dataDir, options.applications);
  log(
    `prepared ${options.applications} applications in ${Math.round(performance.now() - prepareStarted)} ms`,
  );
  const acknowledged = new Map<number, Seen>();
  /** Applications a step was sent for in the current round. */
  const touched = new Set<number>();
  /** What the client believes each application holds: as prepared, then as acknowledged or read back. */
  const current = new Map<number, Seen>(
    ids.map((id) => [id, { version: 0, status: 'LARP', certified: false }]),
  );
  const rounds: RoundReport[] = [];
  let server: ServerProcess | undefined;
  let total = 0;
  try {
    for (let round = 1; round <= options.rounds + 1; round += 1) {
      const started = performance.now();
      server = spawnServer({
        DATA_DIR: dataDir,
        MRSS_DEMO: 'true',
        MRSS_SEED_DEMO: 'true',
        MRSS_DEMO_PASSWORD: TEST_PASSWORD,
        MRSS_CAPTCHA_FIXED: TEST_CAPTCHA,
      });
      const base = `${await server.ready()}${API_BASE}`;
      const restartMs = Math.round(performance.now() - started);
      const [moderator, supermoderator] = await Promise.all([
        signIn(base, 'moderator'),
        signIn(base, 'supermoderator'),
      ]);
      const tokens = { moderator, supermoderator };
      const signedInMs = Math.round(performance.now() - started);
      // The applications the last round touched, read back before any new write. A loss of an older step would
      // show as a 409 on the next step sent for it (its version would not match) and in the final check.
      const checked = [...touched];
      touched.clear();
      await readBack(base, supermoderator, checked, current);
      log(
        `start ${round}: listening ${restartMs} ms, signed in ${signedInMs} ms, read back ${Math.round(performance.now() - started)} ms`,
      );
      const lost = lostSteps(acknowledged, checked, current);
      if (round > 1) {
        rounds[round - 2] = { ...rounds[round - 2], lost, restartMs };
        log(
          `restart after round ${round - 1}: listening in ${restartMs} ms, ${lost.length} acknowledged steps lost`,
        );
      }
      if (round > options.rounds) break;

      const stream = await streamUntilKilled(
        server,
        base,
        tokens,
        ids,
        { current, acknowledged, touched },
        options,
      );
      total += stream.acknowledged;
      rounds.push({
        round,
        acknowledged: stream.acknowledged,
        lost: [],
        inFlightAtKill: stream.inFlight,
        restartMs: 0,
      });
      log(
        `round ${round}: ${stream.acknowledged} steps acknowledged, ${stream.inFlight} in flight at the kill`,
      );
    }
    await server?.stop();
    return { rounds, acknowledged: total, ...(await checkClosedFolder(dataDir, acknowledged)) };
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Opens the stopped server's folder (under its lock) and checks the flow log and every B-tree index. */
async function checkClosedFolder(dataDir: string, acknowledged: Map<number, Seen>) {
  const handle = await openPglite(dataDir);
  let replay: string[];
  let lostAtEnd: string[];
  try {
    replay = await replayMismatches(handle.db);
    const ids = [...acknowledged.keys()];
    const rows =
      ids.length === 0
        ? []
        : await handle.db
            .select({
              applid: applications.applid,
              version: applications.version,
              status: applications.status,
            })
            .from(applications)
            .where(inArray(applications.applid, ids));
    const stored = new Map(rows.map((r) => [r.applid, { ...r, certified: false }]));
    lostAtEnd = lostSteps(acknowledged, ids, stored);
  } finally {
    await handle.close();
  }
  const lock = lockDataDir(dataDir);
  const client = new PGlite(dataDir, { extensions: { amcheck } });
  try {
    await client.exec('create extension if not exists amcheck');
    const { rows } = await client.query<{ name: string }>(
      `select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
       join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
       where a.amname = 'btree' and n.nspname = 'public'`,
    );
    const corrupt: string[] = [];
    for (const { name } of rows) {
      try {
        await client.query(`select bt_index_check('public.${name}'::regclass, true)`);
      } catch (err) {
        corrupt.push(`${name}: ${(err as Error).message}`);
      }
    }
    return { lostAtEnd, replayMismatches: replay, indexesChecked: rows.length, corruptIndexes: corrupt };
  } finally {
    await client.close();
    lock.release();
  }
}

/** The demo (for the officials) and `count` complete LARP applications in one ward, written before any server. */
async function prepareFolder(dataDir: string, count: number): Promise<number[]> {
  const handle = await openPglite(dataDir);
  try {
    await handle.migrate();
    await seedRoles(handle.db);
    await seedDemo(handle.db, TEST_PASSWORD);
    const fixture = await prepareFixture(handle.db, [WARD_A]);
    const specs = Array.from({ length: count }, () => ({
      shape: 'LARP' as const,
      wardCode: WARD_A,
      logby: 'landlord',
    }));
    return await insertApplications(handle.db, fixture, specs);
  } finally {
    await handle.close();
  }
}

async function streamUntilKilled(
  server: ServerProcess,
  base: string,
  tokens: Record<'moderator' | 'supermoderator', string>,
  ids: number[],
  state: { current: Map<number, Seen>; acknowledged: Map<number, Seen>; touched: Set<number> },
  options: CrashOptions,
): Promise<{ acknowledged: number; inFlight: number }> {
  const { current, acknowledged, touched } = state;
  let killed = false;
  let count = 0;
  let inFlight = 0;
  const busy = new Set<number>();
  const [min, max] = options.killAfterMs;
  // The kill is timed from the first acknowledged step, not from the start: on a busy machine the first answers may
  // take longer than the whole window, and a kill before any acknowledgement proves nothing (a CI run's failure).
  let killTimer: NodeJS.Timeout | undefined;
  const armKill = () => {
    killTimer ??= setTimeout(
      () => {
        killed = true;
        server.child.kill('SIGKILL');
      },
      min + Math.random() * (max - min),
    );
  };
  const nextApplication = () =>
    ids.find((id) => !busy.has(id) && !current.get(id)!.certified && current.get(id)!.status in STEPS);

  const worker = async () => {
    while (!killed) {
      const id = nextApplication();
      if (id === undefined) break;
      const seen = current.get(id)!;
      const step = STEPS[seen.status as keyof typeof STEPS];
      busy.add(id);
      touched.add(id);
      inFlight += 1;
      try {
        const res = await fetch(`${base}/process/updateApplication`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[step.who]}` },
          body: JSON.stringify({ applid: id, event: step.event, version: seen.version }),
        });
        const reply = (await res.json()) as Seen & { message: string };
        if (res.status !== 200)
          throw new Error(`step ${step.event} on ${id} answered ${res.status}: ${reply.message}`);
        inFlight -= 1;
        count += 1;
        armKill();
        const after = { version: reply.version, status: reply.status, certified: reply.certified };
        current.set(id, after);
        acknowledged.set(id, after);
      } catch (err) {
        if (!killed) throw err;
        return; // the server died under this request: it is in flight, unacknowledged
      } finally {
        busy.delete(id);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  } finally {
    if (killTimer) clearTimeout(killTimer);
  }
  if (!killed)
    throw new Error('Every application reached its last step before the kill: prepare more of them.');
  await server.exited;
  return { acknowledged: count, inFlight };
}

async function signIn(base: string, username: string): Promise<string> {
  const getJson = async <T>(url: string) => (await (await fetch(url)).json()) as T;
  const { publicKey, nonce } = await getJson<{ publicKey: string; nonce: string }>(
    `${base}/users/getPublicKey`,
  );
  const { captchaId } = await getJson<{ captchaId: string }>(`${base}/users/getcaptcha`);
  const res = await fetch(`${base}/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      password: await sealSecret(publicKey, { nonce, secret: TEST_PASSWORD }),
      captcha: TEST_CAPTCHA,
      captchaId,
    }),
  });
  if (res.status !== 200)
    throw new Error(`sign-in of ${username} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** Reads these applications from the restarted server into `current`, a few at a time. */
async function readBack(
  base: string,
  token: string,
  ids: number[],
  current: Map<number, Seen>,
): Promise<void> {
  for (let start = 0; start < ids.length; start += 8) {
    const batch = ids.slice(start, start + 8);
    const seen = await Promise.all(batch.map((id) => detail(base, token, id)));
    batch.forEach((id, i) => current.set(id, seen[i]));
  }
}

/** An acknowledged step is kept when the application is at its version and status, or at a later version. */
function lostSteps(acknowledged: Map<number, Seen>, ids: number[], found: Map<number, Seen>): string[] {
  return ids.flatMap((id) => {
    const ack = acknowledged.get(id);
    const now = found.get(id);
    if (!ack) return [];
    if (!now) return [`${id}: acknowledged v${ack.version} ${ack.status}, found no application`];
    const kept = now.version > ack.version || (now.version === ack.version && now.status === ack.status);
    return kept
      ? []
      : [`${id}: acknowledged v${ack.version} ${ack.status}, found v${now.version} ${now.status}`];
  });
}

async function detail(base: string, token: string, id: number): Promise<Seen> {
  const res = await fetch(`${base}/process/GetApplicationDetail/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`detail of ${id} answered ${res.status}: ${await res.text()}`);
  const { version, status, certified } = (await res.json()) as Seen;
  return { version, status, certified };
}
