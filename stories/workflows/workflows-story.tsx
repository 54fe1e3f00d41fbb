import { MemoryRouter } from 'react-router';
import { expect, screen, waitFor } from 'storybook/test';
import type { LayoutMachine } from '../../src/web/features/workflows/machine-diagram-types';
import { WorkflowsPage } from '../../src/web/features/workflows/workflows-page';

export interface WorkflowsStoryProps {
  /** The page's address, with its choice: '/app/workflows?machine=staffLogin&view=table'. */
  entry?: string;
  /** The layout the diagram waits for; elkjs's own when absent. */
  layout?: LayoutMachine;
}

/** The Workflows page at an address, as the route renders it for a verifier, supervisor or administrator. */
export function WorkflowsStory({ entry = '/app/workflows', layout }: WorkflowsStoryProps) {
  return (
    <MemoryRouter initialEntries={[entry]}>
      <WorkflowsPage layout={layout} />
    </MemoryRouter>
  );
}

/** A layout that never answers: the diagram stays in its loading state. */
export const pendingLayout: LayoutMachine = () => new Promise(() => undefined);

/** A layout that fails, as elkjs would on a graph it cannot lay out. */
export const failingLayout: LayoutMachine = () =>
  Promise.reject(new Error('ELK could not lay the graph out'));

/** Waits for the diagram of the machine titled `title` to be drawn (laid out and on the canvas) and returns it. */
export async function drawn(title: string) {
  const canvas = await screen.findByRole(
    'application',
    { name: `State diagram of ${title}` },
    { timeout: 15_000 },
  );
  await waitFor(() => expect(canvas.closest('[data-state="drawn"]')).not.toBeNull());
  return canvas;
}
