import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { clearanceWizardMachine } from '../../machines/clearance/clearance-wizard.machine';
import {
  canDownloadCompleteApplication,
  canLookUpWizardTenant,
  canWizardGoBack,
  canWizardProceed,
  isWizardBusy,
  isWizardLastStep,
  isWizardTenantRegistering,
  wizardActiveStep,
  wizardEpicError,
} from '../../machines/clearance/clearance-wizard.selectors';
import {
  CLEARANCE_WIZARD_MESSAGES,
  type ClearanceWizardEvent,
  type WizardLandlord,
  type WizardTenant,
} from '../../machines/clearance/clearance-wizard.types';
import { ServerCalls, leafKeys } from './citizen-fakes';
import { checkedStates, expectFullCoverage, machineModel } from './model-harness';

/*
 * Model-based test: xstate/graph walks the clearance wizard, and every shortest path is replayed on a real actor
 * whose server calls (the tenant lookup and the complete application's download) are fakes settled by hand.
 */

type Snapshot = SnapshotFrom<typeof clearanceWizardMachine>;
type EventFixtures = {
  [K in ClearanceWizardEvent['type']]: Array<Extract<ClearanceWizardEvent, { type: K }>>;
};

const landlord: WizardLandlord = { id: 41, epic: 'ABC1234567', name: 'Iba Lyngdoh' };
const found: WizardTenant = { id: 77, idNumber: 'DL0420110012345', name: 'Ka Synshar' };
const registered: WizardTenant = { id: 78, idNumber: 'DL0420110012345', name: 'New Tenant' };

/** A fixture for every event type: a new event without one fails to compile. */
const eventFixtures = {
  'epic.change': [
    { type: 'epic.change', value: 'abc1234567' },
    { type: 'epic.change', value: '' },
  ],
  'step.next': [{ type: 'step.next' }],
  'step.back': [{ type: 'step.back' }],
  'stepper.reset': [{ type: 'stepper.reset' }],
  'landlord.saved': [{ type: 'landlord.saved', landlord }],
  'tenant.idChange': [
    { type: 'tenant.idChange', value: 'dl 0420110012345' },
    { type: 'tenant.idChange', value: 'short' },
  ],
  'tenant.lookup': [{ type: 'tenant.lookup' }],
  'tenant.registered': [{ type: 'tenant.registered', tenant: registered }],
  'application.applied': [{ type: 'application.applied', applid: 9001 }],
  'pdf.download': [{ type: 'pdf.download' }],
} satisfies EventFixtures;

const outcomeFixtures = {
  'xstate.done.actor.findTenant': [
    { type: 'xstate.done.actor.findTenant', output: { kind: 'found', tenant: found } },
    { type: 'xstate.done.actor.findTenant', output: { kind: 'fresh' } },
  ],
  'xstate.error.actor.findTenant': [
    { type: 'xstate.error.actor.findTenant', error: { status: 404 } },
    { type: 'xstate.error.actor.findTenant', error: { status: 403, message: 'Not in your jurisdiction.' } },
  ],
  'xstate.done.actor.downloadForm': [{ type: 'xstate.done.actor.downloadForm', output: undefined }],
  'xstate.error.actor.downloadForm': [{ type: 'xstate.error.actor.downloadForm', error: { status: 500 } }],
};
type OutcomeEvent = (typeof outcomeFixtures)[keyof typeof outcomeFixtures][number];
type ModelEvent = ClearanceWizardEvent | OutcomeEvent;
const allEvents: ModelEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...Object.values(outcomeFixtures).flat(),
];

const model = machineModel<Snapshot, ModelEvent>(clearanceWizardMachine, allEvents);
const calledNames = ['findTenant', 'downloadForm'] as const;

function startWizard() {
  const calls = new ServerCalls(calledNames);
  const machine = clearanceWizardMachine.provide({
    actors: {
      findTenant: fromPromise(({ input, signal }) => calls.wait('findTenant', input, signal)),
      downloadForm: fromPromise(({ input, signal }) => calls.wait('downloadForm', input, signal)),
    },
  });
  return { actor: createActor(machine).start(), calls };
}

