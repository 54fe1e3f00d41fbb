import { cpus, loadavg } from 'node:os';
import { runCrashRounds } from '../tests/support/crash-rounds';

// `npm run bench:crash`: the long crash drill. The real server on a PGlite folder takes a stream of workflow
// steps, is killed with SIGKILL at a random moment, and is started again on the same folder, CRASH_ROUNDS times
// (default 20). After each restart every acknowledged step must be there; at the end every flow log must replay
// and every B-tree index must pass amcheck. The short version runs in the suite (tests/server/crash-restart.test.ts).
// Exits 1 on any loss or corruption.

const rounds = Number(process.env.CRASH_ROUNDS ?? 20);
const concurrency = Number(process.env.CRASH_CONCURRENCY ?? 8);
const killAfterMs: [number, number] = [300, Number(process.env.CRASH_MAX_STREAM_MS ?? 3000)];

console.log(
  `crash drill: ${rounds} rounds, ${concurrency} requests in flight, kill after ${killAfterMs[0]}-${killAfterMs[1]} ms ` +
    `(${cpus().length} CPUs, load ${loadavg()[0].toFixed(1)})`,
);
const started = performance.now();
const report = await runCrashRounds({
  rounds,
  // Enough for the longest streams: a step takes >= 10 ms, each application takes three.
  applications: Math.ceil((rounds * killAfterMs[1] * concurrency) / 10 / 3 / 4),
  killAfterMs,
  concurrency,
  log: (line) => console.log(`  ${line}`),
});

const restarts = report.rounds.map((r) => r.restartMs).sort((a, b) => a - b);
const lost = [...report.rounds.flatMap((r) => r.lost), ...report.lostAtEnd];
console.log('\nround  acknowledged  in flight at kill  restart ms  lost');
for (const r of report.rounds) {
  console.log(
    `${String(r.round).padStart(5)}  ${String(r.acknowledged).padStart(12)}  ${String(r.inFlightAtKill).padStart(17)}  ` +
      `${String(r.restartMs).padStart(10)}  ${r.lost.length}`,
  );
}
console.log(
  JSON.stringify(
    {
      rounds,
      acknowledgedSteps: report.acknowledged,
      inFlightAtKill: report.rounds.reduce((n, r) => n + r.inFlightAtKill, 0),
      lostSteps: lost.length,
      restartMs: { median: restarts[Math.floor(restarts.length / 2)], max: restarts.at(-1) },
      replayMismatches: report.replayMismatches.length,
      indexesChecked: report.indexesChecked,
      corruptIndexes: report.corruptIndexes.length,
      seconds: Math.round((performance.now() - started) / 1000),
    },
    null,
    2,
  ),
);
for (const line of [...lost, ...report.replayMismatches, ...report.corruptIndexes]) console.error(line);
if (lost.length > 0 || report.replayMismatches.length > 0 || report.corruptIndexes.length > 0)
  process.exit(1);
