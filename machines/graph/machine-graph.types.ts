/**
 * A machine as plain data: the states and transitions of an XState definition, read once, so the SVG docs,
 * the workflow gallery and the text alternative all draw the same picture from the same source.
 */
export type MachineGraphNodeType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface MachineGraphNode {
  /** The state node id, e.g. 'applicationLifecycle.pendingAtWard'; the machine itself is the root node. */
  id: string;
  key: string;
  parentId: string | null;
  label: string;
  type: MachineGraphNodeType;
  /** The state its parent enters first. */
  initial: boolean;
  /** `holder.*` tags say who holds the case in this state. */
  tags: string[];
  /** The stored status code of the state (`meta.status`), when it has one. */
  status?: string;
  description?: string;
}

export interface MachineGraphEdge {
  id: string;
  source: string;
  target: string;
  /** Readable event: 'application.accept', 'always', 'after idleTimeout', 'sendOtp.done', 'done'. */
  event: string;
  /** The guard spelled out ('isWardModerator and hasRectificationRemarks'), null when unguarded. */
  guard: string | null;
  /** The roles the guard lets through, [] when it names none. */
  roles: string[];
  /** `event [guard] (ROLE, ROLE)`, the text drawn on the arrow. */
  label: string;
}

export interface MachineGraph {
  id: string;
  nodes: MachineGraphNode[];
  edges: MachineGraphEdge[];
}

export interface MachineTransitionRow {
  from: string;
  event: string;
  to: string;
  guard: string;
  roles: string;
}

/**
 * A machine names the roles its guards let through in its root `meta.guardRoles` (guard name -> roles), next to
 * the guards themselves, so the diagram reads them from the definition instead of a second hand-kept table.
 */
export interface GuardRolesMeta {
  guardRoles?: Readonly<Record<string, readonly string[]>>;
}
