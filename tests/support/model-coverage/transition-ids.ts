import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { describeGuard } from '../../../machines/application/lifecycle.diagram';

/*
 * A taken transition named by the ids the workflow diagrams give their arrows (machines/graph/machine-graph.ts),
 * so the report can be laid over them: `${source}|${descriptor}|${index}|${target}`, descriptor 'always' for an
 * eventless one, index its place among the source's candidates for that descriptor, the source itself as target
 * when it has none. A transition with two targets is two arrows, so two ids. A test checks the two agree.
 */

type GuardLike = Parameters<typeof describeGuard>[0];

export interface TransitionTaken {
  machineId: string;
  ids: string[];
  source: string;
  event: string;
  targets: string[];
  guard: string | null;
}

function guardName(guard: unknown): string | null {
  const described = describeGuard(guard as GuardLike);
  if (!described) return null;
  return described.startsWith('(') && described.endsWith(')') ? described.slice(1, -1) : described;
}

function idsOf(source: AnyStateNode, descriptor: string, index: number, targets: readonly AnyStateNode[]) {
  return (targets.length > 0 ? targets : [source]).map(
    (target) => `${source.id}|${descriptor}|${index}|${target.id}`,
  );
}

/** What a taken transition definition is, in ids; null for XState's own initial transition (it has no source event). */
export function describeTransition(transition: AnyTransitionDefinition): TransitionTaken | null {
  const source = transition.source;
  const always = source.always?.indexOf(transition) ?? -1;
  const descriptor = always >= 0 ? 'always' : transition.eventType;
  if (!descriptor) return null;
  const index = always >= 0 ? always : (source.transitions.get(descriptor)?.indexOf(transition) ?? -1);
  if (index < 0) return null;
  const targets = transition.target ?? [];
  return {
    machineId: source.machine.id,
    ids: idsOf(source, descriptor, index, targets),
    source: source.id,
    event: descriptor,
    targets: targets.map((target) => target.id),
    guard: guardName(transition.guard),
  };
}

/** Every transition definition of a machine (eventless and delayed ones too), as XState hands them to us. */
export function transitionDefinitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return [machine.root, ...getStateNodes(machine.root)].flatMap((node: AnyStateNode) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]);
}
