import { machineRegistry, type MachineName } from '../../../../machines';
import {
  machineGraph,
  machineTransitionRows,
  type MachineGraph,
  type MachineTransitionRow,
} from '../../../../machines/graph';

/** One workflow of the gallery: a registry entry with its graph read once from the machine definition. */
export interface Workflow {
  name: MachineName;
  title: string;
  /** The doc that explains the workflow in words, when there is one. */
  doc: string | null;
  graph: MachineGraph;
  rows: MachineTransitionRow[];
  /** The states a reader sees (the machine's own root node is the frame, not a state). */
  stateCount: number;
}

/** The registry's names in its own order: a machine added to machines/index.ts is listed here with no other change. */
export const WORKFLOW_NAMES = Object.keys(machineRegistry) as MachineName[];

export const DEFAULT_WORKFLOW: MachineName = WORKFLOW_NAMES[0];

export function isWorkflowName(value: string | null): value is MachineName {
  return value !== null && Object.hasOwn(machineRegistry, value);
}

const read = new Map<MachineName, Workflow>();

/** The workflow of a registry name; the machine is read on first use and kept (definitions do not change). */
export function workflowOf(name: MachineName): Workflow {
  const known = read.get(name);
  if (known) return known;
  const entry = machineRegistry[name];
  const graph = machineGraph(entry.machine);
  const workflow: Workflow = {
    name,
    title: entry.title,
    doc: entry.doc,
    graph,
    rows: machineTransitionRows(graph),
    stateCount: graph.nodes.length - 1,
  };
  read.set(name, workflow);
  return workflow;
}
