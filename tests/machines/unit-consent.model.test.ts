import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import {
  UNIT_CONSENT_TEXTS,
  unitConsentDestinationText,
  unitConsentMachine,
  type UnitConsentEvent,
} from '../../machines/clearance';
import { leafKeys, ServerCalls } from './citizen-fakes';
import { checkedStates, expectFullCoverage, machineModel } from './model-harness';

/*
 * Model-based test of the landlord's consent to a unit an official added (docs/reach.md): xstate/graph walks the
 * machine with the server calls' outcomes as events; each shortest path is replayed on an actor whose calls are
 * fakes, settled when the path sends their outcome.
 */

type Snapshot = SnapshotFrom<typeof unitConsentMachine>;
type EventFixtures = { [K in UnitConsentEvent['type']]: Array<Extract<UnitConsentEvent, { type: K }>> };

const input = { rentcode: 'RU000000042', sentTo: 'mobile ••••••1234' };
const consentedAt = '2026-11-27T10:00:00.000Z';
const wrong = { status: 400, message: 'This code is not right. 4 tries left.' };

/** A fixture for every event type: a new event without one fails to compile. */
const eventFixtures = {
  'consent.change': [
    { type: 'consent.change', value: '123456' },
    { type: 'consent.change', value: '12a' },
  ],
  'consent.confirm': [{ type: 'consent.confirm' }],
  'consent.resend': [{ type: 'consent.resend' }],
} satisfies EventFixtures;
const outcomeFixtures = {
  'xstate.done.actor.confirmCode': [
    { type: 'xstate.done.actor.confirmCode', output: { landlordConsentedAt: consentedAt } },
  ],
  'xstate.error.actor.confirmCode': [{ type: 'xstate.error.actor.confirmCode', error: wrong }],
  'xstate.done.actor.resendCode': [
    { type: 'xstate.done.actor.resendCode', output: { consentCodeSentTo: 'email r•••@example.com' } },
  ],
  'xstate.error.actor.resendCode': [
    { type: 'xstate.error.actor.resendCode', error: { status: 429, message: 'Too many codes.' } },
  ],
};
type OutcomeEvent = (typeof outcomeFixtures)[keyof typeof outcomeFixtures][number];
type ModelEvent = UnitConsentEvent | OutcomeEvent;
const allEvents: ModelEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...Object.values(outcomeFixtures).flat(),
];
const callNames = ['confirmCode', 'resendCode'] as const;

function startStep() {
  const calls = new ServerCalls(callNames);
  const machine = unitConsentMachine.provide({
    actors: {
      confirmCode: fromPromise(({ input, signal }) => calls.wait('confirmCode', input, signal)),
      resendCode: fromPromise(({ input, signal }) => calls.wait('resendCode', input, signal)),
    },
  });
  return { actor: createActor(machine, { input }).start(), calls };
}

/** What decides the next step: the state, whether the code is complete, and the notice's kind. */
const essentials = (state: Snapshot) => ({
  codeComplete: state.context.code.length === 6,
  notice: state.context.notice?.kind ?? null,
});

describe('unit consent machine: model-based paths', () => {
  const model = machineModel<Snapshot, ModelEvent>(unitConsentMachine, allEvents, {
    input,
    describe: (state) => `${JSON.stringify(state.value)} ${JSON.stringify(essentials(state))}`,
  });
  const paths = model.getShortestPaths();

  it('reaches every leaf state and sends every event type', () => {
    expectFullCoverage(unitConsentMachine, paths, [
      ...Object.keys(eventFixtures),
      ...Object.keys(outcomeFixtures),
    ]);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const sut = startStep();
    const snapshot = () => sut.actor.getSnapshot();
    const checks: Record<string, () => void> = {
      '#unitConsent.awaitingCode': () => {
        expect(snapshot().context.code).toMatch(/^\d{0,6}$/);
        expect(snapshot().can({ type: 'consent.resend' })).toBe(true);
        expect(snapshot().can({ type: 'consent.confirm' })).toBe(snapshot().context.code.length === 6);
      },
      '#unitConsent.confirming': () => {
        expect(sut.calls.lastInput('confirmCode')).toEqual({ rentcode: input.rentcode, code: '123456' });
        expect(snapshot().can({ type: 'consent.resend' })).toBe(false);
      },
      '#unitConsent.resending': () => {
        expect(sut.calls.lastInput('resendCode')).toEqual({ rentcode: input.rentcode });
        expect(snapshot().can({ type: 'consent.confirm' })).toBe(false);
      },
      '#unitConsent.confirmed': () => {
        expect(snapshot().status).toBe('done');
        expect(snapshot().context.consentedAt).toBe(consentedAt);
      },
    };
    expect(leafKeys(unitConsentMachine).filter((id) => !(id in checks))).toEqual([]);
    const send = ({ event }: { event: { type: string } }) => {
      sut.actor.send(event as UnitConsentEvent);
    };
    const settle =
      (name: (typeof callNames)[number]) =>
      ({ event }: { event: object }) =>
        sut.calls.settle(name, event as { output: unknown } | { error: unknown });
    const events = {
      ...Object.fromEntries(Object.keys(eventFixtures).map((type) => [type, send])),
      ...Object.fromEntries(
        callNames.flatMap((name) => [
          [`xstate.done.actor.${name}`, settle(name)],
          [`xstate.error.actor.${name}`, settle(name)],
        ]),
      ),
    };
    await path.test({
      events,
      states: checkedStates(snapshot, checks, essentials),
    });
  });
});

describe('unit consent machine: behaviour', () => {
  it('keeps digits only; a refusal empties the code and shows the server’s words', async () => {
    const sut = startStep();
    sut.actor.send({ type: 'consent.change', value: '65 43-21' });
    expect(sut.actor.getSnapshot().context.code).toBe('654321');
    sut.actor.send({ type: 'consent.confirm' });
    await sut.calls.settle('confirmCode', { error: wrong });
    expect(sut.actor.getSnapshot().context).toMatchObject({
      code: '',
      notice: { kind: 'error', code: 'unitConsent.serverFailed', text: wrong.message },
    });
  });

  it('resends: the new destination and a success notice', async () => {
    const sut = startStep();
    sut.actor.send({ type: 'consent.resend' });
    await sut.calls.settle('resendCode', { output: { consentCodeSentTo: 'mobile ••••••9999' } });
    expect(sut.actor.getSnapshot().context).toMatchObject({
      sentTo: 'mobile ••••••9999',
      notice: { kind: 'success', code: 'unitConsent.resent', text: UNIT_CONSENT_TEXTS.resent },
    });
  });

  it('says where the code went, or asks for the latest one', () => {
    expect(unitConsentDestinationText({ sentTo: 'email r•••@example.com' })).toContain(
      'email r•••@example.com',
    );
    expect(unitConsentDestinationText({ sentTo: null })).toBe(UNIT_CONSENT_TEXTS.unknownDestination);
  });
});
