import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { buildCoverageReport, passes } from './coverage-report';
import { startRecording } from './xstate-watch';
import { mergeRecordings, toRecordingFile, type RecordingFile } from './recording-file';
import { machineRegistry } from '../../../machines';
import { machineGraph } from '../../../machines/graph/machine-graph';
import { describeTransition, transitionDefinitions } from './transition-ids';
import { readCoverageReport } from '../../../src/web/features/workflows/coverage/coverage-report-file';

/*
 * The model coverage gate must be able to fail: a tiny machine with one transition no test takes is reported
 * as uncovered and fails the gate, in the report builder and in the command CI runs. The recorder is checked on
 * the same machine: an actor started by a test and a model path each count, with what covered them.
 */

const lamp = setup({ guards: { powered: () => true } }).createMachine({
  id: 'lamp',
  initial: 'off',
  states: {
    off: { on: { toggle: 'on', smash: 'broken' } },
    on: { on: { toggle: { target: 'off', guard: 'powered' } } },
    broken: { type: 'final' },
  },
});
const registry = { lamp: { machine: lamp, title: 'Lamp' } };
const SMASH = 'lamp.off|smash|0|lamp.broken';

function recordToggling(): RecordingFile {
  const { recorder, stop } = startRecording({ file: () => 'lamp.test.ts', test: () => 'toggles twice' });
  try {
    const actor = createActor(lamp).start();
    actor.send({ type: 'toggle' });
    actor.send({ type: 'toggle' });
    actor.stop();
  } finally {
    stop();
  }
  return toRecordingFile(recorder);
}

describe('model coverage gate', () => {
  it('names a taken transition by the ids the diagrams give their arrows, for every registry machine', () => {
    for (const { machine } of [...Object.values(machineRegistry), { machine: lamp }]) {
      const taken = transitionDefinitions(machine).flatMap((t) => describeTransition(t)?.ids ?? []);
      expect(taken.sort(), machine.id).toEqual(
        machineGraph(machine)
          .edges.map((edge) => edge.id)
          .sort(),
      );
    }
    expect(transitionDefinitions(lamp).flatMap((t) => describeTransition(t)?.ids ?? [])).toEqual([
      'lamp.off|toggle|0|lamp.on',
      SMASH,
      'lamp.on|toggle|0|lamp.off',
    ]);
  });

  it('records the transitions a started actor takes, as a unit test', () => {
    const merged = mergeRecordings([recordToggling()]);
    const taken = merged.transitions.get('lamp');
    expect([...(taken?.keys() ?? [])].sort()).toEqual([
      'lamp.off|toggle|0|lamp.on',
      'lamp.on|toggle|0|lamp.off',
    ]);
    expect(taken?.get('lamp.on|toggle|0|lamp.off')).toEqual([
      { kind: 'unit test', file: 'lamp.test.ts', test: 'toggles twice' },
    ]);
    expect([...(merged.states.get('lamp')?.keys() ?? [])].sort()).toEqual(['lamp', 'lamp.off', 'lamp.on']);
  });

  it('records a model path that a test runs, with its events', async () => {
    const { recorder, stop } = startRecording({ file: () => 'lamp.model.test.ts', test: () => 'smashes' });
    try {
      const model = createTestModel(lamp, { events: [{ type: 'smash' }] });
      const [toBroken] = model.getShortestPaths({ toState: (state) => state.matches('broken') });
      await toBroken.test({ events: { smash: () => {} } });
    } finally {
      stop();
    }
    const taken = mergeRecordings([toRecordingFile(recorder)]).transitions.get('lamp');
    expect([...(taken?.keys() ?? [])]).toEqual([SMASH]);
    expect(taken?.get(SMASH)).toEqual([
      {
        kind: 'model path',
        file: 'lamp.model.test.ts',
        test: 'smashes',
        path: 'xstate.init → smash ⇒ #lamp.broken',
      },
    ]);
  });

  it('fails on a transition covered by nothing, and passes once it is allowlisted with a reason', () => {
    const merged = mergeRecordings([recordToggling()]);
    const report = buildCoverageReport(registry, merged, {}, 1);
    expect(report.uncovered).toEqual([
      { machine: 'lamp', id: SMASH, label: 'lamp.off --smash--> lamp.broken' },
    ]);
    expect(passes(report)).toBe(false);
    expect(report.machines.lamp.transitions[SMASH]).toMatchObject({ covered: false, count: 0, by: [] });
    expect(report.machines.lamp.transitions['lamp.on|toggle|0|lamp.off']).toMatchObject({
      covered: true,
      guard: 'powered',
    });
    expect(report.machines.lamp.states['lamp.broken'].covered).toBe(false);
    const allowed = buildCoverageReport(
      registry,
      merged,
      { lamp: { [SMASH]: 'the lamp is unbreakable' } },
      1,
    );
    expect(passes(allowed)).toBe(true);
    expect(allowed.machines.lamp.transitions[SMASH].allowlisted).toBe('the lamp is unbreakable');
  });

  it('fails on an allowlist entry that is covered or names no transition', () => {
    const merged = mergeRecordings([recordToggling()]);
    const stale = buildCoverageReport(
      registry,
      merged,
      {
        lamp: {
          [SMASH]: 'unbreakable',
          'lamp.off|toggle|0|lamp.on': 'why not',
          'lamp.off|dim|0|lamp.on': 'gone',
        },
      },
      1,
    );
    expect(stale.staleAllowlist.map((entry) => entry.problem).sort()).toEqual([
      'covered by a test: remove it',
      'no such transition',
    ]);
    expect(passes(stale)).toBe(false);
  });

  it('makes the command fail with the list of gaps when the recordings leave a registry transition uncovered', () => {
    const dir = mkdtempSync(join(tmpdir(), 'model-coverage-'));
    const recordings = join(dir, 'recordings');
    const onlyLamp: RecordingFile = recordToggling();
    mkdirSync(recordings);
    writeFileSync(join(recordings, 'lamp.json'), JSON.stringify(onlyLamp));
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'tests/support/model-coverage/model-coverage-cli.ts', '--reuse'],
      {
        encoding: 'utf8',
        env: { ...process.env, MODEL_COVERAGE_DIR: recordings, MODEL_COVERAGE_REPORT_DIR: dir },
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'NOT COVERED  applicationLifecycle: applicationLifecycle.pendingAtWard --application.recommendApproval [isWardModerator]--> applicationLifecycle.pendingAtLocality',
    );
    expect(run.stderr).toMatch(/model coverage gate failed: \d+ transitions covered by nothing/);
    const report = JSON.parse(readFileSync(join(dir, 'model-coverage.json'), 'utf8')) as {
      machines: Record<string, unknown>;
      flowFixtures: unknown[];
    };
    expect(Object.keys(report.machines)).toContain('applicationLifecycle');
    expect(report.flowFixtures.length).toBeGreaterThanOrEqual(6);
    expect(readFileSync(join(dir, 'model-coverage.md'), 'utf8')).toContain('**NOT COVERED**');
    // The file the command writes is one the workflow gallery opens (the same zod schema).
    const opened = readCoverageReport(
      readFileSync(join(dir, 'model-coverage.json'), 'utf8'),
      'model-coverage.json',
    );
    expect(opened.ok && Object.keys(opened.report.machines)).toEqual(Object.keys(machineRegistry));
  });
});
