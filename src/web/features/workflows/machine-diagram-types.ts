import type { MachineGraph } from '../../../../machines/graph';
import type { PositionedGraph } from '../../lib/machine-diagram/positioned-graph';

/** Lays a machine's graph out (elkjs on the screen; stories hold it pending or make it fail). */
export type LayoutMachine = (graph: MachineGraph) => Promise<PositionedGraph>;
