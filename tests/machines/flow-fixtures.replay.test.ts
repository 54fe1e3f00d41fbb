import { describe, expect, it } from 'vitest';
import { closureOf, isCertified, replayFlowOutcome, statusOf } from '../../machines/application';
import {
  flowFixturePaths,
  loadFlowFixtures,
  replayActions,
  type FlowFixture,
} from '../support/flow-fixtures';

/*
 * The real, anonymised cases of tests/fixtures/flows/ replayed by what was done: each entry's action, by its
 * actor's role, with its payload, must be allowed by the lifecycle and must write the entry's step and status;
 * the end must be the stored status and flags, the same as replaying the written log (lifecycle.replay.ts).
 */

const fixtures = loadFlowFixtures();

/** ISO 8601 duration (days, hours, minutes, seconds) in seconds. */
function seconds(duration: string): number {
  const [, d, h, m, s] = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(duration) ?? [];
  return ((Number(d ?? 0) * 24 + Number(h ?? 0)) * 60 + Number(m ?? 0)) * 60 + Number(s ?? 0);
}

/** What a person's data would look like: an email, a phone number, a 12-digit ID, an EPIC number. */
const PERSONAL = [/@/, /\b\d{10}\b/, /\b\d{4}\s?\d{4}\s?\d{4}\b/, /\b[A-Z]{3}\d{7}\b/];

describe('flow fixtures: real cases replayed by their actions', () => {
  it('cover approval, rejection, rectification, deletion and cancellation', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(6);
    const steps = new Set(fixtures.flatMap(({ fixture }) => fixture.flow.map((entry) => entry.step)));
    for (const step of [
      'accepted',
      'certified',
      'declined',
      'rectificationRequested',
      'resubmitted',
      'deleted',
      'cancelled',
    ])
      expect(steps, step).toContain(step);
  });

  it.each(fixtures)('$name reaches its stored status by its actions', ({ fixture }) => {
    const { application } = fixture;
    const end = replayActions(fixture).at(-1)!.snapshot;
    expect(statusOf(end)).toBe(application.status);
    expect(closureOf(end)).toBe(application.cancelled ? 'cancelled' : application.deleted ? 'deleted' : null);
    if (application.status === 'PLVP') expect(isCertified(end)).toBe(application.certified);
    // Replaying the written log (what the server does) stands in the same state.
    expect(replayFlowOutcome(fixture.flow, application).snapshot.value).toEqual(end.value);
  });

  it.each(fixtures)('$name keeps relative times in order and no personal data', ({ fixture }) => {
    const times = fixture.flow.map((entry) => seconds(entry.elapsed));
    expect(times[0]).toBe(0);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const text = JSON.stringify(fixture);
    for (const pattern of PERSONAL) expect(text, String(pattern)).not.toMatch(pattern);
  });

  it('refuses an action by a role that may not take it, and a payload the action refuses', () => {
    const { fixture } = fixtures.find(({ name }) => name === 'rejected-after-recommendation.json')!;
    const byLandlord: FlowFixture = structuredClone(fixture);
    byLandlord.flow[2].actorRole = 'LANDLORD';
    expect(() => replayActions(byLandlord)).toThrow('LANDLORD may not application.decline in LAVP');
    const noReason: FlowFixture = structuredClone(fixture);
    noReason.flow[1].payload = {};
    expect(() => replayActions(noReason)).toThrow();
    const wrongStep: FlowFixture = structuredClone(fixture);
    wrongStep.flow[1].step = 'recommendedApproval';
    expect(() => replayActions(wrongStep)).toThrow('wrote recommendedRejection');
  });

  it('lists each fixture with the states it passes through', () => {
    const rectified = flowFixturePaths().find((path) =>
      path.file.endsWith('rectified-twice-then-approved.json'),
    )!;
    expect(rectified.states.map((state) => state.replace('applicationLifecycle.', ''))).toEqual([
      'pendingAtWard',
      'returnedForRectification',
      'pendingAtWard',
      'pendingAtLocality',
      'returnedForRectification',
      'pendingAtWard',
      'pendingAtLocality',
      'approved.awaitingCertificate',
    ]);
  });
});