describe('clearance wizard machine: model-based paths', () => {
  const paths = model.getShortestPaths();

  it('reaches every leaf state and uses every event type', () => {
    expectFullCoverage(clearanceWizardMachine, paths, [
      ...Object.keys(eventFixtures),
      ...Object.keys(outcomeFixtures),
    ]);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const sut = startWizard();
    const snapshot = () => sut.actor.getSnapshot();
    const context = () => snapshot().context;
    const inFlight = (name: (typeof calledNames)[number]) => sut.calls.inFlight[name].length;
    const stateChecks: Record<string, () => void> = {
      '#clearanceWizard.electionId': () => {
        expect(wizardActiveStep(snapshot())).toBe(0);
        expect(canWizardProceed(snapshot())).toBe(context().epic === 'ABC1234567');
        expect(canWizardGoBack(snapshot())).toBe(false);
        expect(context().landlord).toBeNull();
        expect(wizardEpicError(snapshot())).toBe(
          context().epicTouched && context().epic === '' ? CLEARANCE_WIZARD_MESSAGES.epicRequired : null,
        );
      },
      '#clearanceWizard.landlord': () => {
        expect(wizardActiveStep(snapshot())).toBe(1);
        expect(context().epic).toBe('ABC1234567');
        // Next stays clickable: without a saved landlord it says so.
        expect(canWizardProceed(snapshot())).toBe(true);
        expect(canWizardGoBack(snapshot())).toBe(true);
        if (context().landlord === null && context().notice) {
          expect(context().notice).toEqual({
            kind: 'error',
            code: 'clearanceWizard.notSaved',
            text: CLEARANCE_WIZARD_MESSAGES.notSaved,
          });
        }
      },
      '#clearanceWizard.tenant.enteringId': () => {
        expect(wizardActiveStep(snapshot())).toBe(2);
        expect(context().landlord).toEqual(landlord);
        expect(context().tenant).toBeNull();
        expect(canLookUpWizardTenant(snapshot())).toBe(context().tenantIdNumber.length >= 8);
        expect(canWizardProceed(snapshot())).toBe(true);
      },
      '#clearanceWizard.tenant.lookingUp': () => {
        expect(isWizardBusy(snapshot())).toBe(true);
        expect(inFlight('findTenant')).toBe(1);
        expect(sut.calls.lastInput('findTenant')).toEqual({ idNumber: 'DL0420110012345' });
        expect(canWizardProceed(snapshot())).toBe(false);
      },
      '#clearanceWizard.tenant.registering': () => {
        expect(isWizardTenantRegistering(snapshot())).toBe(true);
        expect(context().tenant).toBeNull();
        expect(context().tenantIdNumber).toBe('DL0420110012345');
      },
      '#clearanceWizard.tenant.chosen': () => {
        expect(wizardActiveStep(snapshot())).toBe(2);
        expect([found, registered]).toContainEqual(context().tenant);
        expect(canWizardProceed(snapshot())).toBe(true);
        expect(isWizardLastStep(snapshot())).toBe(false);
      },
      '#clearanceWizard.applications': () => {
        expect(wizardActiveStep(snapshot())).toBe(3);
        expect(isWizardLastStep(snapshot())).toBe(true);
        expect(context().landlord).toEqual(landlord);
        expect(context().tenant).not.toBeNull();
        // Finish waits for an applied application.
        expect(canWizardProceed(snapshot())).toBe(context().applid !== null);
        expect(canWizardGoBack(snapshot())).toBe(true);
      },
      '#clearanceWizard.completed.ready': () => {
        expect(wizardActiveStep(snapshot())).toBe(4);
        expect(context().applid).toBe(9001);
        expect(canDownloadCompleteApplication(snapshot())).toBe(true);
        expect(canWizardGoBack(snapshot())).toBe(false);
        expect(canWizardProceed(snapshot())).toBe(false);
      },
      '#clearanceWizard.completed.downloading': () => {
        expect(inFlight('downloadForm')).toBe(1);
        expect(sut.calls.lastInput('downloadForm')).toEqual({ applid: 9001 });
        expect(canDownloadCompleteApplication(snapshot())).toBe(false);
      },
    };
    expect(leafKeys(clearanceWizardMachine).filter((id) => !(id in stateChecks))).toEqual([]);

    const send = ({ event }: { event: { type: string } }) => sut.actor.send(event as ClearanceWizardEvent);
    const settle =
      (name: (typeof calledNames)[number]) =>
      ({ event }: { event: object }) =>
        sut.calls.settle(name, event as { output: unknown } | { error: unknown });
    await path.test({
      events: {
        ...Object.fromEntries(Object.keys(eventFixtures).map((type) => [type, send])),
        'stepper.reset': (step) => {
          send(step);
          expect(context()).toEqual(clearanceWizardMachine.config.context);
        },
        'xstate.done.actor.findTenant': settle('findTenant'),
        'xstate.error.actor.findTenant': async (step) => {
          await settle('findTenant')(step);
          const status = (step.event as unknown as { error: { status: number } }).error.status;
          expect(context().notice?.text).toBe(
            status === 404 ? CLEARANCE_WIZARD_MESSAGES.noTenant : 'Not in your jurisdiction.',
          );
        },
        'xstate.done.actor.downloadForm': settle('downloadForm'),
        'xstate.error.actor.downloadForm': async (step) => {
          await settle('downloadForm')(step);
          expect(context().notice).toEqual({
            kind: 'error',
            code: 'clearanceWizard.formFailed',
            text: 'Error in Server',
          });
        },
      },
      states: checkedStates(snapshot, stateChecks),
    });
  });
});

