import type { MachineGraphEdge, MachineGraphNode } from '../../../../machines/graph';
import { wrapText } from './text-metrics';

/** Guards and role lists longer than this break over several lines under the event name. */
const LABEL_WRAP_WIDTH = 250;

/** `holder.ward` reads 'held by ward'; other tags are shown as they are. */
export function tagText(tag: string): string {
  return tag.startsWith('holder.') ? `held by ${tag.slice('holder.'.length)}` : `tag: ${tag}`;
}

/** The lines written in a state's box: its name, its stored status and who holds the case. */
export function stateLines(node: MachineGraphNode): string[] {
  const lines = [node.label];
  if (node.status) lines.push(`status ${node.status}`);
  lines.push(...node.tags.map(tagText));
  return lines;
}

export interface LabelLine {
  text: string;
  kind: 'event' | 'guard' | 'roles';
}

/** `event`, then `[guard]`, then `(ROLES)`: the label `event [guard] (ROLE)` laid over a few short lines. */
export function edgeLabelLines(edge: MachineGraphEdge): LabelLine[] {
  const lines: LabelLine[] = [{ text: edge.event, kind: 'event' }];
  if (edge.guard) {
    lines.push(
      ...wrapText(`[${edge.guard}]`, LABEL_WRAP_WIDTH).map((text) => ({ text, kind: 'guard' as const })),
    );
  }
  if (edge.roles.length > 0) {
    const roles = wrapText(`(${edge.roles.join(', ')})`, LABEL_WRAP_WIDTH);
    lines.push(...roles.map((text) => ({ text, kind: 'roles' as const })));
  }
  return lines;
}
