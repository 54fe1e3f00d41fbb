import { describe, expect, it } from 'vitest';
import { and, createMachine, fromPromise, not, setup } from 'xstate';
import type { AnyStateMachine } from 'xstate';
import { machineRegistry } from '../../machines';
import { machineGraph, machineTransitionRows } from '../../machines/graph';

type Config = Record<string, unknown>;
const toArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Arrows a transition config draws: one per target, one loop when it has none. */
function arrowsOf(transition: unknown): number {
  return toArray(transition).reduce<number>((sum, t) => {
    const target = typeof t === 'string' ? t : (t as Config).target;
    return sum + Math.max(1, toArray(target as string | string[] | undefined).length);
  }, 0);
}

/** Counts the transitions straight from the raw config, without xstate's StateNode API that the graph uses. */
function countTransitions(config: Config): number {
  let count = 0;
  for (const transition of Object.values((config.on ?? {}) as Config)) count += arrowsOf(transition);
  for (const transition of Object.values((config.after ?? {}) as Config)) count += arrowsOf(transition);
  count += arrowsOf(config.always);
  count += arrowsOf(config.onDone);
  for (const invoke of toArray(config.invoke as Config | Config[] | undefined)) {
    count += arrowsOf(invoke.onDone) + arrowsOf(invoke.onError) + arrowsOf(invoke.onSnapshot);
  }
  for (const child of Object.values((config.states ?? {}) as Record<string, Config>)) {
    count += countTransitions(child);
  }
  return count;
}

function countStates(config: Config): number {
  const children = Object.values((config.states ?? {}) as Record<string, Config>);
  return 1 + children.reduce((sum, child) => sum + countStates(child), 0);
}

describe('machineGraph', () => {
  it.each(Object.entries(machineRegistry))('%s: one edge per transition, one node per state', (_, entry) => {
    const machine = entry.machine as AnyStateMachine;
    const graph = machineGraph(machine);
    const config = machine.config as Config;
    expect(graph.edges).toHaveLength(countTransitions(config));
    expect(graph.nodes).toHaveLength(countStates(config));
    const ids = new Set(graph.nodes.map((node) => node.id));
    expect(new Set(graph.edges.map((edge) => edge.id)).size).toBe(graph.edges.length);
    for (const edge of graph.edges) {
      expect(ids.has(edge.source) && ids.has(edge.target), edge.id).toBe(true);
      expect(edge.event).not.toMatch(/^xstate\./);
    }
  });

  // An anonymous guard reads as 'guard' (the property's name) or 'inline guard' on a diagram, which tells a reader
  // nothing: every guard of every machine is named in its setup, so the drawing says what must hold.
  it.each(Object.entries(machineRegistry))(
    '%s: every guard has a name that says what it checks',
    (_, entry) => {
      const guards = machineGraph(entry.machine as AnyStateMachine)
        .edges.map((edge) => edge.guard)
        .filter((guard): guard is string => guard !== null);
      const names = guards
        .flatMap((guard) => guard.replace(/[()]/g, '').split(/ and | or /))
        .map((name) => name.replace(/^not /, '').trim());
      expect(names.filter((name) => /^(guard|inline guard|)$/.test(name))).toEqual([]);
    },
  );

  it('names the guard and the role of every lifecycle arrow', () => {
    const graph = machineGraph(machineRegistry.applicationLifecycle.machine);
    const rectify = graph.edges.find(
      (edge) =>
        edge.source === 'applicationLifecycle.pendingAtWard' &&
        edge.event === 'application.requestRectification',
    );
    expect(rectify).toMatchObject({
      target: 'applicationLifecycle.returnedForRectification',
      guard: 'isWardModerator and hasRectificationRemarks',
      roles: ['MODERATOR'],
      label: 'application.requestRectification [isWardModerator and hasRectificationRemarks] (MODERATOR)',
    });
    const decline = graph.edges.find((edge) => edge.event === 'application.decline');
    expect(decline?.roles).toEqual(['SUPERMODERATOR', 'VERIFIER']);
    // Every lifecycle step is taken by someone: no arrow without a guard naming its role.
    for (const edge of graph.edges) {
      expect(edge.guard, edge.id).not.toBeNull();
      expect(edge.roles.length, edge.id).toBeGreaterThan(0);
    }
    const ward = graph.nodes.find((node) => node.id === 'applicationLifecycle.pendingAtWard');
    expect(ward).toMatchObject({
      status: 'LARP',
      tags: ['holder.ward'],
      initial: true,
      parentId: 'applicationLifecycle',
    });
    expect(graph.nodes.find((node) => node.key === 'rejected')?.type).toBe('final');
  });

  it('reads eventless, delayed, invoked, targetless and nested transitions with readable names', () => {
    const machine = setup({
      guards: { isClerk: () => true, ready: () => true },
      actors: { loadThing: fromPromise(async () => 1) },
    }).createMachine({
      id: 'sample',
      meta: { guardRoles: { isClerk: ['CLERK'] } },
      initial: 'start',
      on: { reset: '.start' },
      states: {
        start: { always: { guard: 'ready', target: 'loading' }, after: { 90000: 'done' } },
        loading: {
          invoke: { src: 'loadThing', onDone: 'both', onError: 'start' },
          on: { ping: { actions: [] }, go: { guard: and(['isClerk', not('ready')]), target: 'done' } },
        },
        both: {
          type: 'parallel',
          onDone: 'done',
          states: { a: { initial: 'x', states: { x: {}, hist: { type: 'history' } } }, b: {} },
        },
        done: { type: 'final' },
      },
    });
    const rows = machineTransitionRows(machineGraph(machine));
    expect(rows).toEqual([
      { from: 'sample (any state)', event: 'reset', to: 'start', guard: '', roles: '' },
      { from: 'start', event: 'after 90 s', to: 'done', guard: '', roles: '' },
      { from: 'start', event: 'always', to: 'loading', guard: 'ready', roles: '' },
      { from: 'loading', event: 'ping', to: 'loading', guard: '', roles: '' },
      { from: 'loading', event: 'go', to: 'done', guard: 'isClerk and not ready', roles: 'CLERK' },
      { from: 'loading', event: 'loadThing.done', to: 'both', guard: '', roles: '' },
      { from: 'loading', event: 'loadThing.error', to: 'start', guard: '', roles: '' },
      { from: 'both', event: 'done', to: 'done', guard: '', roles: '' },
    ]);
    const types = Object.fromEntries(machineGraph(machine).nodes.map((node) => [node.key, node.type]));
    expect(types).toMatchObject({ sample: 'compound', both: 'parallel', hist: 'history', done: 'final' });
    expect(machineGraph(createMachine({ id: 'empty' })).edges).toEqual([]);
  });

  it('spells combined guards out even when a minifier has renamed the combinators (browser bundle)', () => {
    const minified = <T extends object>(guard: T): T => Object.defineProperty(guard, 'name', { value: 't' });
    const guard = minified(and(['isClerk', minified(not('ready'))]));
    const machine = createMachine({
      id: 'minified',
      meta: { guardRoles: { isClerk: ['CLERK'], ready: ['NOBODY'] } },
      initial: 'a',
      states: { a: { on: { go: { guard, target: 'b' } } }, b: {} },
    });
    const [edge] = machineGraph(machine).edges;
    expect(edge.guard).toBe('isClerk and not ready');
    expect(edge.roles).toEqual(['CLERK']);
  });
});
