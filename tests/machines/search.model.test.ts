import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import {
  canManageRow,
  canReset,
  canSearch,
  isConfirmingDelete,
  isDeleting,
  isEditing,
  isSearchBusy,
  searchMachine,
  showsEmpty,
  showsResults,
  type SearchEvent,
  type SearchPerson,
} from '../../machines/search';
import { ServerCalls, leafKeys } from './citizen-fakes';
import { checkedStates, expectFullCoverage, machineModel } from './model-harness';

/*
 * Model-based test of the search dialog and the update-tenant page's machine: xstate/graph walks it (as the page,
 * `manages: true`, and as the dialog), and every shortest path is replayed on a real actor whose server calls are
 * fakes settled by hand.
 */

type Snapshot = SnapshotFrom<typeof searchMachine>;
type EventFixtures = { [K in SearchEvent['type']]: Array<Extract<SearchEvent, { type: K }>> };

const ada: SearchPerson = { id: 11, epicNo: 'ABC1234567' };
const bo: SearchPerson = { id: 12, epicNo: 'ABC7654321' };

/** A fixture for every event type: a new event without one fails to compile. */
const eventFixtures = {
  'text.change': [
    { type: 'text.change', value: 'wanshng' },
    { type: 'text.change', value: 'w' },
  ],
  'entity.change': [{ type: 'entity.change', entity: 'landlord' }],
  search: [{ type: 'search' }],
  reset: [{ type: 'reset' }],
  'tenant.delete': [
    { type: 'tenant.delete', id: 11 },
    { type: 'tenant.delete', id: 99 },
  ],
  'delete.confirm': [{ type: 'delete.confirm' }],
  'delete.cancel': [{ type: 'delete.cancel' }],
  'tenant.edit': [{ type: 'tenant.edit', id: 11 }],
  'edit.close': [{ type: 'edit.close' }],
} satisfies EventFixtures;

const outcomeFixtures = {
  'xstate.done.actor.searchPeople': [
    { type: 'xstate.done.actor.searchPeople', output: [ada, bo] },
    { type: 'xstate.done.actor.searchPeople', output: [ada] },
    { type: 'xstate.done.actor.searchPeople', output: [] },
  ],
  'xstate.error.actor.searchPeople': [
    {
      type: 'xstate.error.actor.searchPeople',
      error: { status: 400, message: 'name: Enter at least 2 characters.' },
    },
  ],
  'xstate.done.actor.deleteTenant': [
    { type: 'xstate.done.actor.deleteTenant', output: { message: 'Successfully Deleted Tenant.' } },
  ],
  'xstate.error.actor.deleteTenant': [
    {
      type: 'xstate.error.actor.deleteTenant',
      error: { status: 409, message: 'Outside your jurisdiction.' },
    },
  ],
};
type OutcomeEvent = (typeof outcomeFixtures)[keyof typeof outcomeFixtures][number];
type ModelEvent = SearchEvent | OutcomeEvent;
const allEvents: ModelEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...Object.values(outcomeFixtures).flat(),
];
const calledNames = ['searchPeople', 'deleteTenant'] as const;

function start(manages: boolean) {
  const calls = new ServerCalls(calledNames);
  const machine = searchMachine.provide({
    actors: {
      searchPeople: fromPromise(({ input, signal }) => calls.wait('searchPeople', input, signal)),
      deleteTenant: fromPromise(({ input, signal }) => calls.wait('deleteTenant', input, signal)),
    },
  });
  return { actor: createActor(machine, { input: { manages } }).start(), calls };
}

