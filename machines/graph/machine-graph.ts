import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { describeGuard, guardCombinator } from '../application/lifecycle.diagram';
import type {
  GuardRolesMeta,
  MachineGraph,
  MachineGraphEdge,
  MachineGraphNode,
  MachineTransitionRow,
} from './machine-graph.types';

type GuardLike = Parameters<typeof describeGuard>[0];
type GuardRoles = NonNullable<GuardRolesMeta['guardRoles']>;
interface TransitionLike {
  target?: readonly AnyStateNode[];
  guard?: unknown;
  delay?: number | string;
}

function formatDelay(delay: number | string): string {
  if (typeof delay === 'string') return delay;
  if (delay > 0 && delay % 60_000 === 0) return `${delay / 60_000} min`;
  if (delay > 0 && delay % 1_000 === 0) return `${delay / 1_000} s`;
  return `${delay} ms`;
}

const ACTOR_OUTCOMES: Record<string, string> = {
  'done.actor': 'done',
  'error.actor': 'error',
  snapshot: 'snapshot',
};

/** Turns XState's internal event names (delays, invoked actors, done states) into words a reader can follow. */
function readableEvent(node: AnyStateNode, descriptor: string, transition: TransitionLike): string {
  if (descriptor.startsWith('xstate.after.')) return `after ${formatDelay(transition.delay ?? '?')}`;
  if (descriptor.startsWith('xstate.done.state.')) return 'done';
  const actor = /^xstate\.(done\.actor|error\.actor|snapshot)\.(.+)$/.exec(descriptor);
  if (actor) {
    const invoked = node.invoke.find((definition) => definition.id === actor[2]);
    const name = typeof invoked?.src === 'string' ? invoked.src : actor[2];
    return `${name}.${ACTOR_OUTCOMES[actor[1]]}`;
  }
  return descriptor;
}

/** The roles a guard lets through: the named guards' roles, united across `and` / `or`; a `not` grants none. */
function rolesOf(guard: unknown, guardRoles: GuardRoles): string[] {
  if (guard === undefined || guard === null) return [];
  if (typeof guard === 'string') return [...(guardRoles[guard] ?? [])];
  if (typeof guard === 'function') {
    if (guardCombinator(guard) === 'not') return [];
    const parts = (guard as { guards?: unknown[] }).guards;
    if (parts) return parts.flatMap((part) => rolesOf(part, guardRoles));
    return [...(guardRoles[guard.name] ?? [])];
  }
  const type = (guard as { type?: unknown }).type;
  return typeof type === 'string' ? [...(guardRoles[type] ?? [])] : [];
}

function stripOuterParens(text: string): string {
  return text.startsWith('(') && text.endsWith(')') ? text.slice(1, -1) : text;
}

export function edgeLabel(event: string, guard: string | null, roles: readonly string[]): string {
  const guardPart = guard ? ` [${guard}]` : '';
  const rolePart = roles.length > 0 ? ` (${roles.join(', ')})` : '';
  return `${event}${guardPart}${rolePart}`;
}

function toNode(node: AnyStateNode): MachineGraphNode {
  const parent = node.parent;
  const initialTargets = parent?.type === 'compound' ? (parent.initial?.target ?? []) : [];
  const meta = (node.meta ?? {}) as { status?: unknown };
  return {
    id: node.id,
    key: node.key,
    parentId: parent?.id ?? null,
    label: node.key,
    type: node.type,
    initial: initialTargets.includes(node),
    tags: [...node.tags].sort(),
    ...(typeof meta.status === 'string' ? { status: meta.status } : {}),
    ...(node.description ? { description: node.description } : {}),
  };
}

function toEdges(node: AnyStateNode, guardRoles: GuardRoles): MachineGraphEdge[] {
  const edges: MachineGraphEdge[] = [];
  const add = (descriptor: string, transitions: readonly TransitionLike[]) => {
    transitions.forEach((transition, index) => {
      const event = descriptor === '' ? 'always' : readableEvent(node, descriptor, transition);
      const described = describeGuard(transition.guard as GuardLike);
      const guard = described ? stripOuterParens(described) : null;
      const roles = [...new Set(rolesOf(transition.guard, guardRoles))];
      // A transition without a target stays in its state (actions only): drawn as a loop on the state.
      const targets = transition.target?.length ? transition.target : [node];
      targets.forEach((target) => {
        edges.push({
          id: `${node.id}|${descriptor || 'always'}|${index}|${target.id}`,
          source: node.id,
          target: target.id,
          event,
          guard,
          roles,
          label: edgeLabel(event, guard, roles),
        });
      });
    });
  };
  for (const [descriptor, transitions] of node.transitions) add(descriptor, transitions);
  add('', node.always ?? []);
  return edges;
}

/** Reads a machine's states and transitions (including eventless `always` and delayed `after` ones). */
export function machineGraph(machine: AnyStateMachine): MachineGraph {
  const guardRoles: GuardRoles = (machine.root.meta as GuardRolesMeta | undefined)?.guardRoles ?? {};
  const nodes: MachineGraphNode[] = [];
  const edges: MachineGraphEdge[] = [];
  const walk = (node: AnyStateNode) => {
    nodes.push(toNode(node));
    edges.push(...toEdges(node, guardRoles));
    (Object.values(node.states) as AnyStateNode[]).forEach(walk);
  };
  walk(machine.root);
  return { id: machine.id, nodes, edges };
}

/** A state's name inside its machine ('approved.certified'); the machine itself stands for "any state". */
export function statePath(graph: MachineGraph, id: string): string {
  if (id === graph.id) return `${graph.id} (any state)`;
  return id.startsWith(`${graph.id}.`) ? id.slice(graph.id.length + 1) : id;
}

/** The text alternative of a diagram: one row per arrow, state -> event -> target, with its guard and roles. */
export function machineTransitionRows(graph: MachineGraph): MachineTransitionRow[] {
  return graph.edges.map((edge) => ({
    from: statePath(graph, edge.source),
    event: edge.event,
    to: statePath(graph, edge.target),
    guard: edge.guard ?? '',
    roles: edge.roles.join(', '),
  }));
}
