import { describe, expect, it } from 'vitest';
import { runCrashRounds } from '../support/crash-rounds';

// The server on its embedded database (PGlite) is killed with SIGKILL while officials' workflow steps stream in,
// and started again on the same folder: every step it acknowledged must still be there, the flow log must replay
// to every stored status, and every index must pass amcheck. A few short rounds here; `bench/crash.bench.ts`
// runs many more.

describe('a crash of the server on PGlite', () => {
  it('keeps every acknowledged workflow step across SIGKILL and restart', async () => {
    const report = await runCrashRounds({
      rounds: 3,
      applications: 400,
      killAfterMs: [300, 1000],
      concurrency: 4,
    });
    for (const round of report.rounds) {
      // Each kill came under load (steps acknowledged before it) and nothing acknowledged went missing.
      expect(round.acknowledged, `round ${round.round}`).toBeGreaterThan(0);
      expect(round.lost, `round ${round.round}`).toEqual([]);
    }
    expect(report.lostAtEnd).toEqual([]);
    expect(report.replayMismatches).toEqual([]);
    expect(report.indexesChecked).toBeGreaterThan(20);
    expect(report.corruptIndexes).toEqual([]);
  }, 150_000);
});
