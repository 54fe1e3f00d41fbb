import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyTransitionDefinition, type SnapshotFrom } from 'xstate';
import {
  createTestModel,
  getShortestPaths,
  getSimplePaths,
  getStateNodes,
  type TestPath,
} from 'xstate/graph';
import {
  applyEvent,
  allowedEvents,
  FLOW_STEPS,
  FLOW_TEXTS,
  holderOf,
  isCertified,
  lifecycleMachine,
  remarkFor,
  replayFlow,
  STATUS_CODES,
  STATUS_MEANINGS,
  statusListLabel,
  stateMetaOf,
  statusOf,
  toMermaidStateDiagram,
  trackerView,
  type ApplicationFacts,
  type FlowEntry,
  type LifecycleEvent,
  type LifecycleEventType,
  type LifecycleInput,
} from '../../machines/application';

/*
 * Model-based test. The model is the lifecycle machine; the system under test is what the server does with it:
 * a stored application row, changed only through `applyEvent`, plus its flow log. Every path the model walks is
 * replayed on the row, and at every state the row must say what the model says (status, certificate, soft delete),
 * the flow log must replay to the stored status, and the actions offered must match the state.
 */

type Snapshot = SnapshotFrom<typeof lifecycleMachine>;
const WARD = 'PS1701001LA01W01';
const wardModerator = {
  kind: 'staff',
  role: 'MODERATOR',
  username: 'ward.moderator',
  usercode: WARD,
} as const;
const localityOfficer = {
  kind: 'staff',
  role: 'SUPERMODERATOR',
  username: 'locality.officer',
  usercode: 'PS1701001LA01',
} as const;
const districtVerifier = {
  kind: 'staff',
  role: 'VERIFIER',
  username: 'district.verifier',
  usercode: '1701',
} as const;
const counterUser = { kind: 'staff', role: 'USER', username: 'counter.user', usercode: WARD } as const;
const owningLandlord = { kind: 'landlord', landlordId: 'L-100' } as const;

/** A fixture for every event type, by every kind of actor allowed to send it: a new event without one fails to compile. */
const EVENT_FIXTURES = {
  'application.recommendApproval': [{ type: 'application.recommendApproval', actor: wardModerator }],
  'application.recommendRejection': [
    {
      type: 'application.recommendRejection',
      actor: wardModerator,
      reason: 'Others',
      otherReason: 'Address on the ID does not match',
      remarks: 'Tenant gave a different permanent address at the interview.',
    },
  ],
  'application.requestRectification': [
    { type: 'application.requestRectification', actor: wardModerator, remarks: 'Photo is not legible.' },
    {
      type: 'application.requestRectification',
      actor: localityOfficer,
      remarks: 'Signature missing on form A.',
    },
  ],
  'application.resubmit': [
    { type: 'application.resubmit', actor: owningLandlord },
    { type: 'application.resubmit', actor: counterUser },
  ],
  'application.accept': [
    { type: 'application.accept', actor: localityOfficer },
    { type: 'application.accept', actor: districtVerifier },
  ],
  'application.decline': [
    { type: 'application.decline', actor: localityOfficer, reason: 'Criminal Issues' },
    {
      type: 'application.decline',
      actor: districtVerifier,
      reason: 'Duplicate Application',
      remarks: 'See 4411.',
    },
  ],
  'application.certify': [{ type: 'application.certify', actor: localityOfficer }],
  'application.delete': [
    { type: 'application.delete', actor: owningLandlord },
    { type: 'application.delete', actor: wardModerator },
  ],
  'tenant.vacate': [
    { type: 'tenant.vacate', actor: owningLandlord },
    { type: 'tenant.vacate', actor: wardModerator },
    { type: 'tenant.vacate', actor: localityOfficer },
  ],
} satisfies { [T in LifecycleEventType]: Array<Extract<LifecycleEvent, { type: T }>> };
const ALL_EVENTS: LifecycleEvent[] = Object.values(EVENT_FIXTURES).flat();

/** Who logged the application decides who may delete it (a moderator) or resubmit it (a staff user). */
const INPUTS: Record<string, LifecycleInput> = {
  'logged by the ward moderator': { wardCode: WARD, logby: 'ward.moderator', landlordId: 'L-100' },
  'logged by a counter user': { wardCode: WARD, logby: 'counter.user', landlordId: 'L-100' },
  'logged by the landlord': { wardCode: WARD, logby: 'landlord:L-100', landlordId: 'L-100' },
  // A draft whose tenant has not consented yet (docs/tenant-consent.md): its official may withdraw it.
  'a counter user’s draft awaiting the tenant’s consent': {
    wardCode: WARD,
    logby: 'counter.user',
    landlordId: 'L-100',
    awaitingConsent: true,
  },
};

