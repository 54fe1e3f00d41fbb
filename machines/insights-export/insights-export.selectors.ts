import type { SnapshotFrom } from 'xstate';
import type { insightsExportMachine } from './insights-export.machine';
import type { ExportProgress } from './insights-export.types';

type ExportSnapshot = SnapshotFrom<typeof insightsExportMachine>;

/** The view states of the export panel, one per leaf state. */
export type ExportView = 'idle' | 'exporting' | 'done' | 'empty' | 'failed' | 'cancelled';

export function exportView(s: ExportSnapshot): ExportView {
  if (s.matches('exporting')) return 'exporting';
  if (s.matches({ ready: 'done' })) return 'done';
  if (s.matches({ ready: 'empty' })) return 'empty';
  if (s.matches({ ready: 'failed' })) return 'failed';
  if (s.matches({ ready: 'cancelled' })) return 'cancelled';
  return 'idle';
}

/** The Download button and the format picker are offered unless a download runs. */
export const canStart = (s: ExportSnapshot) => s.can({ type: 'export.start', filter: { from: '', to: '' } });
export const canCancel = (s: ExportSnapshot) => s.can({ type: 'export.cancel' });

/** Whole percent of the events received, or null when the server sent no count (or a count of zero). */
export function percentOf(progress: ExportProgress): number | null {
  if (progress.total === null || progress.total === 0) return null;
  return Math.min(100, Math.floor((progress.events / progress.total) * 100));
}
