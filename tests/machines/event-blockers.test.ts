import { describe, expect, it } from 'vitest';
import { createActor, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { machineRegistry } from '../../machines';

/*
 * An event blocker is a transition with no target, no guard and no action in a busy state: it exists to shadow a
 * parent's transition for the same event (closing the dialog, resetting the search) while a server call runs.
 * The model tests never send these events (`can` is false there, so no button offers them); this test does, for
 * every blocker of every registered machine: the parent's transition is not taken and nothing changes.
 */

interface Blocker {
  machineName: string;
  machine: AnyStateMachine;
  node: AnyStateNode;
  event: string;
}

const isBlocker = (t: AnyTransitionDefinition) => !t.target?.length && !t.guard && t.actions.length === 0;

const blockers: Blocker[] = Object.entries(machineRegistry).flatMap(([machineName, { machine }]) =>
  getStateNodes(machine.root).flatMap((node) =>
    [...node.transitions.entries()]
      .filter(([, transitions]) => transitions.length === 1 && isBlocker(transitions[0]))
      .map(([event]) => ({ machineName, machine, node, event })),
  ),
);

function ancestorsHandling(node: AnyStateNode, event: string): AnyStateNode[] {
  const found: AnyStateNode[] = [];
  for (let parent = node.parent; parent; parent = parent.parent)
    if (parent.transitions.has(event)) found.push(parent);
  return found;
}

/** The state value that stands in `node` (`{ creating: 'saving' }`). */
function valueOf(node: AnyStateNode): unknown {
  return node.path.reduceRight<unknown>(
    (inner, key) => (inner === undefined ? key : { [key]: inner }),
    undefined,
  );
}

describe('event blockers of busy states', () => {
  it('exist in the machines that need them', () => {
    expect(blockers.map((b) => `${b.machineName}: ${b.node.id} ${b.event}`).sort()).toEqual([
      'anonymousClearance: anonymousClearance.verified.form.generating reset',
      'report: report.exporting report.submit',
      'search: search.deleting reset',
      'tenantApplication: tenantApplication.creating.saving dialog.close',
      'tenantApplication: tenantApplication.creating.saving tenant.change',
      'tenantApplication: tenantApplication.creating.saving unit.select',
      'tenantApplication: tenantApplication.selecting.applying dialog.close',
      'tenantApplication: tenantApplication.selecting.awaitingConsent.confirming dialog.close',
      'tenantApplication: tenantApplication.selecting.awaitingConsent.resending dialog.close',
      'tenantApplication: tenantApplication.selecting.awaitingConsent.withdrawing dialog.close',
    ]);
  });

  it.each(blockers.map((b) => [`${b.node.id} ignores ${b.event}`, b] as const))('%s', (_name, blocker) => {
    const { machine, node, event } = blocker;
    // A blocker that shadows nothing would be dead weight.
    expect(ancestorsHandling(node, event).length).toBeGreaterThan(0);
    const context = { marker: 'unchanged' };
    const actor = createActor(machine, {
      snapshot: machine.resolveState({ value: valueOf(node) as never, context: context }),
    }).start();
    const before = actor.getSnapshot();
    expect(before._nodes).toContain(node);
    expect(before.can({ type: event })).toBe(false);
    actor.send({ type: event });
    const after = actor.getSnapshot();
    // Still in the busy state (a parallel sibling region may settle its own eventless steps meanwhile).
    expect(after._nodes).toContain(node);
    expect(after.context).toEqual(context);
    actor.stop();
  });
});