describe.each([true, false])('search machine (manages: %s): model-based paths', (manages) => {
  const model = machineModel<Snapshot, ModelEvent>(searchMachine, allEvents, { input: { manages } });
  const paths = model.getShortestPaths();

  it('reaches every leaf state it can and uses every event type it can', () => {
    if (manages) {
      expectFullCoverage(searchMachine, paths, [
        ...Object.keys(eventFixtures),
        ...Object.keys(outcomeFixtures),
      ]);
    } else {
      // The dialog only finds: no path reaches the page's Edit and Delete.
      const reached = new Set(
        paths.flatMap((p) => p.steps.flatMap((s) => s.state._nodes.map((n) => `#${n.id}`))),
      );
      expect(
        ['#search.confirmingDelete', '#search.deleting', '#search.editing'].filter((id) => reached.has(id)),
      ).toEqual([]);
    }
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const sut = start(manages);
    const snapshot = () => sut.actor.getSnapshot();
    const context = () => snapshot().context;
    const stateChecks: Record<string, () => void> = {
      '#search.idle': () => {
        expect(canSearch(snapshot())).toBe(context().text.trim().length >= 2);
        expect(showsResults(snapshot())).toBe(false);
      },
      '#search.searching': () => {
        expect(isSearchBusy(snapshot())).toBe(true);
        expect(canSearch(snapshot())).toBe(false);
        expect(sut.calls.lastInput('searchPeople')).toEqual(context().lastRequest);
        expect(context().lastRequest?.name.length).toBeGreaterThanOrEqual(2);
      },
      '#search.results': () => {
        expect(showsResults(snapshot())).toBe(true);
        expect(context().results.length).toBeGreaterThan(0);
        const manageable = manages && context().shownEntity === 'tenant';
        expect(canManageRow(snapshot(), context().results[0].id)).toBe(manageable);
      },
      '#search.empty': () => {
        expect(showsEmpty(snapshot())).toBe(true);
        expect(context().results).toEqual([]);
      },
      '#search.failed': () => {
        expect(context().notice).toEqual({
          kind: 'error',
          code: 'search.serverFailed',
          text: 'name: Enter at least 2 characters.',
        });
      },
      '#search.confirmingDelete': () => {
        expect(isConfirmingDelete(snapshot())).toBe(true);
        expect(context().target).toEqual(ada);
      },
      '#search.deleting': () => {
        expect(isDeleting(snapshot())).toBe(true);
        expect(canReset(snapshot())).toBe(false);
        expect(sut.calls.lastInput('deleteTenant')).toEqual({ id: 11 });
      },
      '#search.editing': () => {
        expect(isEditing(snapshot())).toBe(true);
        expect(context().target).toEqual(ada);
      },
    };
    expect(leafKeys(searchMachine).filter((id) => !(id in stateChecks))).toEqual([]);

    const send = ({ event }: { event: { type: string } }) => sut.actor.send(event as SearchEvent);
    const settle =
      (name: (typeof calledNames)[number]) =>
      async ({ event }: { event: object }) => {
        await sut.calls.settle(name, event as { output: unknown } | { error: unknown });
      };
    await path.test({
      events: {
        ...Object.fromEntries(Object.keys(eventFixtures).map((type) => [type, send])),
        ...Object.fromEntries(
          calledNames.flatMap((name) => [
            [`xstate.done.actor.${name}`, settle(name)],
            [`xstate.error.actor.${name}`, settle(name)],
          ]),
        ),
      },
      states: checkedStates(snapshot, stateChecks),
    });
  });
});

describe('search machine: behaviour', () => {
  it('deletes a row, says the server’s words, and shows the empty message after the last', async () => {
    const { actor, calls } = start(true);
    actor.send({ type: 'text.change', value: ' ada ' });
    actor.send({ type: 'search' });
    expect(calls.lastInput('searchPeople')).toEqual({ name: 'ada', entity: 'tenant' });
    await calls.settle('searchPeople', { output: [ada, bo] });
    actor.send({ type: 'tenant.delete', id: 11 });
    actor.send({ type: 'delete.confirm' });
    await calls.settle('deleteTenant', { output: { message: 'Successfully Deleted Tenant.' } });
    expect(actor.getSnapshot().value).toBe('results');
    expect(actor.getSnapshot().context.results).toEqual([bo]);
    expect(actor.getSnapshot().context.notice).toEqual({
      kind: 'success',
      code: 'search.tenantDeleted',
      text: 'Successfully Deleted Tenant.',
    });
    actor.send({ type: 'tenant.delete', id: 12 });
    actor.send({ type: 'delete.confirm' });
    await calls.settle('deleteTenant', { output: { message: 'Successfully Deleted Tenant.' } });
    expect(actor.getSnapshot().value).toBe('empty');
  });

  it('offers no Edit or Delete on landlord rows, and searches again when the edit closes', async () => {
    const { actor, calls } = start(true);
    actor.send({ type: 'text.change', value: 'ada' });
    actor.send({ type: 'entity.change', entity: 'landlord' });
    actor.send({ type: 'search' });
    await calls.settle('searchPeople', { output: [ada] });
    expect(canManageRow(actor.getSnapshot(), 11)).toBe(false);
    actor.send({ type: 'entity.change', entity: 'tenant' });
    actor.send({ type: 'search' });
    await calls.settle('searchPeople', { output: [ada] });
    actor.send({ type: 'tenant.edit', id: 11 });
    actor.send({ type: 'edit.close' });
    expect(actor.getSnapshot().value).toBe('searching');
    expect(calls.lastInput('searchPeople')).toEqual({ name: 'ada', entity: 'tenant' });
  });
});