/** Only the events the machine accepts: a refused event is not a step of the workflow (the property test covers refusals). */
const traversal = (input: LifecycleInput) => ({
  input,
  events: ALL_EVENTS,
  filterEvents: (snapshot: Snapshot, event: LifecycleEvent) => snapshot.can(event),
});

function modelFor(input: LifecycleInput) {
  return createTestModel(lifecycleMachine, traversal(input));
}

/** The server's side: a stored row and its flow log, changed only through applyEvent. */
class StoredApplication {
  row: ApplicationFacts;
  flow: FlowEntry[] = [{ id: 1, aplstatus: 'LARP', remarks: FLOW_TEXTS.submitted }];
  constructor(readonly input: LifecycleInput) {
    this.row = { status: 'LARP', officialActed: false, certified: false, deleted: false, ...input };
  }
  apply(event: LifecycleEvent) {
    const outcome = applyEvent(this.row, event);
    if (!outcome.ok) throw new Error(`${event.type} refused: ${outcome.message}`);
    const { nextStatus, certified, deleted, cancelled, officialActed, flowText } = outcome;
    this.row = { ...this.row, status: nextStatus, certified, deleted, cancelled, officialActed };
    this.flow.push({ id: this.flow.length + 1, aplstatus: nextStatus, remarks: flowText });
  }
}

/** What each leaf state must look like on the server and in the browser. */
const STATE_VIEWS = {
  pendingAtWard: (app) => {
    expect(app.row.status).toBe('LARP');
    expect(allowedEvents(app.row, wardModerator)).toContain('application.recommendApproval');
    expect(allowedEvents(app.row, localityOfficer)).not.toContain('application.accept');
  },
  pendingAtLocality: (app) => {
    expect(app.row.status).toBe('LAVP');
    expect(allowedEvents(app.row, localityOfficer)).toEqual(
      expect.arrayContaining([
        'application.accept',
        'application.decline',
        'application.requestRectification',
      ]),
    );
    expect(allowedEvents(app.row, wardModerator)).not.toContain('application.recommendApproval');
  },
  'approved.awaitingCertificate': (app) => {
    expect(app.row).toMatchObject({ status: 'PLVP', certified: false });
    expect(allowedEvents(app.row, localityOfficer)).toContain('application.certify');
  },
  'approved.certified': (app) => {
    expect(app.row).toMatchObject({ status: 'PLVP', certified: true });
    expect(allowedEvents(app.row, localityOfficer)).toEqual(['tenant.vacate']);
  },
  rejected: (app) => {
    expect(app.row.status).toBe('RJT');
    expect(allowedEvents(app.row, localityOfficer)).toEqual([]);
  },
  returnedForRectification: (app) => {
    expect(app.row.status).toBe('RECT');
    expect(allowedEvents(app.row, owningLandlord)).toContain('application.resubmit');
    expect(allowedEvents(app.row, localityOfficer)).not.toContain('application.resubmit');
  },
  tenantShifted: (app) => {
    expect(app.row.status).toBe('APARV');
    expect(allowedEvents(app.row, owningLandlord)).toEqual([]);
  },
  deleted: (app) => {
    expect(app.row).toMatchObject({ deleted: true, cancelled: false });
    expect(['LARP', 'LAVP']).toContain(app.row.status);
    expect(allowedEvents(app.row, owningLandlord)).toEqual([]);
  },
  cancelled: (app) => {
    expect(app.row).toMatchObject({ deleted: true, cancelled: true });
    expect(['LARP', 'LAVP', 'RECT']).toContain(app.row.status);
    expect(allowedEvents(app.row, localityOfficer)).toEqual([]);
  },
} satisfies Record<string, (app: StoredApplication) => void>;

const leafStatePaths = getStateNodes(lifecycleMachine.root)
  .filter((node) => node.type === 'atomic' || node.type === 'final')
  .map((node) => node.path.join('.'));

/** Runs one model path on the stored application, checking the row against the model at every state. */
async function runPath(path: TestPath<Snapshot, LifecycleEvent>, input: LifecycleInput) {
  const app = new StoredApplication(input);
  const events = Object.fromEntries(
    Object.keys(EVENT_FIXTURES).map((type) => [
      type,
      ({ event }: { event: LifecycleEvent }) => app.apply(event),
    ]),
  );
  const states = Object.fromEntries(
    Object.entries(STATE_VIEWS).map(([key, view]) => [
      key,
      (snapshot: Snapshot) => {
        expect(app.row.status).toBe(statusOf(snapshot));
        // The certificate flag outlives PLVP (a shifted tenant was certified once); within PLVP it is the substate.
        if (app.row.status === 'PLVP') expect(Boolean(app.row.certified)).toBe(isCertified(snapshot));
        expect(replayFlow(app.flow, input)).toBe(app.row.status);
        view(app);
      },
    ]),
  );
  await path.test({ events, states });
  return app;
}

