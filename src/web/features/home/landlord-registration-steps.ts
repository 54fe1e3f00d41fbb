import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { StepIconName } from './step-icons';

/**
 * The Landlord Registration tutorial, read from the landlord-stepper machine (machines/access/), as the
 * Application Flow is read from the lifecycle: never a hand-copied list. The states a registering landlord passes
 * through carry `meta.tutorial` (title, text); the steps are those states in the order the machine reaches them
 * from the Register tab (a breadth-first walk over its transitions, invoked calls' outcomes included, guards
 * ignored). A state added, removed or re-wired in the machine changes the tutorial by itself.
 */
export interface TutorialStep {
  /** The state's id in the machine, e.g. 'landlordStepper.steps.details.editing'. */
  stateId: string;
  title: string;
  text: string;
  icon: StepIconName;
}

export interface TutorialMeta {
  tutorial?: { title: string; text: string };
}

/** Where a registration starts: the Register tab of the first step. */
export const REGISTRATION_START = 'landlordStepper.steps.electionId.register';

/** The picture beside a step, by the state's own key; a state the table does not know gets a form. */
const ICONS: Record<string, StepIconName> = {
  enteringEpic: 'idCard',
  checking: 'check',
  editing: 'form',
  verifyingRegistration: 'phone',
  ready: 'house',
};

/** The state a transition to `node` ends in: a compound state enters its initial child. */
function entered(node: AnyStateNode): AnyStateNode {
  const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
  return node.type === 'compound' && initial ? entered(initial) : node;
}

/** States whose transitions apply while in `node`: the node and its ancestors (their `on` is inherited). */
function withAncestors(node: AnyStateNode): AnyStateNode[] {
  return node.parent ? [node, ...withAncestors(node.parent)] : [node];
}

export function reachableFrom(machine: AnyStateMachine, startId: string): AnyStateNode[] {
  const start = entered(machine.getStateNodeById(startId));
  const seen = new Set<AnyStateNode>([start]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const node of withAncestors(queue[i])) {
      for (const transitions of node.transitions.values()) {
        for (const t of transitions) {
          for (const target of (t.target ?? []) as AnyStateNode[]) {
            const next = entered(target);
            if (seen.has(next)) continue;
            seen.add(next);
            queue.push(next);
          }
        }
      }
    }
  }
  return queue;
}

export function landlordRegistrationSteps(machine: AnyStateMachine): TutorialStep[] {
  return reachableFrom(machine, REGISTRATION_START).flatMap((node) => {
    const tutorial = (node.meta as TutorialMeta | undefined)?.tutorial;
    return tutorial ? [{ stateId: node.id, ...tutorial, icon: ICONS[node.key] ?? 'form' }] : [];
  });
}
