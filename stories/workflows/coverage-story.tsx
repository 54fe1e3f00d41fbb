import { useState } from 'react';
import type { MachineName } from '../../machines';
import {
  COVERAGE_STORAGE_KEY,
  keepReport,
  type StoredReport,
} from '../../src/web/features/workflows/coverage/coverage-report-file';
import type {
  CoverageSource,
  MachineCoverage,
  ModelCoverageReport,
} from '../../src/web/features/workflows/coverage/model-coverage-report.schema';
import { workflowOf } from '../../src/web/features/workflows/workflow-catalogue';
import { WorkflowsStory, type WorkflowsStoryProps } from './workflows-story';

/** The report's time in the fixtures: what the summary line shows as '24-11-2026, 15:51 UTC'. */
export const FIXTURE_GENERATED_AT = '2026-11-24T15:51:07.000Z';

const UNIT: CoverageSource = {
  kind: 'unit test',
  file: 'tests/machines/tracker.test.ts',
  test: 'tracker > finds an application by its number and shows its flow',
};
const PATH: CoverageSource = {
  kind: 'model path',
  file: 'tests/machines/tracker.model.test.ts',
  test: 'tracker model > reaches every state',
  path: 'xstate.init → tracker.search → xstate.done.actor.0.tracker.searching',
};
const JOURNEY: CoverageSource = {
  kind: 'browser journey',
  file: 'tests/e2e/tracker.e2e.ts',
  test: 'a citizen tracks an application at 1280 px',
};

/** A fixture's rule: the arrows at even places of the graph are covered, the others are not. */
export const coveredInFixture = (index: number) => index % 2 === 0;

/**
 * A report of one machine as `npm run test:model` would write it: the even arrows covered (by a unit test, a model
 * path and a browser journey), the odd ones by nothing, every state covered but the ones only odd arrows reach.
 * `drop` leaves the last arrows out (a report made before they were added); `vanished` adds an id the machine no
 * longer has (one made before a transition was changed).
 */
export function fixtureMachineCoverage(
  name: MachineName,
  { drop = 0, vanished = false }: { drop?: number; vanished?: boolean } = {},
): MachineCoverage {
  const { graph, title } = workflowOf(name);
  const kept = graph.edges.slice(0, graph.edges.length - drop);
  const transitions: MachineCoverage['transitions'] = Object.fromEntries(
    kept.map((edge, index) => {
      const by = coveredInFixture(index) ? [UNIT, PATH, JOURNEY] : [];
      const { source, target, event, guard, roles } = edge;
      return [
        edge.id,
        { covered: by.length > 0, count: by.length * 4, by, source, target, event, guard, roles },
      ];
    }),
  );
  if (vanished)
    transitions[`${graph.id}.removedState|old.event|0|${graph.id}`] = {
      covered: true,
      count: 1,
      by: [UNIT],
      source: `${graph.id}.removedState`,
      target: graph.id,
      event: 'old.event',
      guard: null,
      roles: [],
    };
  const reached = new Set([
    graph.id,
    ...kept.filter((_, index) => coveredInFixture(index)).flatMap((edge) => [edge.source, edge.target]),
  ]);
  const states = Object.fromEntries(
    graph.nodes.map((node) => {
      const covered = reached.has(node.id) || node.initial;
      return [node.id, { covered, count: covered ? 3 : 0, by: covered ? [UNIT] : [] }];
    }),
  );
  const count = (items: { covered: boolean }[]) =>
    [items.filter((item) => item.covered).length, items.length] as [number, number];
  return {
    id: graph.id,
    title,
    states,
    transitions,
    summary: { states: count(Object.values(states)), transitions: count(Object.values(transitions)) },
  };
}

export function fixtureReport(machines: Partial<Record<MachineName, MachineCoverage>>): ModelCoverageReport {
  return {
    generatedAt: FIXTURE_GENERATED_AT,
    recordingFiles: 3,
    machines,
    uncovered: [],
    staleAllowlist: [],
  };
}

/** The lifecycle and the tracker, each half covered: the report most stories open. */
export const HALF_COVERED = fixtureReport({
  applicationLifecycle: fixtureMachineCoverage('applicationLifecycle'),
  tracker: fixtureMachineCoverage('tracker'),
});

export interface CoverageStoryProps extends WorkflowsStoryProps {
  /** The report the tab holds when the page opens; none when absent. */
  stored?: StoredReport;
}

/** The Workflows page with a coverage report already opened in this tab (or none). */
export function CoverageStory({ stored, ...page }: CoverageStoryProps) {
  // Put in place before the page reads the tab's storage on its first render.
  useState(() => {
    window.sessionStorage.removeItem(COVERAGE_STORAGE_KEY);
    if (stored) keepReport(window.sessionStorage, stored);
    return null;
  });
  return <WorkflowsStory {...page} />;
}
