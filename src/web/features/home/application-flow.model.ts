import type { AnyStateMachine, AnyStateNode } from 'xstate';
import {
  HOLDER_LABELS,
  STATUS_MEANINGS,
  type Holder,
  type LifecycleStateMeta,
} from '../../../../machines/application';

/**
 * The Application Flow tutorial, read from the lifecycle machine itself (never a hand-copied list): each
 * top-level state becomes a stage with its stored status code, what the code means, who holds the case there
 * (the states' `holder.*` tags, also of nested states) and where it can go next (the machine's transitions).
 */
export interface FlowStage {
  key: string;
  /** The stored status code (LARP ...) or null for the closed states (deleted, cancelled). */
  status: string | null;
  title: string;
  holders: string[];
  next: Array<{ action: string; to: string }>;
  final: boolean;
}

/** 'application.recommendApproval' -> 'recommend approval'; 'tenant.vacate' -> 'tenant vacates'. */
export function actionWords(eventType: string): string {
  const [subject, verb = ''] = eventType.split('.');
  const words = verb.replace(/([A-Z])/g, ' $1').toLowerCase();
  return subject === 'application' ? words : `${subject} ${words}s`;
}

const holderLabel = (tag: string) => HOLDER_LABELS[tag.replace(/^holder\./, '') as Holder] ?? tag;

function descendants(node: AnyStateNode): AnyStateNode[] {
  const children = Object.values(node.states) as AnyStateNode[];
  return [node, ...children.flatMap(descendants)];
}

function titleOf(node: AnyStateNode): string {
  const meta = (node.meta ?? {}) as LifecycleStateMeta;
  if (meta.status) return STATUS_MEANINGS[meta.status];
  if (meta.closed === 'deleted') return 'Withdrawn (deleted) before a decision';
  if (meta.closed === 'cancelled') return 'Cancelled: the rental unit was vacated before a decision';
  return node.key;
}

export function flowStages(machine: AnyStateMachine): FlowStage[] {
  const topLevel = Object.values(machine.root.states) as AnyStateNode[];
  const titles = new Map(topLevel.map((node) => [node, titleOf(node)]));
  const topOf = (node: AnyStateNode): AnyStateNode =>
    node.parent && node.parent !== machine.root ? topOf(node.parent) : node;

  return topLevel.map((node) => {
    const meta = (node.meta ?? {}) as LifecycleStateMeta;
    const holders = [...new Set(descendants(node).flatMap((n) => n.tags.map(holderLabel)))];
    const next: FlowStage['next'] = [];
    for (const n of descendants(node)) {
      for (const [eventType, transitions] of n.transitions) {
        for (const t of transitions) {
          for (const target of t.target ?? []) {
            const to = topOf(target as AnyStateNode);
            const entry = { action: actionWords(eventType), to: titles.get(to) ?? to.key };
            if (to !== node && !next.some((e) => e.action === entry.action && e.to === entry.to))
              next.push(entry);
          }
        }
      }
    }
    return {
      key: node.key,
      status: meta.status ?? null,
      title: titles.get(node) ?? node.key,
      holders,
      next,
      final: node.type === 'final',
    };
  });
}
