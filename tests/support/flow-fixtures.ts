import { readdirSync, readFileSync } from 'node:fs';
import { initialTransition, transition } from 'xstate';
import { z } from 'zod';
import {
  castFor,
  FLOW_STEPS,
  LIFECYCLE_EVENT_TYPES,
  lifecycleMachine,
  lifecyclePayloadSchemas,
  STATUS_CODES,
  statusOf,
  type LifecycleActor,
  type LifecycleEvent,
  type LifecycleSnapshot,
} from '../../machines/application';

/*
 * Real, anonymised applications kept as JSON (tests/fixtures/flows/): the stored row's facts and its flow log,
 * each entry with the step, the action that made it, the role of who acted, the action's payload and the time
 * since submission. No names, phone numbers, ID numbers, addresses or emails: payloads hold only the reason and
 * the official's remarks. They are replayed as regression tests and listed in the model coverage report.
 */

const STAFF_OR_LANDLORD = ['LANDLORD', 'MODERATOR', 'SUPERMODERATOR', 'USER'] as const;

const flowEntrySchema = z.strictObject({
  id: z.number().int(),
  /** ISO 8601 duration since submission: 'PT0S', 'P2DT1H48M'. */
  elapsed: z.string().regex(/^P(?!$)(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/),
  step: z.enum(FLOW_STEPS),
  /** The lifecycle event that wrote the entry; null for the submission, which creates the application. */
  action: z.enum(LIFECYCLE_EVENT_TYPES).nullable(),
  actorRole: z.enum(STAFF_OR_LANDLORD),
  payload: z.strictObject({
    reason: z.string().optional(),
    otherReason: z.string().optional(),
    remarks: z.string().optional(),
  }),
  aplstatus: z.enum(STATUS_CODES),
  remarks: z.string(),
});

export const flowFixtureSchema = z.strictObject({
  description: z.string().min(1),
  application: z.strictObject({
    applid: z.number().int(),
    wardCode: z.string(),
    logby: z.string(),
    landlordId: z.string(),
    status: z.enum(STATUS_CODES),
    certified: z.boolean(),
    deleted: z.boolean(),
    cancelled: z.boolean().optional(),
  }),
  flow: z.array(flowEntrySchema).min(1),
});
export type FlowFixture = z.infer<typeof flowFixtureSchema>;
export type FlowFixtureEntry = FlowFixture['flow'][number];

export const FLOW_FIXTURE_DIR = new URL('../fixtures/flows/', import.meta.url);

/** Every fixture, by file name, parsed (a malformed fixture throws here, naming its file). */
export function loadFlowFixtures(): Array<{ name: string; fixture: FlowFixture }> {
  return readdirSync(FLOW_FIXTURE_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const parsed = flowFixtureSchema.safeParse(
        JSON.parse(readFileSync(new URL(name, FLOW_FIXTURE_DIR), 'utf8')),
      );
      if (!parsed.success) throw new Error(`${name}: ${z.prettifyError(parsed.error)}`);
      return { name, fixture: parsed.data };
    });
}

/** The leaf state ids a snapshot stands in ('applicationLifecycle.approved.certified'). */
export function leafStateIds(snapshot: LifecycleSnapshot): string[] {
  return snapshot._nodes
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.id);
}

export interface ActedStep {
  entry: FlowFixtureEntry;
  snapshot: LifecycleSnapshot;
}

/**
 * Replays a fixture by what was done (each entry's action, by an actor of its role, with its payload) rather than
 * by what was written: every action must be one the machine allows that actor, and must write the entry's
 * status and flow text. Throws, naming the entry, at the first that does not.
 */
export function replayActions(fixture: FlowFixture): ActedStep[] {
  const { application } = fixture;
  const cast = castFor(application);
  const actorOf = (role: FlowFixtureEntry['actorRole']): LifecycleActor => {
    const actor = cast.find((candidate) =>
      role === 'LANDLORD'
        ? candidate.kind === 'landlord'
        : candidate.kind === 'staff' && candidate.role === role,
    );
    if (!actor) throw new Error(`no ${role} may act on an application logged by ${application.logby}`);
    return actor;
  };
  const [first, ...rest] = [...fixture.flow].sort((a, b) => a.id - b.id);
  if (first.step !== 'submitted' || first.action !== null)
    throw new Error(`entry ${first.id}: a flow starts with the submission`);
  let [snapshot] = initialTransition(lifecycleMachine, application);
  const steps: ActedStep[] = [{ entry: first, snapshot }];
  for (const entry of rest) {
    if (!entry.action) throw new Error(`entry ${entry.id}: only the submission has no action`);
    lifecyclePayloadSchemas[entry.action].parse(entry.payload);
    const event = { type: entry.action, actor: actorOf(entry.actorRole), ...entry.payload } as LifecycleEvent;
    if (!snapshot.can(event))
      throw new Error(
        `entry ${entry.id}: ${entry.actorRole} may not ${entry.action} in ${statusOf(snapshot)}`,
      );
    [snapshot] = transition(lifecycleMachine, snapshot, event);
    const written = snapshot.context.lastStep;
    if (
      statusOf(snapshot) !== entry.aplstatus ||
      written?.step !== entry.step ||
      written.flowText !== entry.remarks
    )
      throw new Error(
        `entry ${entry.id}: ${entry.action} wrote ${written?.step} (${statusOf(snapshot)}), the log says ${entry.step} (${entry.aplstatus})`,
      );
    steps.push({ entry, snapshot });
  }
  return steps;
}

/** A fixture's path through the lifecycle, as the coverage report lists it. */
export interface FlowFixturePath {
  file: string;
  description: string;
  status: string;
  states: string[];
  steps: Array<{ step: string; action: string | null; actorRole: string; elapsed: string; state: string }>;
}

export function flowFixturePaths(): FlowFixturePath[] {
  return loadFlowFixtures().map(({ name, fixture }) => {
    const acted = replayActions(fixture);
    const states = acted.map(({ snapshot }) => leafStateIds(snapshot).join(' + '));
    return {
      file: `tests/fixtures/flows/${name}`,
      description: fixture.description,
      status: fixture.application.status,
      states,
      steps: acted.map(({ entry }, at) => ({
        step: entry.step,
        action: entry.action,
        actorRole: entry.actorRole,
        elapsed: entry.elapsed,
        state: states[at],
      })),
    };
  });
}
