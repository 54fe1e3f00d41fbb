import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../../machines';
import { STATUS_CODES } from '../../../machines/application';
import { machineGraph } from '../../../machines/graph';
import {
  arrowStatuses,
  arrowsOfMove,
  liveOverlayParts,
  overdueTone,
  stateOfStatus,
} from '../../../src/web/features/workflows/live/live-overlay';
import { DISTRICT_YEAR, EVERY_KIND_OF_MOVE } from '../../../stories/workflows/lifecycle-insights-fixtures';

// The reply of POST process/insights/lifecycle laid over the lifecycle's diagram: every status on one state, every
// move of the flow on exactly one arrow, every arrow able to carry a move, and nothing the diagram cannot place
// dropped silently.

const graph = machineGraph(machineRegistry.applicationLifecycle.machine);

describe('statuses on the diagram', () => {
  it.each(STATUS_CODES)('%s has exactly one state of its own', (status) => {
    expect(graph.nodes.filter((node) => node.status === status)).toHaveLength(1);
  });

  it('every status of the reply gets a badge with its count now', () => {
    const parts = liveOverlayParts(graph, DISTRICT_YEAR);
    for (const { status, count } of DISTRICT_YEAR.states) {
      const state = stateOfStatus(graph, status)!;
      expect(parts.states[state.id].badge, status).toBe(count.toLocaleString('en-IN'));
    }
    expect(Object.keys(parts.states)).toHaveLength(STATUS_CODES.length);
  });
});

describe('moves on the arrows', () => {
  it.each(EVERY_KIND_OF_MOVE.filter((move) => move.fromStatus !== null))(
    '$fromStatus -> $toStatus $action lands on exactly one arrow',
    (move) => {
      expect(arrowsOfMove(graph, move)).toHaveLength(1);
    },
  );

  it('every arrow of the machine is the arrow of some move (no arrow the numbers can never reach)', () => {
    const reached = new Set(
      EVERY_KIND_OF_MOVE.flatMap((move) => arrowsOfMove(graph, move).map((edge) => edge.id)),
    );
    expect(graph.edges.filter((edge) => !reached.has(edge.id)).map((edge) => edge.id)).toEqual([]);
  });

  it('the closed states keep the status the case had (a soft delete does not change the stored code)', () => {
    const deleteFromWard = graph.edges.find(
      (edge) => edge.event === 'application.delete' && edge.source.endsWith('pendingAtWard'),
    )!;
    expect(arrowStatuses(graph, deleteFromWard)).toEqual({ from: 'LARP', to: 'LARP' });
    const certify = graph.edges.find((edge) => edge.event === 'application.certify')!;
    expect(arrowStatuses(graph, certify)).toEqual({ from: 'PLVP', to: 'PLVP' });
  });

  it('sums each arrow, counts the submissions apart and badges every arrow, zeros included', () => {
    const parts = liveOverlayParts(graph, DISTRICT_YEAR);
    expect(parts.submitted).toBe(1480);
    expect(parts.unplaced).toEqual([]);
    const moved = parts.arrowMoves.reduce((sum, arrow) => sum + arrow.count, 0);
    const inReply = EVERY_KIND_OF_MOVE.filter((m) => m.fromStatus !== null).reduce((s, m) => s + m.count, 0);
    expect(moved).toBe(inReply);
    expect(Object.keys(parts.edges).sort()).toEqual(graph.edges.map((edge) => edge.id).sort());
    const accept = graph.edges.find((edge) => edge.event === 'application.accept')!;
    expect(parts.edges[accept.id].badge).toBe('1,002 moved');

    const quiet = liveOverlayParts(graph, { ...DISTRICT_YEAR, transitions: [] });
    expect(Object.values(quiet.edges).every((edge) => edge.badge === '0 moved')).toBe(true);
  });

  it('keeps a move the diagram has no arrow for, to be listed, instead of dropping it', () => {
    const stray = {
      fromStatus: 'RJT' as const,
      toStatus: 'LARP' as const,
      action: 'application.reopen',
      count: 3,
    };
    const parts = liveOverlayParts(graph, { ...DISTRICT_YEAR, transitions: [...EVERY_KIND_OF_MOVE, stray] });
    expect(parts.unplaced).toEqual([stray]);
  });
});

describe('tones and read-outs', () => {
  it('warns when some are past the limit, and says bad when half or more are', () => {
    expect(overdueTone(10, 0)).toBe('neutral');
    expect(overdueTone(10, 1)).toBe('warn');
    expect(overdueTone(10, 5)).toBe('bad');
  });

  it('reads out the count, the overdue, the submissions and the time in state', () => {
    const parts = liveOverlayParts(graph, DISTRICT_YEAR);
    expect(parts.states[stateOfStatus(graph, 'LARP')!.id].description).toBe(
      '212 applications now; 14 past the 15-day limit; 1,480 submitted in the period; time in this state: median 30.5 hours, 90th percentile 4 days (1,265 stays ended in the period)',
    );
    expect(parts.states[stateOfStatus(graph, 'RJT')!.id].description).toBe(
      '981 applications now; no stay in this state ended in the period',
    );
  });
});