const actorName = (event: LifecycleEvent) =>
  event.actor.kind === 'landlord' ? 'landlord' : `${event.actor.role.toLowerCase()}`;
const describePath = (path: TestPath<Snapshot, LifecycleEvent>) =>
  path.steps
    .slice(1)
    .map((step) => `${step.event.type} (${actorName(step.event)})`)
    .join(' → ') || 'submitted';

const keyOf = (t: AnyTransitionDefinition) =>
  `${t.source.id} --${t.eventType}--> ${(t.target ?? []).map((node) => node.id).join(',')}`;

describe('application lifecycle: model-based paths', () => {
  for (const [name, input] of Object.entries(INPUTS)) {
    describe(name, () => {
      const model = modelFor(input);
      it.each(model.getShortestPaths().map((path) => [describePath(path), path] as const))(
        '%s',
        async (_d, path) => {
          await runPath(path, input);
        },
      );
      it('keeps the row, the flow log and the model in step on every simple path', async () => {
        const simplePaths = model.getSimplePaths();
        expect(simplePaths.length).toBeGreaterThan(10);
        for (const path of simplePaths) await runPath(path, input);
      });
    });
  }

  it('covers every transition of the machine', () => {
    const defined = new Set(
      getStateNodes(lifecycleMachine.root).flatMap((node) =>
        [...node.transitions.values()].flat().map(keyOf),
      ),
    );
    const covered = new Set<string>();
    for (const input of Object.values(INPUTS)) {
      for (const path of getShortestPaths(lifecycleMachine, traversal(input))) {
        const actor = createActor(lifecycleMachine, {
          input,
          inspect: (inspection) => {
            if (inspection.type === '@xstate.microstep')
              inspection._transitions.forEach((t) => covered.add(keyOf(t)));
          },
        }).start();
        path.steps.slice(1).forEach((step) => actor.send(step.event));
      }
    }
    expect([...covered].sort()).toEqual([...defined].sort());
  });

  it('reaches every leaf state on some simple path', () => {
    const reached = new Set(
      getSimplePaths(lifecycleMachine, traversal(INPUTS['logged by the ward moderator'])).flatMap((path) =>
        leafStatePaths.filter((leaf) => path.state.matches(leaf as never)),
      ),
    );
    expect([...reached].sort()).toEqual([...leafStatePaths].sort());
  });

  it('has a view assertion for every leaf state', () => {
    expect(Object.keys(STATE_VIEWS).sort()).toEqual([...leafStatePaths].sort());
  });
});

describe('application lifecycle: every state and step has its words', () => {
  it('maps every stored status to exactly one state, with a label, a meaning and tracker words', () => {
    const statuses = Object.values(lifecycleMachine.root.states).flatMap(
      (node) => stateMetaOf(node).status ?? [],
    );
    expect([...statuses].sort()).toEqual([...STATUS_CODES].sort());
    for (const status of STATUS_CODES) {
      expect(statusListLabel(status).length).toBeGreaterThan(0);
      expect(STATUS_MEANINGS[status].length).toBeGreaterThan(0);
      expect(trackerView(status).message.length).toBeGreaterThan(0);
    }
  });

  it('records a known flow step on every transition, each with flow text and remark', () => {
    const transitions = getStateNodes(lifecycleMachine.root).flatMap((node) =>
      [...node.transitions.values()].flat(),
    );
    for (const t of transitions) {
      const recorded = t.actions.filter(
        (a) => typeof a === 'object' && a !== null && 'type' in a && a.type === 'recordStep',
      );
      expect(recorded, keyOf(t)).toHaveLength(1);
      expect(FLOW_STEPS).toContain((recorded[0] as { params: { step: string } }).params.step);
    }
    for (const step of FLOW_STEPS) {
      expect(FLOW_TEXTS[step].length).toBeGreaterThan(0);
      expect(remarkFor(step, 'detail')).toMatch(/^\(.+\)$/);
    }
  });

  it('tags every state that waits on someone with exactly one holder', () => {
    for (const node of getStateNodes(lifecycleMachine.root).filter((n) => n.type === 'atomic')) {
      expect(
        [...node.tags].filter((tag) => tag.startsWith('holder.')),
        node.id,
      ).toHaveLength(1);
    }
    const [initial] = getShortestPaths(lifecycleMachine, {
      input: INPUTS['logged by the landlord'],
      events: [],
    });
    expect(holderOf(initial.state)).toBe('ward');
  });

  it('is drawn in docs/application-lifecycle.md exactly as the machine defines it', () => {
    const doc = readFileSync(new URL('../../docs/application-lifecycle.md', import.meta.url), 'utf8');
    expect(doc).toContain('```mermaid\n' + toMermaidStateDiagram(lifecycleMachine) + '\n```');
  });
});
