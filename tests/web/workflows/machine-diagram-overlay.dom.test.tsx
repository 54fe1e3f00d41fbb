import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from 'storybook/test';
import { machineRegistry } from '../../../machines';
import { machineGraph } from '../../../machines/graph';
import { AppProviders } from '../../../src/web/app/providers';
import { MachineDiagram } from '../../../src/web/features/workflows/machine-diagram';
import type { DiagramOverlay } from '../../../src/web/features/workflows/machine-diagram-overlay';
import { workflowOf } from '../../../src/web/features/workflows/workflow-catalogue';

// An overlay puts badges on states and arrows without a new layout, adds its facts to what a state reads out, and
// makes the states it names respond to a click, Enter and Space; the states it does not name stay inert.

const lifecycle = workflowOf('applicationLifecycle');
const graph = machineGraph(machineRegistry.applicationLifecycle.machine);
const stateWithStatus = (status: string) => graph.nodes.find((node) => node.status === status)!;

async function drawWith(overlay: DiagramOverlay) {
  render(
    <AppProviders>
      <MachineDiagram workflow={lifecycle} overlay={overlay} />
    </AppProviders>,
  );
  const canvas = await screen.findByRole(
    'application',
    { name: `State diagram of ${lifecycle.title}` },
    { timeout: 15_000 },
  );
  await waitFor(() => expect(canvas.querySelectorAll('.react-flow__edge')).not.toHaveLength(0));
  return canvas;
}

describe('a diagram overlay', () => {
  it('badges the named states and arrows, reads their facts out and opens a state on click, Enter or Space', async () => {
    const lavp = stateWithStatus('LAVP');
    const larp = stateWithStatus('LARP');
    const arrow = graph.edges.find((edge) => edge.source === larp.id && edge.target === lavp.id)!;
    const onStateActivate = vi.fn();
    const canvas = await drawWith({
      states: { [lavp.id]: { badge: '1,204', tone: 'warn', description: '1,204 applications now' } },
      edges: { [arrow.id]: { badge: '318 moved' } },
      onStateActivate,
      activateHint: 'Press Enter to open its applications.',
    });

    const box = canvas.querySelector<HTMLElement>(`.react-flow__node[data-id="${lavp.id}"]`)!;
    expect(box).toHaveTextContent('1,204');
    expect(box.getAttribute('aria-label')).toMatch(
      /1,204 applications now\. Press Enter to open its applications\.$/,
    );
    expect(canvas.querySelector('[data-tone="warn"]')).toHaveTextContent('1,204');
    expect(canvas).toHaveTextContent('318 moved');

    await userEvent.click(box.querySelector('[data-activatable="true"]')!);
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.keyDown(box, { key: ' ' });
    expect(onStateActivate.mock.calls).toEqual([[lavp.id], [lavp.id], [lavp.id]]);

    const other = canvas.querySelector<HTMLElement>(`.react-flow__node[data-id="${larp.id}"]`)!;
    await userEvent.click(other.firstElementChild as HTMLElement);
    fireEvent.keyDown(other, { key: 'Enter' });
    expect(onStateActivate).toHaveBeenCalledTimes(3);
    expect(other.querySelector('[data-activatable]')).toBeNull();
  }, 30_000);
});
