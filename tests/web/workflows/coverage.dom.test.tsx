import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { userEvent } from 'storybook/test';
import { AppProviders } from '../../../src/web/app/providers';
import {
  COVERAGE_STORAGE_KEY,
  keepReport,
  readCoverageReport,
  restoreReport,
} from '../../../src/web/features/workflows/coverage/coverage-report-file';
import { workflowCoverage } from '../../../src/web/features/workflows/coverage/workflow-coverage';
import { workflowOf } from '../../../src/web/features/workflows/workflow-catalogue';
import * as stories from '../../../stories/workflows/coverage.stories';
import {
  CoverageStory,
  HALF_COVERED,
  coveredInFixture,
  fixtureMachineCoverage,
  fixtureReport,
} from '../../../stories/workflows/coverage-story';
import { playEveryStory } from '../../support/play-stories';

// The coverage overlay of the Workflows page: its stories, then a report opened through the file input colours
// exactly the arrows and states the report says were covered (diagram and table), a wrong file changes nothing
// but says why, and a report that does not know the machine as it is now is flagged.

playEveryStory('coverage overlay stories', composeStories(stories));

const lifecycle = workflowOf('applicationLifecycle');
const asFile = (text: string, name = 'model-coverage.json') =>
  new File([text], name, { type: 'application/json' });

async function openPage(entry = '/app/workflows') {
  render(
    <AppProviders>
      <CoverageStory entry={entry} />
    </AppProviders>,
  );
  const control = await screen.findByRole('group', { name: 'Test coverage' });
  return { control, input: control.querySelector<HTMLInputElement>('input[type="file"]')! };
}

async function drawnCanvas() {
  const canvas = await screen.findByRole(
    'application',
    { name: `State diagram of ${lifecycle.title}` },
    { timeout: 15_000 },
  );
  await waitFor(() => expect(canvas.querySelectorAll('.react-flow__edge')).not.toHaveLength(0));
  return canvas;
}

/** Per drawn state id, the tone of its badge (null when it has none). */
function stateTones(canvas: HTMLElement): Record<string, string | null> {
  const tones: Record<string, string | null> = {};
  for (const node of canvas.querySelectorAll('.react-flow__node'))
    tones[node.getAttribute('data-id') ?? ''] =
      node.querySelector('[data-tone]')?.getAttribute('data-tone') ?? null;
  return tones;
}

const arrowTones = (canvas: HTMLElement) =>
  [...canvas.querySelectorAll('.react-flow__edgelabel-renderer [data-tone]')].map((badge) =>
    badge.getAttribute('data-tone'),
  );

describe('what a report says of a workflow', () => {
  it('badges exactly the covered arrows covered and the others not covered', () => {
    const { overlay, covered, total, unknown, vanished, missing } = workflowCoverage(HALF_COVERED, lifecycle);
    expect(overlay.edges).toEqual(
      Object.fromEntries(
        lifecycle.graph.edges.map((edge, index) => [
          edge.id,
          coveredInFixture(index)
            ? { badge: 'covered', tone: 'good' }
            : { badge: 'not covered', tone: 'bad' },
        ]),
      ),
    );
    expect([covered, total]).toEqual([
      lifecycle.graph.edges.filter((_, index) => coveredInFixture(index)).length,
      lifecycle.graph.edges.length,
    ]);
    expect({ unknown, vanished, missing }).toEqual({ unknown: [], vanished: [], missing: false });
  });

  it('names the arrows the report does not know and the ids the machine no longer has, never as covered', () => {
    const tracker = workflowOf('tracker');
    const stale = fixtureReport({ tracker: fixtureMachineCoverage('tracker', { drop: 1, vanished: true }) });
    const coverage = workflowCoverage(stale, tracker);
    const last = tracker.graph.edges.at(-1)!;
    const row = tracker.rows.at(-1)!;
    expect(coverage.unknown).toEqual([`${row.from} → ${row.event} → ${row.to}`]);
    expect(coverage.overlay.edges[last.id]).toEqual({ badge: 'not in report', tone: 'warn' });
    expect(coverage.vanished).toEqual([`${tracker.graph.id}.removedState|old.event|0|${tracker.graph.id}`]);
    expect(workflowCoverage(stale, lifecycle)).toMatchObject({ missing: true, covered: 0 });
  });

  it('reads an uncovered state out with the arrows from it that no test took', () => {
    const { overlay } = workflowCoverage(HALF_COVERED, lifecycle);
    const index = lifecycle.graph.edges.findIndex((_, at) => !coveredInFixture(at));
    const edge = lifecycle.graph.edges[index];
    expect(overlay.states[edge.source].description).toContain(`${edge.event} to ${lifecycle.rows[index].to}`);
  });
});

