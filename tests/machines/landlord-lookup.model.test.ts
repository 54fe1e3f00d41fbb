import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import {
  FRESH_REGISTRATION_MESSAGE,
  landlordLookupMachine,
  type LandlordLookupEvent,
  type OutsideReachRefusal,
} from '../../machines/landlord-office';
import { ServerCalls, leafKeys } from './citizen-fakes';
import { checkedStates, expectFullCoverage, machineModel } from './model-harness';

/*
 * Model-based test of the officials' landlord lookup (the Landlords screen, docs/staff-registration.md):
 * xstate/graph walks it and every shortest path is replayed on a real actor whose lookup is a fake settled by hand.
 */

type Snapshot = SnapshotFrom<typeof landlordLookupMachine>;
type EventFixtures = { [K in LandlordLookupEvent['type']]: Array<Extract<LandlordLookupEvent, { type: K }>> };

const EPIC = 'ABC1234567';
const found = { landlordId: '41' };
const registered = { landlordId: '42' };
const outside: OutsideReachRefusal = {
  message: 'The landlord is outside your jurisdiction.',
  landlordId: '43',
  landlordName: 'Iba Lyngdoh',
};

/** A fixture for every event type: a new event without one fails to compile. */
const eventFixtures = {
  'epic.change': [
    { type: 'epic.change', value: 'abc1234567' },
    { type: 'epic.change', value: 'AB12' },
  ],
  'epic.submit': [{ type: 'epic.submit' }],
  'landlord.registered': [{ type: 'landlord.registered', landlord: registered }],
  'lookup.retry': [{ type: 'lookup.retry' }],
  'lookup.reset': [{ type: 'lookup.reset' }],
} satisfies EventFixtures;

const outcomeFixtures = {
  'xstate.done.actor.findLandlord': [
    { type: 'xstate.done.actor.findLandlord', output: { kind: 'found', landlord: found } },
    { type: 'xstate.done.actor.findLandlord', output: { kind: 'fresh' } },
  ],
  'xstate.error.actor.findLandlord': [
    { type: 'xstate.error.actor.findLandlord', error: outside },
    {
      type: 'xstate.error.actor.findLandlord',
      error: { status: 403, message: 'You are not allowed to do this.' },
    },
    { type: 'xstate.error.actor.findLandlord', error: {} },
  ],
};
type OutcomeEvent = (typeof outcomeFixtures)[keyof typeof outcomeFixtures][number];
type ModelEvent = LandlordLookupEvent | OutcomeEvent;
const allEvents: ModelEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...Object.values(outcomeFixtures).flat(),
];

function start() {
  const calls = new ServerCalls(['findLandlord'] as const);
  const machine = landlordLookupMachine.provide({
    actors: { findLandlord: fromPromise(({ input, signal }) => calls.wait('findLandlord', input, signal)) },
  });
  return { actor: createActor(machine).start(), calls };
}

describe('landlord lookup machine: model-based paths', () => {
  const model = machineModel<Snapshot, ModelEvent>(landlordLookupMachine, allEvents);
  const paths = model.getShortestPaths();

  it('reaches every leaf state and uses every event type', () => {
    expectFullCoverage(landlordLookupMachine, paths, [
      ...Object.keys(eventFixtures),
      ...Object.keys(outcomeFixtures),
    ]);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const sut = start();
    const snapshot = () => sut.actor.getSnapshot();
    const context = () => snapshot().context;
    const stateChecks: Record<string, () => void> = {
      '#landlordLookup.enteringEpic': () => {
        expect(context().epic).toBe(context().epic.toUpperCase());
        expect(snapshot().can({ type: 'epic.submit' })).toBe(/^[A-Z]{3}\d{7}$/.test(context().epic));
      },
      '#landlordLookup.lookingUp': () => {
        expect(sut.calls.lastInput('findLandlord')).toEqual({ epic: context().epic });
      },
      '#landlordLookup.registering': () => {
        expect(context().landlord).toBeNull();
        expect(FRESH_REGISTRATION_MESSAGE(context().epic)).toContain(context().epic);
      },
      '#landlordLookup.landlordFound': () => {
        expect([found, registered]).toContainEqual(context().landlord);
        expect(context().openTab).toBe(context().landlord === registered ? 'rentalUnits' : 'details');
      },
      '#landlordLookup.refused': () => {
        expect(context().message).toMatch(/outside your jurisdiction|not allowed/);
        if (context().outsideLandlordId !== null) {
          expect(context().outsideLandlordId).toBe('43');
          expect(context().outsideLandlordName).toBe('Iba Lyngdoh');
        }
      },
      '#landlordLookup.failed': () => {
        expect(context().message).toBeTruthy();
        expect(context().outsideLandlordId).toBeNull();
      },
    };
    expect(leafKeys(landlordLookupMachine).filter((id) => !(id in stateChecks))).toEqual([]);

    const send = ({ event }: { event: { type: string } }) => sut.actor.send(event as LandlordLookupEvent);
    const settle = async ({ event }: { event: object }) => {
      await sut.calls.settle('findLandlord', event as { output: unknown } | { error: unknown });
    };
    await path.test({
      events: {
        ...Object.fromEntries(Object.keys(eventFixtures).map((type) => [type, send])),
        'xstate.done.actor.findLandlord': settle,
        'xstate.error.actor.findLandlord': settle,
      },
      states: checkedStates(snapshot, stateChecks),
    });
  });
});

describe('landlord lookup machine: behaviour', () => {
  it('looks up the typed EPIC, upper-cased, and a reset forgets everything', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'epic.change', value: 'abc1234567' });
    actor.send({ type: 'epic.submit' });
    expect(calls.lastInput('findLandlord')).toEqual({ epic: EPIC });
    await calls.settle('findLandlord', { error: outside });
    expect(actor.getSnapshot().value).toBe('refused');
    actor.send({ type: 'lookup.reset' });
    expect(actor.getSnapshot().value).toBe('enteringEpic');
    expect(actor.getSnapshot().context).toMatchObject({ epic: '', message: null, outsideLandlordId: null });
  });

  it('opens Rental Units after a fresh registration is saved', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'epic.change', value: EPIC });
    actor.send({ type: 'epic.submit' });
    await calls.settle('findLandlord', { output: { kind: 'fresh' } });
    actor.send({ type: 'landlord.registered', landlord: registered });
    expect(actor.getSnapshot().context).toMatchObject({ landlord: registered, openTab: 'rentalUnits' });
  });
});
