import type { SnapshotFrom } from 'xstate';
import type { searchMachine } from './search.machine';

/** What the search views read from the machine (never a second copy of its rules). */
type Snapshot = SnapshotFrom<typeof searchMachine>;

export const isSearchBusy = (s: Snapshot) => s.hasTag('busy');
export const canSearch = (s: Snapshot) => s.can({ type: 'search' });
export const canReset = (s: Snapshot) => !s.hasTag('busy');
export const showsResults = (s: Snapshot) =>
  s.matches('results') || s.matches('confirmingDelete') || s.matches('deleting');
export const showsEmpty = (s: Snapshot) => s.matches('empty');
export const isConfirmingDelete = (s: Snapshot) => s.matches('confirmingDelete');
export const isDeleting = (s: Snapshot) => s.matches('deleting');
export const isEditing = (s: Snapshot) => s.matches('editing');
/** Edit and Delete are offered on this row. */
export const canManageRow = (s: Snapshot, id: number) =>
  s.can({ type: 'tenant.delete', id }) && s.can({ type: 'tenant.edit', id });
