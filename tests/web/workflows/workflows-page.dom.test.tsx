import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { userEvent } from 'storybook/test';
import { machineRegistry, type MachineName } from '../../../machines';
import { machineGraph, machineTransitionRows } from '../../../machines/graph';
import { AppProviders } from '../../../src/web/app/providers';
import { firstViewport } from '../../../src/web/features/workflows/machine-diagram';
import { layoutMachineGraph } from '../../../src/web/lib/machine-diagram/layout-machine';
import * as stories from '../../../stories/workflows/workflows-page.stories';
import { WorkflowsStory } from '../../../stories/workflows/workflows-story';
import { playEveryStory } from '../../support/play-stories';

// The Workflows page: each view state (its stories), then the registry walk that makes a machine registered but
// not drawable fail: every machine is listed by title, its table has one row per transition of the machine, and its
// diagram has a box for every state and an arrow for every transition. xyflow draws here with no DOM shims beyond
// dom-setup.ts's: each node carries its size and handles (machine-diagram-flow.ts), so nothing has to be measured.

playEveryStory('workflows page stories', composeStories(stories));

const NAMES = Object.keys(machineRegistry) as MachineName[];

describe('every machine of the registry', () => {
  it('is listed by its title in the Workflow picker', async () => {
    render(
      <AppProviders>
        <WorkflowsStory entry="/app/workflows?view=table" />
      </AppProviders>,
    );
    await userEvent.click(await screen.findByLabelText('Workflow', { selector: 'input' }));
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(
      NAMES.map((name) => machineRegistry[name].title),
    );
  });

  it('picking a title shows that machine, in the view already chosen', async () => {
    render(
      <AppProviders>
        <WorkflowsStory entry="/app/workflows?view=table" />
      </AppProviders>,
    );
    await userEvent.click(await screen.findByLabelText('Workflow', { selector: 'input' }));
    await userEvent.click(
      await screen.findByRole('option', { name: machineRegistry.search.title, hidden: true }),
    );
    const rows = machineTransitionRows(machineGraph(machineRegistry.search.machine));
    await waitFor(() => expect(screen.getAllByRole('row').slice(1)).toHaveLength(rows.length));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(machineRegistry.search.title);
  });

  it.each(NAMES)(
    '%s: its table lists every transition and its diagram draws every state and arrow',
    async (name) => {
      const graph = machineGraph(machineRegistry[name].machine);
      const rows = machineTransitionRows(graph);
      render(
        <AppProviders>
          <WorkflowsStory entry={`/app/workflows?machine=${name}&view=table`} />
        </AppProviders>,
      );
      const table = await screen.findByRole('table');
      expect(within(table).getAllByRole('row').slice(1)).toHaveLength(rows.length);
      expect(rows.length).toBeGreaterThan(0);

      await userEvent.click(screen.getByRole('radio', { name: 'Diagram' }));
      const canvas = await screen.findByRole(
        'application',
        { name: `State diagram of ${machineRegistry[name].title}` },
        { timeout: 15_000 },
      );
      const states = graph.nodes.filter((node) => node.parentId !== null);
      await waitFor(() => expect(canvas.querySelectorAll('.react-flow__edge')).not.toHaveLength(0));
      const drawnIds = (selector: string) =>
        new Set([...canvas.querySelectorAll(selector)].map((element) => element.getAttribute('data-id')));
      const boxes = drawnIds('.react-flow__node');
      expect(states.filter((state) => !boxes.has(state.id)).map((state) => state.id)).toEqual([]);
      const arrows = drawnIds('.react-flow__edge');
      expect(graph.edges.filter((edge) => !arrows.has(edge.id)).map((edge) => edge.id)).toEqual([]);
    },
    30_000,
  );
});

describe('the first view of a diagram', () => {
  it('shows the whole machine when it fits readably, else its start at a readable zoom', async () => {
    const graph = await layoutMachineGraph(machineGraph(machineRegistry.applicationLifecycle.machine));
    expect(firstViewport(graph, { width: 2 * graph.width, height: 2 * graph.height })).toBeNull();
    const phone = firstViewport(graph, { width: 330, height: 460 });
    expect(phone?.zoom).toBe(0.55);
    const start = graph.nodes.find((box) => box.id === `${graph.id}#initial`)!;
    // The machine's first dot sits in the middle of the frame's width, near its top.
    expect(phone!.x + (start.x + start.width / 2) * phone!.zoom).toBeCloseTo(165);
    expect(phone!.y + start.y * phone!.zoom).toBeLessThan(40);
  });
});
