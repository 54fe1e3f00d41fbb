import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  FLOW_STEPS,
  FLOW_TEXTS,
  FlowReplayError,
  replayFlow,
  replayFlowOutcome,
  snapshotFor,
  type FlowEntry,
} from '../../machines/application';

/*
 * The flow log is the truth: replaying an application's flow entries through the machine must give the status
 * (and certificate and soft-delete flags) stored on the application. The fixtures are realistic, anonymised
 * cases; when the machine changes, they must still replay.
 */

interface FlowFixture {
  description: string;
  application: {
    applid: number;
    wardCode: string;
    logby: string;
    landlordId: string;
    status: string;
    certified: boolean;
    deleted: boolean;
    cancelled?: boolean;
  };
  flow: FlowEntry[];
}

const FIXTURE_DIR = new URL('../fixtures/flows/', import.meta.url);
const fixtures = readdirSync(FIXTURE_DIR)
  .filter((name) => name.endsWith('.json'))
  .map(
    (name) => [name, JSON.parse(readFileSync(new URL(name, FIXTURE_DIR), 'utf8')) as FlowFixture] as const,
  );

const entry = (id: number, aplstatus: string, remarks: string): FlowEntry => ({ id, aplstatus, remarks });

describe('application flow replay: regression fixtures', () => {
  it('has fixtures', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(8);
  });

  it.each(fixtures)('%s replays to its stored status and flags', (_name, { application, flow }) => {
    const outcome = replayFlowOutcome(flow, application);
    expect(outcome.status).toBe(application.status);
    expect(replayFlow(flow, application)).toBe(application.status);
    expect(outcome.closed).toBe(application.cancelled ? 'cancelled' : application.deleted ? 'deleted' : null);
    if (application.status === 'PLVP') expect(outcome.certified).toBe(application.certified);
    // The stored row, rebuilt into a snapshot, stands exactly where the replay ends.
    const stored = snapshotFor({ ...application, officialActed: outcome.snapshot.context.officialActed });
    expect(stored.value).toEqual(outcome.snapshot.value);
  });

  it('together exercise every flow step', () => {
    const texts = new Set(fixtures.flatMap(([, fixture]) => fixture.flow.map((e) => e.remarks)));
    expect(FLOW_STEPS.filter((step) => !texts.has(FLOW_TEXTS[step]))).toEqual([]);
  });
});

describe('application flow replay: refusals', () => {
  const submitted = entry(1, 'LARP', FLOW_TEXTS.submitted);

  it('orders entries by id before replaying', () => {
    const shuffled = [
      entry(3, 'PLVP', FLOW_TEXTS.accepted),
      submitted,
      entry(2, 'LAVP', FLOW_TEXTS.recommendedApproval),
    ];
    expect(replayFlow(shuffled)).toBe('PLVP');
  });

  it('refuses a flow that skips the ward', () => {
    expect(() => replayFlow([submitted, entry(2, 'PLVP', FLOW_TEXTS.accepted)])).toThrow(FlowReplayError);
    expect(() => replayFlow([submitted, entry(2, 'PLVP', FLOW_TEXTS.accepted)])).toThrow(
      "Flow entry 2: 'Application approved by Locality' (PLVP) cannot follow status LARP in the lifecycle.",
    );
  });

  it('refuses a second certificate and anything after a final state', () => {
    const certified = [
      submitted,
      entry(2, 'LAVP', FLOW_TEXTS.recommendedApproval),
      entry(3, 'PLVP', FLOW_TEXTS.accepted),
      entry(4, 'PLVP', FLOW_TEXTS.certified),
    ];
    expect(replayFlow(certified)).toBe('PLVP');
    expect(() => replayFlow([...certified, entry(5, 'PLVP', FLOW_TEXTS.certified)])).toThrow(FlowReplayError);
    const rejected = [
      submitted,
      entry(2, 'LAVP', FLOW_TEXTS.recommendedRejection),
      entry(3, 'RJT', FLOW_TEXTS.declined),
    ];
    expect(() => replayFlow([...rejected, entry(4, 'PLVP', FLOW_TEXTS.accepted)])).toThrow(FlowReplayError);
  });

  it('refuses a status that does not match the step, an unknown text, and a flow not starting with submission', () => {
    expect(() => replayFlow([submitted, entry(2, 'RJT', FLOW_TEXTS.recommendedApproval)])).toThrow(
      FlowReplayError,
    );
    expect(() => replayFlow([submitted, entry(2, 'LAVP', 'Forwarded')])).toThrow(
      "unknown flow text 'Forwarded'",
    );
    expect(() => replayFlow([entry(1, 'LAVP', FLOW_TEXTS.recommendedApproval)])).toThrow(
      'a flow starts with',
    );
    expect(() => replayFlow([])).toThrow(FlowReplayError);
  });

  it('refuses a landlord withdrawal once an official has acted', () => {
    const returned = [
      submitted,
      entry(2, 'RECT', FLOW_TEXTS.rectificationRequested),
      entry(3, 'LARP', FLOW_TEXTS.resubmitted),
    ];
    const facts = { wardCode: 'PS1701001LA01W01', logby: 'landlord:L9', landlordId: 'L9' };
    expect(replayFlow(returned, facts)).toBe('LARP');
    expect(() => replayFlow([...returned, entry(4, 'LARP', FLOW_TEXTS.deleted)], facts)).toThrow(
      FlowReplayError,
    );
    expect(replayFlow([submitted, entry(2, 'LARP', FLOW_TEXTS.deleted)], facts)).toBe('LARP');
  });
});
