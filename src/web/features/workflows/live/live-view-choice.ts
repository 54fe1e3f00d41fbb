import type { MachineName } from '../../../../../machines';

/** The lifecycle is the one machine with stored data: only it has live numbers, and it opens on them. */
export const LIVE_MACHINE: MachineName = 'applicationLifecycle';

export type WorkflowView = 'live' | 'diagram' | 'table';

const LABELS: Record<WorkflowView, string> = { live: 'Live numbers', diagram: 'Diagram', table: 'Table' };

const hasLive = (name: MachineName, live: boolean) => live && name === LIVE_MACHINE;

/** The views a machine offers: Live numbers first for the lifecycle when the viewer may read them. */
export function viewsFor(name: MachineName, live: boolean): { value: WorkflowView; label: string }[] {
  const views: WorkflowView[] = hasLive(name, live) ? ['live', 'diagram', 'table'] : ['diagram', 'table'];
  return views.map((value) => ({ value, label: LABELS[value] }));
}

/** The machine's first view: the live numbers for the lifecycle, the diagram for the others. */
export const defaultViewOf = (name: MachineName, live: boolean): WorkflowView =>
  hasLive(name, live) ? 'live' : 'diagram';

/** The view an address asks for, when the machine offers it; else the machine's first view. */
export function viewOf(name: MachineName, asked: string | null, live: boolean): WorkflowView {
  const offered = viewsFor(name, live).map((view) => view.value);
  return offered.find((view) => view === asked) ?? defaultViewOf(name, live);
}

/** The `view` parameter for a choice: none when it is the machine's first view, so short links stay short. */
export function viewParam(name: MachineName, view: WorkflowView, live: boolean): string | null {
  return view === defaultViewOf(name, live) ? null : view;
}