describe('opening a coverage report on the Workflows page', () => {
  it('colours exactly the covered states and arrows, then lists who covered each arrow in the table', async () => {
    const { input } = await openPage();
    const canvas = await drawnCanvas();
    expect(arrowTones(canvas)).toEqual([]);

    await userEvent.upload(input, asFile(JSON.stringify(HALF_COVERED)));
    await screen.findByTestId('coverage-summary');
    const expected = workflowCoverage(HALF_COVERED, lifecycle);
    const expectedArrows = lifecycle.graph.edges.map((_, index) =>
      coveredInFixture(index) ? 'good' : 'bad',
    );
    await waitFor(() => expect(arrowTones(canvas).sort()).toEqual(expectedArrows.sort()));
    const tones = stateTones(canvas);
    for (const node of lifecycle.graph.nodes.filter((node) => node.parentId !== null))
      expect([node.id, tones[node.id]]).toEqual([node.id, expected.overlay.states[node.id].tone]);
    expect(JSON.parse(sessionStorage.getItem(COVERAGE_STORAGE_KEY)!).report.generatedAt).toBe(
      HALF_COVERED.generatedAt,
    );
    // What a screen reader hears on each state: its coverage after the diagram's own description.
    for (const node of lifecycle.graph.nodes.filter((node) => node.parentId !== null)) {
      const label = canvas
        .querySelector(`.react-flow__node[data-id="${node.id}"]`)!
        .getAttribute('aria-label');
      expect(label).toContain(
        expected.overlay.states[node.id].tone === 'good' ? ' Covered by tests' : ' Not covered by any test',
      );
    }

    await userEvent.click(screen.getByRole('radio', { name: 'Table' }));
    const table = await screen.findByRole('table');
    lifecycle.graph.edges.forEach((edge, index) => {
      const cells = within(table.querySelector<HTMLElement>(`[data-transition="${edge.id}"]`)!).getAllByRole(
        'cell',
      );
      expect(cells.at(-1)!.textContent).toMatch(
        coveredInFixture(index) ? /^unit test: tracker\.test\.ts/ : /^not covered$/,
      );
    });
  }, 60_000);

  it('a wrong file leaves the page as it was and says why; Clear takes the report away', async () => {
    const { input } = await openPage();
    await userEvent.upload(input, asFile(JSON.stringify(HALF_COVERED)));
    const summary = (await screen.findByTestId('coverage-summary')).textContent;
    const canvas = await drawnCanvas();
    await waitFor(() => expect(arrowTones(canvas)).toHaveLength(lifecycle.graph.edges.length));
    const before = arrowTones(canvas);

    await userEvent.upload(input, asFile('not json at all', 'notes.txt'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '“notes.txt” is not a coverage report: it is not JSON.',
    );
    expect(screen.getByTestId('coverage-summary').textContent).toBe(summary);
    expect(arrowTones(canvas)).toEqual(before);

    const wrongShape = { ...HALF_COVERED, generatedAt: 'yesterday' };
    await userEvent.upload(input, asFile(JSON.stringify(wrongShape), 'old.json'));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('(generatedAt: invalid iso datetime)'),
    );
    expect(JSON.parse(sessionStorage.getItem(COVERAGE_STORAGE_KEY)!).report.generatedAt).toBe(
      HALF_COVERED.generatedAt,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(arrowTones(canvas)).toEqual([]));
    expect(screen.queryByTestId('coverage-summary')).toBeNull();
    expect(sessionStorage.getItem(COVERAGE_STORAGE_KEY)).toBeNull();
  }, 60_000);

  it('a wrong file on a page with no report leaves it with no badges', async () => {
    const { input } = await openPage();
    const canvas = await drawnCanvas();
    await userEvent.upload(input, asFile('{"generatedAt": 1}', 'report.json'));
    expect(await screen.findByRole('alert')).toHaveTextContent('“report.json” is not a coverage report');
    expect(arrowTones(canvas)).toEqual([]);
    expect(sessionStorage.getItem(COVERAGE_STORAGE_KEY)).toBeNull();
  }, 60_000);
});

describe('reading a report file', () => {
  it('says so when the tab will not keep the report, and keeps nothing half-written', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota exceeded', 'QuotaExceededError');
      },
      removeItem: vi.fn(),
    };
    expect(keepReport(refusing, { fileName: 'big.json', report: HALF_COVERED })).toBe(false);
    expect(refusing.removeItem).toHaveBeenCalledWith(COVERAGE_STORAGE_KEY);
  });

  it('drops a stored report it cannot read any more', () => {
    sessionStorage.setItem(
      COVERAGE_STORAGE_KEY,
      JSON.stringify({ fileName: 'old.json', report: { machines: 1 } }),
    );
    expect(restoreReport(sessionStorage)).toBeNull();
    expect(sessionStorage.getItem(COVERAGE_STORAGE_KEY)).toBeNull();
  });

  it('keeps the machines and drops what the gallery does not draw', () => {
    const reading = readCoverageReport(
      JSON.stringify({ ...HALF_COVERED, flowFixtures: [{ file: 'x' }] }),
      'r.json',
    );
    expect(reading.ok && Object.keys(reading.report)).toEqual([
      'generatedAt',
      'recordingFiles',
      'machines',
      'uncovered',
      'staleAllowlist',
    ]);
  });
});
