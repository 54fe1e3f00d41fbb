/**
 * A layer of facts drawn over a machine's diagram without touching its layout: a badge on a state (how many
 * applications it holds now, whether a test covered it) and on an arrow (how many moved along it). The lifecycle's
 * live numbers and QA's coverage report are both overlays. Ids are machineGraph's: state node ids and edge ids.
 */
export type OverlayTone = 'neutral' | 'good' | 'warn' | 'bad';

export interface StateOverlay {
  /** Short text on the state's corner, e.g. '1,204' or 'covered'. */
  badge: string;
  tone?: OverlayTone;
  /** Read out after the state's own description, e.g. '1,204 applications now, 12 past the limit'. */
  description?: string;
}

export interface EdgeOverlay {
  /** Short text under the arrow's label, e.g. '318 moved'. */
  badge: string;
  tone?: OverlayTone;
}

export interface DiagramOverlay {
  states: Readonly<Record<string, StateOverlay>>;
  edges: Readonly<Record<string, EdgeOverlay>>;
  /** A click on a state, or Enter / Space while it has focus; only states with an overlay entry respond. */
  onStateActivate?: (stateId: string) => void;
  /** Read out on the states that respond, e.g. 'Press Enter to open its applications.' */
  activateHint?: string;
}

/** The words a screen reader gets for a state: the diagram's own description, then the overlay's facts. */
export function describeWithOverlay(
  description: string,
  stateId: string,
  overlay: DiagramOverlay | undefined,
): string {
  const entry = overlay?.states[stateId];
  if (!entry) return description;
  const facts = entry.description ?? entry.badge;
  const hint = overlay.onStateActivate && overlay.activateHint ? ` ${overlay.activateHint}` : '';
  return `${description} ${facts}.${hint}`;
}

/** Does this state respond to a click or a key? */
export function activatable(overlay: DiagramOverlay | undefined, stateId: string): boolean {
  return Boolean(overlay?.onStateActivate && overlay.states[stateId]);
}
