import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { machineRegistry } from '../../../machines';
import { flowFixturePaths } from '../flow-fixtures';
import { COVERAGE_ALLOWLIST } from './coverage-allowlist';
import { coverageMarkdown } from './coverage-markdown';
import { buildCoverageReport, passes } from './coverage-report';
import { mergeRecordings, type RecordingFile } from './recording-file';

/*
 * `npm run test:model`: runs the machine tests (tests/machines) with recording on, then writes
 * coverage/model/model-coverage.json and .md and fails when a transition is covered by nothing.
 * `npm run test:model -- --reuse` only reports, from the recordings a run of `npm test` made with
 * MODEL_COVERAGE_DIR set (CI does this, so the machine tests run once).
 */

const OUT_DIR = resolve(process.env.MODEL_COVERAGE_REPORT_DIR ?? 'coverage/model');
const recordingsDir = resolve(process.env.MODEL_COVERAGE_DIR ?? join(OUT_DIR, 'recordings'));
const reuse = process.argv.includes('--reuse');

function runMachineTests(): number {
  rmSync(recordingsDir, { recursive: true, force: true });
  mkdirSync(recordingsDir, { recursive: true });
  const vitest = resolve('node_modules/vitest/vitest.mjs');
  const run = spawnSync(process.execPath, [vitest, 'run', '--project', 'node', 'tests/machines'], {
    stdio: 'inherit',
    env: { ...process.env, MODEL_COVERAGE_DIR: recordingsDir },
  });
  return run.status ?? 1;
}

function readRecordings(): RecordingFile[] {
  let names: string[] = [];
  try {
    names = readdirSync(recordingsDir).filter((name) => name.endsWith('.json'));
  } catch {
    names = [];
  }
  return names.map((name) => JSON.parse(readFileSync(join(recordingsDir, name), 'utf8')) as RecordingFile);
}

function report(): number {
  const files = readRecordings();
  if (files.length === 0) {
    console.error(
      `model coverage: no recordings in ${recordingsDir} (were the tests run with MODEL_COVERAGE_DIR set?)`,
    );
    return 1;
  }
  const coverage = buildCoverageReport(
    machineRegistry,
    mergeRecordings(files),
    COVERAGE_ALLOWLIST,
    files.length,
  );
  const flowFixtures = flowFixturePaths();
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(join(OUT_DIR, 'model-coverage.json'), JSON.stringify({ ...coverage, flowFixtures }, null, 2));
  writeFileSync(join(OUT_DIR, 'model-coverage.md'), coverageMarkdown(coverage, flowFixtures));
  for (const [name, machine] of Object.entries(coverage.machines)) {
    const [states, allStates] = machine.summary.states;
    const [transitions, allTransitions] = machine.summary.transitions;
    console.log(
      `${name.padEnd(22)} states ${states}/${allStates}  transitions ${transitions}/${allTransitions}`,
    );
  }
  console.log(`model coverage report: ${join(OUT_DIR, 'model-coverage.md')} (and .json)`);
  if (passes(coverage)) return 0;
  for (const gap of coverage.uncovered)
    console.error(`NOT COVERED  ${gap.machine}: ${gap.label}  (${gap.id})`);
  for (const entry of coverage.staleAllowlist)
    console.error(`STALE ALLOWLIST  ${entry.machine}: ${entry.id}: ${entry.problem}`);
  console.error(
    `model coverage gate failed: ${coverage.uncovered.length} transitions covered by nothing, ${coverage.staleAllowlist.length} stale allowlist entries`,
  );
  return 1;
}

const testsExit = reuse ? 0 : runMachineTests();
const reportExit = report();
// exitCode rather than exit(): the list of gaps on stderr (often more than a pipe holds) is written out first.
process.exitCode = testsExit !== 0 ? testsExit : reportExit;
