export { edgeLabel, machineGraph, machineTransitionRows, statePath } from './machine-graph';
export type {
  GuardRolesMeta,
  MachineGraph,
  MachineGraphEdge,
  MachineGraphNode,
  MachineGraphNodeType,
  MachineTransitionRow,
} from './machine-graph.types';
