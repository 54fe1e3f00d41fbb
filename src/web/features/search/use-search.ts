import { useMemo } from 'react';
import { useMachine } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { searchMachine, SearchEvent } from '../../../../machines/search';
import type { PersonSearchResult } from '../../../contract/search.contract';
import { useSearchApi } from './search-api';
import { searchLogic } from './search.wiring';
import { inspectOptions } from '../../lib/machine-inspector';

export type SearchSnapshot = SnapshotFrom<typeof searchMachine>;
export type SendSearch = (event: SearchEvent) => void;

/** A search machine for one dialog or page; `manages` adds the page's Edit and Delete. */
export function useSearch(manages: boolean): [SearchSnapshot, SendSearch] {
  const api = useSearchApi();
  const logic = useMemo(() => searchLogic(api), [api]);
  const [snapshot, send] = useMachine(logic, { ...inspectOptions(), input: { manages } });
  return [snapshot, send];
}

/** The rows shown: the machine keeps what the search call answered (searchLogic's actor gives these rows). */
export function resultsOf(snapshot: SearchSnapshot): PersonSearchResult[] {
  return snapshot.context.results as PersonSearchResult[];
}