describe('clearance wizard machine: behaviour', () => {
  async function toApplications() {
    const sut = startWizard();
    sut.actor.send({ type: 'epic.change', value: 'abc1234567' });
    sut.actor.send({ type: 'step.next' });
    sut.actor.send({ type: 'landlord.saved', landlord });
    sut.actor.send({ type: 'step.next' });
    sut.actor.send({ type: 'tenant.idChange', value: 'dl0420110012345' });
    sut.actor.send({ type: 'tenant.lookup' });
    await sut.calls.settle('findTenant', { output: { kind: 'found', tenant: found } });
    sut.actor.send({ type: 'step.next' });
    return sut;
  }

  it('says what is missing at steps 1 and 2, and keeps Next at step 0 for a valid EPIC', () => {
    const { actor } = startWizard();
    for (const typed of ['ab12345678', 'abcd123456', 'abc123456']) {
      actor.send({ type: 'epic.change', value: typed });
      expect(canWizardProceed(actor.getSnapshot()), typed).toBe(false);
    }
    actor.send({ type: 'epic.change', value: 'abc1234567' });
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.next' });
    expect(actor.getSnapshot().context.notice?.text).toBe(
      'Landlord details not saved, please save and then continue...',
    );
    actor.send({ type: 'landlord.saved', landlord });
    expect(actor.getSnapshot().context.notice).toBeNull();
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.next' });
    expect(wizardActiveStep(actor.getSnapshot())).toBe(2);
    expect(actor.getSnapshot().context.notice?.text).toBe(CLEARANCE_WIZARD_MESSAGES.noTenantChosen);
  });

  it('comes back to the chosen tenant, and forgets the applied application when the landlord changes', async () => {
    const sut = await toApplications();
    sut.actor.send({ type: 'application.applied', applid: 5 });
    sut.actor.send({ type: 'step.back' });
    sut.actor.send({ type: 'step.back' });
    expect(wizardActiveStep(sut.actor.getSnapshot())).toBe(1);
    sut.actor.send({ type: 'landlord.saved', landlord });
    expect(sut.actor.getSnapshot().context.applid).toBe(5);
    sut.actor.send({ type: 'landlord.saved', landlord: { ...landlord, id: 42 } });
    expect(sut.actor.getSnapshot().context.applid).toBeNull();
    sut.actor.send({ type: 'step.next' });
    expect(sut.actor.getSnapshot().matches({ tenant: 'chosen' })).toBe(true);
  });

  it('finishes only after an application is applied, and resets from the final screen', async () => {
    const sut = await toApplications();
    sut.actor.send({ type: 'step.next' });
    expect(wizardActiveStep(sut.actor.getSnapshot())).toBe(3);
    sut.actor.send({ type: 'application.applied', applid: 9001 });
    sut.actor.send({ type: 'step.next' });
    expect(wizardActiveStep(sut.actor.getSnapshot())).toBe(4);
    sut.actor.send({ type: 'stepper.reset' });
    expect(wizardActiveStep(sut.actor.getSnapshot())).toBe(0);
    expect(sut.actor.getSnapshot().context.applid).toBeNull();
  });
});
