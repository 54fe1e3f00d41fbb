import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { idleSessionMachine } from '../../../machines/session';

// The inspector is opt-in: nothing is observed unless the page asked with ?inspect (remembered for the tab's
// session). Each case imports the module afresh, as a page load would.
async function freshInspector() {
  vi.resetModules();
  return import('../../../src/web/lib/machine-inspector');
}

describe('the machine inspector (opt-in)', () => {
  afterEach(() => {
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/');
    vi.restoreAllMocks();
  });

  it('stays off by default: actors get no observer and no window is opened', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const inspector = await freshInspector();
    await inspector.startInspectorIfAsked();
    expect(inspector.inspectOptions()).toEqual({});
    expect(open).not.toHaveBeenCalled();
  });

  it('opens the Stately inspector for ?inspect and observes the actors started afterwards', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    window.history.replaceState(null, '', '/app/dashboard?inspect');
    const inspector = await freshInspector();
    await inspector.startInspectorIfAsked();
    expect(open).toHaveBeenCalledWith(expect.stringContaining('stately.ai'), expect.anything());
    const options = inspector.inspectOptions();
    expect(options.inspect).toBeDefined();
    // An actor started with the options runs under the inspector's observer.
    const actor = createActor(idleSessionMachine, {
      ...options,
      input: { idleTimeoutMs: 60_000, warningTimeoutMs: 10_000 },
    });
    expect(() => {
      actor.start();
      actor.stop();
    }).not.toThrow();
  });

  it('remembers the flag for the session, so a later page of the same tab is inspected too', async () => {
    const { inspectorAsked } = await freshInspector();
    const storage = new Map<string, string>();
    const session = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    };
    expect(inspectorAsked('', session)).toBe(false);
    expect(inspectorAsked('?inspect', session)).toBe(true);
    expect(inspectorAsked('?page=2', session)).toBe(true);
  });
});
