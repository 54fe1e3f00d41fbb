import { and, not, or, type AnyStateMachine, type AnyStateNode } from 'xstate';

/**
 * Draws a machine as a Mermaid state diagram, straight from its definition, so the analysts' workflow
 * pictures (docs/application-lifecycle.md, the workflow explorer) cannot drift from the code.
 */
type GuardLike = string | { type: string } | ((...args: never[]) => unknown) | undefined;

type GuardCombinator = 'and' | 'or' | 'not';

/**
 * Which of xstate's `and` / `or` / `not` made a guard, told by the evaluator they share rather than by the
 * function's name: a production build minifies names, so `guard.name === 'and'` holds in Node but not in the
 * browser bundle.
 */
const COMBINATOR_CHECKS = new Map<unknown, GuardCombinator>([
  [(and([]) as unknown as { check: unknown }).check, 'and'],
  [(or([]) as unknown as { check: unknown }).check, 'or'],
  [(not('x') as unknown as { check: unknown }).check, 'not'],
]);

export function guardCombinator(guard: unknown): GuardCombinator | null {
  if (typeof guard !== 'function') return null;
  return COMBINATOR_CHECKS.get((guard as { check?: unknown }).check) ?? null;
}

/** Names a guard, spelling out `and` / `or` / `not` combinations in words. */
export function describeGuard(guard: GuardLike): string {
  if (guard === undefined) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const parts = ((guard as { guards?: GuardLike[] }).guards ?? []).map(describeGuard);
    const combinator = guardCombinator(guard);
    if (combinator === 'and') return `(${parts.join(' and ')})`;
    if (combinator === 'or') return `(${parts.join(' or ')})`;
    if (combinator === 'not') return `not ${parts[0]}`;
    return guard.name || 'inline guard';
  }
  return guard.type;
}

function stripOuterParens(text: string): string {
  return text.startsWith('(') && text.endsWith(')') ? text.slice(1, -1) : text;
}

function describeState(node: AnyStateNode): string | null {
  const meta = (node.meta ?? {}) as { status?: string; closed?: string };
  const holders = node.tags.map((tag) => tag.replace(/^holder\./, 'held by '));
  const parts = [meta.status, meta.closed && `closed (${meta.closed})`, ...holders].filter(Boolean);
  return parts.length > 0 ? `${node.key}: ${parts.join(', ')}` : null;
}

function drawNode(node: AnyStateNode, indent: string, lines: string[]): void {
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length > 0) {
    if (node.parent) lines.push(`${indent}state ${node.key} {`);
    const inner = node.parent ? `${indent}  ` : indent;
    if (node.initial) {
      const initialTarget = node.initial.target[0] as AnyStateNode;
      lines.push(`${inner}[*] --> ${initialTarget.key}`);
    }
    children.forEach((child) => drawNode(child, inner, lines));
    if (node.parent) lines.push(`${indent}}`);
  }
  if (!node.parent) return;
  const description = describeState(node);
  if (description) lines.push(`${indent}${description}`);
  for (const [eventType, transitions] of node.transitions) {
    for (const t of transitions) {
      const guard = stripOuterParens(describeGuard(t.guard));
      const label = guard ? `${eventType} [${guard}]` : eventType;
      for (const target of t.target ?? []) lines.push(`${indent}${node.key} --> ${target.key}: ${label}`);
    }
  }
  if (node.type === 'final') lines.push(`${indent}${node.key} --> [*]`);
}

export function toMermaidStateDiagram(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  drawNode(machine.root, '  ', lines);
  return lines.join('\n');
}
