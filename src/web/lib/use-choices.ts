import { useEffect, useState } from 'react';

export type Choice = { value: string; label: string };

/**
 * A picker's choices, loaded when its parent is chosen; none (and no call) while it is not. Used by the report's
 * and the lifecycle insights' cascading place pickers (station > locality > ward).
 */
export function useChoices(
  parent: string | null,
  load: (code: string, signal: AbortSignal) => Promise<Choice[]>,
): Choice[] {
  const [loaded, setLoaded] = useState<{ parent: string; choices: Choice[] } | null>(null);
  useEffect(() => {
    if (parent === null) return;
    const controller = new AbortController();
    load(parent, controller.signal).then(
      (choices) => setLoaded({ parent, choices }),
      () => setLoaded({ parent, choices: [] }),
    );
    return () => controller.abort();
    // `load` is a fresh closure each render; the parent alone decides what to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [parent]);
  // Choices of an earlier parent are never offered under a new one.
  return loaded && loaded.parent === parent ? loaded.choices : [];
}
